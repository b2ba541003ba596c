// Runs independent calls a few at a time: statements planned or requests sent in any order, where one after another
// leaves the database's second core idle while each waits for its round trip.

/** Calls `work` for every item, at most `size` at once; rejects with the first failure (after the running ones end). */
export async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  if (failure) throw failure.error;
}

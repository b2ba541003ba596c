// Statements of one transaction sent without waiting for each other's answers. The Bolt driver sends each at once on
// the transaction's connection and Neo4j runs them in the order sent, so while the database runs one statement the
// service already packs and sends the next (a bulk pedigree write's relationship and history lists are hundreds of
// thousands of strings). Only for statements whose answers decide nothing before the last of them is sent: writes
// after every check.

export class Pipeline {
  private readonly sent: Array<Promise<unknown>> = [];

  /** Sends a statement (a started run, or a step that runs some): its answer is awaited by `settle`, or by the caller. */
  send<T>(pending: Promise<T>): Promise<T> {
    // Observed by settle(): a failure before then is not an unhandled rejection.
    pending.catch(() => undefined);
    this.sent.push(pending);
    return pending;
  }

  /** Waits for every statement sent; throws the first failure in the order they were sent. */
  async settle(): Promise<void> {
    for (const pending of this.sent) await pending;
  }
}

// A test file's own DbIds: a prefix unique to this run (so another file, or a rerun on a kept database, never meets
// them), and the parent references of the trees it posts to /pedigree.
export function runIds(prefix: string) {
  const run = `${prefix}${Date.now().toString(36)}`;
  const id = (name: string) => `${run}-${name}`;
  /** A parent by DbId and by the name its tree gives it. */
  const ref = (name: string, parentType: string) => ({ germplasmDbId: id(name), germplasmName: name, parentType });
  /** A parent by DbId alone. */
  const refById = (name: string, parentType: string) => ({ germplasmDbId: id(name), parentType });
  return { run, id, ref, refById };
}

// The parent sets a germplasm may have, one rule set for every write path (POST and PUT /pedigree, the importer and
// the demo loader, which all write through uploadPedigree): checked on the graph as it stands after the write, so
// parents already stored count too.
// - SELF: one parent, the line it was selfed from, and no other (a selfing has one parent by definition).
// - CLONAL: one parent, and no other (a clone is its parent's genotype).
// - FEMALE and MALE: at most one of each (a biparental cross).
// - POPULATION: any number, alone (a synthetic or bulk of several sources) or beside one FEMALE (an open-pollinated
//   or half-sib family: the mother is known, the pollen came from the population), but not beside a MALE: a known
//   pollen parent makes it a cross, whose female is then named as FEMALE.
import type { ParentType } from './types.js';

/** Why this set of parent types is impossible, or undefined when it is allowed. */
export function parentSetProblem(types: ParentType[]): string | undefined {
  // One counting pass: an upload asks this for every child it writes (20,000 per batch of a bulk load).
  const n = { MALE: 0, FEMALE: 0, SELF: 0, POPULATION: 0, CLONAL: 0 };
  for (const t of types) n[t]++;
  for (const single of ['SELF', 'CLONAL'] as const) {
    if (n[single] > 1) return `has ${n[single]} ${single} parents; a ${single === 'SELF' ? 'selfed' : 'clonal'} line has one parent`;
    if (n[single] === 1 && types.length > 1) {
      const others = [...new Set(types.filter((t) => t !== single))].sort().join(', ');
      return `has a ${single} parent and other parents (${others}); a ${single === 'SELF' ? 'selfed' : 'clonal'} line has only the line it comes from`;
    }
  }
  for (const sex of ['FEMALE', 'MALE'] as const) {
    if (n[sex] > 1) return `has ${n[sex]} ${sex} parents; a cross has one FEMALE and one MALE`;
  }
  if (n.MALE && n.POPULATION) {
    return 'has a MALE parent and POPULATION parents; a population goes with a FEMALE parent only (an open-pollinated family)';
  }
  return undefined;
}

// Two germplasm side by side, from their pedigree (pure computation, no database): their common ancestors, how many
// generations each is from each of the two, and which are the most recent; the shortest path between them through
// the pedigree as steps to a parent or a child. Their coefficient of parentage is the kinship extension's
// (../kinship/kinship.ts), computed on the same records.
//
// A germplasm counts as its own ancestor at generation 0 (as in Malécot's and Wright's path counting, where a
// germplasm that is an ancestor of the other is their common ancestor): so when one descends from the other, the
// ancestor itself is their most recent common ancestor, and a germplasm compared with itself is its own.
// Generations are the fewest PARENT relationships from the germplasm up to the ancestor (a shorter path wins when
// several lead there). A common ancestor is "most recent" when none of its descendants is also a common ancestor
// (for full sibs, both parents; for half sibs, the shared parent; for a backcross and its recurrent parent, that
// parent itself).
import type { PedigreeRecord } from '../kinship/kinship.js';

export interface CommonAncestor {
  germplasmDbId: string;
  germplasmName: string | null;
  generationsFromFirst: number;
  generationsFromSecond: number;
  mostRecent: boolean;
}

export type StepDirection = 'PARENT' | 'CHILD';

export interface PathStep {
  fromDbId: string;
  toDbId: string;
  /** PARENT: `to` is a parent of `from` (a step up the pedigree); CHILD: `to` is a child of `from`. */
  direction: StepDirection;
  parentType: string;
}

export interface PedigreePath {
  /** PARENT relationships on the path (0 for a germplasm with itself). */
  length: number;
  germplasm: Array<{ germplasmDbId: string; germplasmName: string | null }>;
  steps: PathStep[];
}

/** The path as the statement reads it: its germplasm in order and its relationships (child -> parent). */
export interface RawPath {
  germplasm: Array<{ germplasmDbId: string; germplasmName: string | null }>;
  edges: Array<{ child: string; parent: string; parentType: string }>;
}

/** The fewest generations from `from` up to each of its ancestors (itself at 0), breadth first. */
export function generationsUp(parentsOf: Map<string, string[]>, from: string): Map<string, number> {
  const found = new Map([[from, 0]]);
  let level = [from];
  for (let depth = 1; level.length; depth++) {
    const next: string[] = [];
    for (const id of level) {
      for (const p of parentsOf.get(id) ?? []) {
        if (found.has(p)) continue;
        found.set(p, depth);
        next.push(p);
      }
    }
    level = next;
  }
  return found;
}

/**
 * The common ancestors of `first` and `second` from `records` (both and all their ancestors), nearest first (the sum
 * of the two generation counts, then DbId).
 */
export function commonAncestors(records: PedigreeRecord[], first: string, second: string): CommonAncestor[] {
  const parentsOf = new Map(records.map((r) => [r.germplasmDbId, r.parents.map((p) => p.germplasmDbId)]));
  const names = new Map(records.map((r) => [r.germplasmDbId, r.germplasmName]));
  const fromFirst = generationsUp(parentsOf, first);
  const fromSecond = generationsUp(parentsOf, second);
  const common = [...fromFirst.keys()].filter((id) => fromSecond.has(id));
  // Every proper ancestor of a common ancestor is a common ancestor too: those are the ones that are not most recent.
  const above = new Set<string>();
  let level = common.flatMap((id) => parentsOf.get(id) ?? []);
  while (level.length) {
    const next: string[] = [];
    for (const id of level) {
      if (above.has(id)) continue;
      above.add(id);
      next.push(...(parentsOf.get(id) ?? []));
    }
    level = next;
  }
  return common
    .map((id) => ({
      germplasmDbId: id,
      germplasmName: names.get(id) ?? null,
      generationsFromFirst: fromFirst.get(id)!,
      generationsFromSecond: fromSecond.get(id)!,
      mostRecent: !above.has(id),
    }))
    .sort((x, y) =>
      x.generationsFromFirst + x.generationsFromSecond - (y.generationsFromFirst + y.generationsFromSecond) ||
      (x.germplasmDbId < y.germplasmDbId ? -1 : x.germplasmDbId > y.germplasmDbId ? 1 : 0));
}

/** The path answered: the one germplasm for a germplasm with itself, null when nothing joins the two. */
export function pedigreePath(raw: RawPath | null, first: { germplasmDbId: string; germplasmName: string | null }, same: boolean): PedigreePath | null {
  if (same) return { length: 0, germplasm: [first], steps: [] };
  if (!raw) return null;
  const steps = raw.edges.map((edge, i): PathStep => {
    const from = raw.germplasm[i].germplasmDbId;
    const up = edge.child === from;
    return { fromDbId: from, toDbId: raw.germplasm[i + 1].germplasmDbId, direction: up ? 'PARENT' : 'CHILD', parentType: edge.parentType };
  });
  return { length: steps.length, germplasm: raw.germplasm, steps };
}

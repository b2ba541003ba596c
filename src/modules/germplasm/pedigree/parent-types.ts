// What a write that adds parents (POST /pedigree, the importer) does with a relationship that is already stored
// with another type. POPULATION is what a source says when it does not know the sex (Helium OTHER, a parent column
// without a type), so it never replaces a known type (FEMALE, MALE, SELF, CLONAL): the stored type is kept and the
// write reports it. A different known type (FEMALE where MALE is stored) changes only with an explicit option
// (`replace`: PUT, which states the whole parent set, or replaceParentTypes); otherwise the child is a conflict and
// nothing of it is written. A POPULATION relationship given a known type gains it (a type change, reported).
// Where the stored parents (their types kept) and the given ones together break the parent-set rules
// (parent-sets.ts), the child is a conflict too, reported with both sets: never resolved by downgrading a type.
import { parentSetProblem } from './parent-sets.js';
import type { Edge, ParentRef, ParentType, Problem } from './types.js';

export type ParentTypePolicy = 'keep' | 'replace';

/** A stored PARENT relationship, with the parent's name for reports. */
export type StoredParent = {
  child: string;
  parent: string;
  parentType: ParentType;
  name: string;
};

export interface TypeChange {
  child: string;
  parent: string;
  from: ParentType;
  to: ParentType;
}

/** A relationship given as POPULATION (no sex) that kept its stored type. */
export interface KeptType {
  child: string;
  parent: string;
  parentType: ParentType;
}

/** A child whose given parents do not go with its stored ones: both sets, for the curator to decide. */
export type ParentConflict = Problem & Required<Pick<Problem, 'conflict'>>;

export interface Reconciled {
  /** The edges to write: those given, a kept type in place of a POPULATION one. */
  edges: Edge[];
  kept: KeptType[];
  typeChanges: TypeChange[];
  conflicts: ParentConflict[];
}

const ref = (parent: string, germplasmName: string, parentType: ParentType): ParentRef => ({ germplasmDbId: parent, germplasmName, parentType });
const words = (refs: ParentRef[]) => refs.map((r) => `${r.germplasmName} ${r.parentType}`).join(', ') || 'none';

/**
 * The edges of a write against the parents stored before it (`stored`, by child: only children that exist).
 * `nameOf` names a parent that is not stored yet (for the conflicts' sets).
 */
export function reconcileParentTypes(edges: Edge[], stored: Map<string, StoredParent[]>, policy: ParentTypePolicy, nameOf: (id: string) => string): Reconciled {
  const out: Reconciled = { edges: [], kept: [], typeChanges: [], conflicts: [] };
  const byChild = new Map<string, Edge[]>();
  for (const e of edges) {
    const list = byChild.get(e.child);
    if (list) list.push(e);
    else byChild.set(e.child, [e]);
  }
  for (const [child, given] of byChild) {
    const before = stored.get(child) ?? [];
    if (before.length === 0) {
      out.edges.push(...given);
      continue;
    }
    const old = new Map(before.map((s) => [s.parent, s]));
    const name = (id: string) => old.get(id)?.name ?? nameOf(id);
    const written: Edge[] = [];
    const kept: KeptType[] = [];
    const changes: TypeChange[] = [];
    const refused: string[] = [];
    for (const e of given) {
      const was = old.get(e.parent)?.parentType;
      if (was === undefined || was === e.parentType) written.push(e);
      else if (policy === 'replace' || was === 'POPULATION') {
        written.push(e);
        changes.push({ child, parent: e.parent, from: was, to: e.parentType });
      } else if (e.parentType === 'POPULATION') {
        written.push({ ...e, parentType: was });
        kept.push({ child, parent: e.parent, parentType: was });
      } else {
        refused.push(`${name(e.parent)} is stored as ${was} and given as ${e.parentType} (a known parent type changes only with replaceParentTypes, --replace-parent-types on the import, or PUT)`);
      }
    }
    // The parents the child would have: the stored ones, with the types written, and the new ones.
    const types = new Map(before.map((s) => [s.parent, s.parentType]));
    for (const e of written) types.set(e.parent, e.parentType);
    const setProblem = policy === 'keep' ? parentSetProblem([...types.values()]) : undefined;
    if (refused.length || setProblem) {
      const storedSet = before.map((s) => ref(s.parent, s.name, s.parentType)).sort(byTypeAndName);
      const givenSet = given.map((e) => ref(e.parent, name(e.parent), e.parentType));
      const would = [...types].map(([id, t]) => ref(id, name(id), t)).sort(byTypeAndName);
      const reason = refused.length
        ? `${refused.join('; ')} (stored: ${words(storedSet)}; given: ${words(givenSet)})`
        : `${setProblem} (it would have: ${words(would)}) if the stored parents were kept and the given ones added ` +
          `(stored: ${words(storedSet)}; given: ${words(givenSet)}); no stored type is downgraded to make them fit`;
      out.conflicts.push({ germplasmDbId: child, reason, conflict: { stored: storedSet, given: givenSet } });
      continue;
    }
    out.edges.push(...written);
    out.kept.push(...kept);
    out.typeChanges.push(...changes);
  }
  return out;
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** The order check-parent-types.cypher lists a set in, so a message reads the same every time. */
const byTypeAndName = (a: ParentRef, b: ParentRef) => compare(a.parentType, b.parentType) || compare(a.germplasmName, b.germplasmName);

// The suite's graph read and cleaned directly, for what a test checks or leaves behind beside the API.
import { HISTORY_LINKS } from '../../src/modules/germplasm/pedigree/commands/recordPedigreeChanges.js';
import type { Graph } from '../../src/graph/port.js';
import { server } from './server.js';

/** The `n` of a counting statement (`... RETURN count(x) AS n`) on the suite's database, or on `graph`. */
export async function count(cypher: string, params: Record<string, unknown> = {}, graph: Graph = server().graph): Promise<number> {
  const [row] = await graph.read<{ n: number }>(cypher, params);
  return row.n;
}

/** A label, property or relationship type name written by a test (never a value from a request): checked, then written into Cypher. */
function name(text: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(text)) throw new Error(`not a label, property or relationship type name: ${text}`);
  return text;
}

/**
 * Nodes a removed node owns, removed with it: those at the other end of a relationship of `type` leaving it (`out`)
 * or reaching it (`in`), such as an image's content or a germplasm's pedigree history.
 */
export interface Owned {
  type: string;
  dir: 'out' | 'in';
}

/** A germplasm's pedigree history entries, removed with it. */
export const HISTORY: Owned[] = HISTORY_LINKS.types.map((type) => ({ type, dir: 'in' }));

/** The OPTIONAL MATCHes of what `n` owns and the variables they bind, to delete with `n`. */
function ownedClauses(owned: Owned[]): { match: string; vars: string[] } {
  const vars = owned.map((_, i) => `o${i}`);
  const match = owned
    .map(({ type, dir }, i) => (dir === 'out' ? ` OPTIONAL MATCH (n)-[:${name(type)}]->(o${i})` : ` OPTIONAL MATCH (n)<-[:${name(type)}]-(o${i})`))
    .join('');
  return { match, vars };
}

/**
 * Deletes, with their relationships, the nodes of `label` whose `prop` is one of `values` (what a test created, by
 * DbId), or, given `{ startsWith }`, begins with that text (a test's own DbId prefix); and the nodes they `own`.
 * The label keeps it an index lookup.
 */
export async function removeNodes(
  label: string,
  prop: string,
  values: unknown[] | { startsWith: string },
  owned: Owned[] = [],
): Promise<void> {
  const where = Array.isArray(values) ? `n.${name(prop)} IN $values` : `n.${name(prop)} STARTS WITH $values`;
  const { match, vars } = ownedClauses(owned);
  await server().graph.write(`MATCH (n:${name(label)}) WHERE ${where}${match} DETACH DELETE ${['n', ...vars].join(', ')}`, {
    values: Array.isArray(values) ? values : values.startsWith,
  });
}

/**
 * Removes what test/support/breeding-records.ts posted under a run's prefix (the names it gave): its variables with
 * their observations, trait, method and scale; its studies with their observation units; its germplasm (DbIds) with
 * their pedigree history. Left behind, thousands of units would crowd the first page of other files' unit lists.
 */
export async function removeBreedingRecords(prefix: string): Promise<void> {
  const variableParts: Owned[] = [{ type: 'OF_VARIABLE', dir: 'in' }, { type: 'MEASURES', dir: 'out' }, { type: 'USES_METHOD', dir: 'out' }, { type: 'ON_SCALE', dir: 'out' }];
  await removeNodes('ObservationVariable', 'observationVariableName', { startsWith: prefix }, variableParts);
  await removeNodes('Study', 'studyName', { startsWith: prefix }, [{ type: 'IN_STUDY', dir: 'in' }]);
  await removeNodes('Germplasm', 'germplasmDbId', { startsWith: prefix }, HISTORY);
}

/** Removes the germplasm a file posted under its run's DbId prefix (test/support/run-ids.ts), with their pedigree history. */
export function removeRun(run: string): Promise<void> {
  return removeNodes('Germplasm', 'germplasmDbId', { startsWith: run }, HISTORY);
}

/** Deletes the records a test made, each named by label, DbId property and DbId (one statement per label and property). */
export async function removeRecords(records: Array<{ label: string; idProp: string; id: unknown }>, owned: Owned[] = []): Promise<void> {
  const groups = new Map<string, { label: string; idProp: string; ids: unknown[] }>();
  for (const { label, idProp, id } of records) {
    const key = `${label}.${idProp}`;
    if (!groups.has(key)) groups.set(key, { label, idProp, ids: [] });
    groups.get(key)!.ids.push(id);
  }
  for (const { label, idProp, ids } of groups.values()) await removeNodes(label, idProp, ids, owned);
}

/** `{ prop: ids }` for each of `props`: any node whose DbIds (its own or a reference) are among `ids`, for removeWhere. */
export function byIds(props: string[], ids: unknown[]): Record<string, unknown[]> {
  return Object.fromEntries(props.map((prop) => [prop, ids]));
}

/**
 * Deletes, with their relationships, every node (of `label`, when given; never of `unless`) in which one of the
 * properties `where` names holds one of the values listed for it: what a test made across entities, found by the
 * DbIds it created or the references they carry (`{ studyDbId: [study] }`) or by a marker property (`{ fooTest: [true] }`).
 * Without a label it reads every node: removeNodes is the index lookup for one label and property.
 */
export async function removeWhere(
  where: Record<string, unknown[]>,
  options: { label?: string; unless?: string; owned?: Owned[] } = {},
): Promise<void> {
  const { label, unless, owned = [] } = options;
  const { match, vars } = ownedClauses(owned);
  await server().graph.write(
    `MATCH (n${label ? `:${name(label)}` : ''}) WHERE any(c IN $where WHERE n[c.prop] IN c.values)${unless ? ` AND NOT n:${name(unless)}` : ''}${match}
     DETACH DELETE ${['n', ...vars].join(', ')}`,
    { where: Object.entries(where).map(([prop, values]) => ({ prop: name(prop), values })) },
  );
}

// Generated Cypher for the generic entity operations. Only identifiers from the entity declaration are
// interpolated; every value is a parameter.
import { matchFiltered, type CompiledFilter } from './filters.js';
import type { EntityDef, RefSpec } from './types.js';

/**
 * `{props, refs}` for node `n`: its stored properties and, per reference shown from the graph, `{id, name}` or null
 * (a list of `{i, id, name}` for a `many` reference), with the target's own projection as `record` for an embedded
 * one (whose entity declares no computed fields: those are written over `n`), the members it `shows` for a
 * reference inside a JSON field, and the entity's `fromGraph` read. Other references with a `key` live in their JSON
 * field alone.
 */
export function projection(entity: EntityDef, node = 'n'): string {
  const refs = entity.refs.flatMap((ref, i) => (ref.key && !ref.embed && !ref.shows ? [] : [`${refKey(i)}: ${refExpr(ref, node, i)}`]));
  // Computed expressions are written over `n`, the node every generated read uses.
  const computed = Object.values(entity.computed ?? {}).map((expr, i) => `${computedKey(i)}: ${expr}`);
  const fromGraph = entity.fromGraph ? `, fromGraph: ${entity.fromGraph.read(node)}` : '';
  return `{props: properties(${node}), refs: {${refs.join(', ')}}${computed.length ? `, computed: {${computed.join(', ')}}` : ''}${fromGraph}}`;
}

export function computedKey(i: number): string {
  return `c${i}`;
}

/** `$rows` of {id, value}: the rows whose computed field (`expr`) is not `value` once written, with the actual value. */
export function computedMismatchQuery(entity: EntityDef, expr: string): string {
  return `UNWIND $rows AS row ${byId(entity, 'row.id')} WITH row, ${expr} AS actual WHERE actual IS NULL OR actual <> row.value RETURN row.id AS id, row.value AS value, actual`;
}

/**
 * The fields a record shows from the graph, with the Cypher expression over `n` that gives each: the computed ones,
 * and the names of referenced records (`nameField`; a list, in the reference's order, for a `many` reference).
 */
export function shownFields(entity: EntityDef): Array<[string, string]> {
  const names = entity.refs.filter((ref) => ref.nameField && ref.nameExpr).map((ref): [string, string] => [ref.nameField!, ref.many
    ? `COLLECT { MATCH (n)-[r:${ref.rel}]->(t:${ref.target.label}) RETURN ${ref.nameExpr} AS name ORDER BY r.i }`
    : `head([(n)-[:${ref.rel}]->(t:${ref.target.label}) | ${ref.nameExpr}])`]);
  return [...Object.entries(entity.computed ?? {}), ...names];
}

/**
 * `$rows` of {target, member, value, at}: the first whose member, as the reference shows it from its target
 * (RefSpec.shows, expressions over `t`), is not the value sent. A target with no value for it keeps the one sent.
 */
export function shownMismatchQuery(ref: RefSpec): string {
  const members = Object.entries(ref.shows ?? {}).map(([member, expr]) => `${member}: ${expr}`).join(', ');
  return [
    'UNWIND $rows AS row',
    `MATCH (t:${ref.target.label} {${ref.target.idProp}: row.target})`,
    `WITH row, {${members}}[row.member] AS actual`,
    'WHERE actual IS NOT NULL AND actual <> row.value',
    'RETURN row.at AS at, row.target AS target, row.value AS value, actual LIMIT 1',
  ].join('\n');
}

export function refKey(i: number): string {
  return `r${i}`;
}

function refExpr(ref: RefSpec, node: string, i: number): string {
  const name = ref.nameExpr ?? 'null';
  // An embedded target brings its own projection, under variables of its own (nested comprehensions cannot reuse r, t).
  const [r, t] = ref.embed ? [`${node}_r${i}`, `${node}_t${i}`] : ['r', 't'];
  const record = ref.embed ? `, record: ${projection(ref.embed, t)}` : '';
  const shows = ref.shows ? `, shows: {${Object.entries(ref.shows).map(([member, expr]) => `${member}: ${expr}`).join(', ')}}` : '';
  const targets = `[(${node})-[${r}:${ref.rel}]->(${t}:${ref.target.label}) | {i: ${r}.i, id: ${t}.${ref.target.idProp}, name: ${name}${record}${shows}}]`;
  return ref.many ? targets : `head(${targets})`;
}

export interface ListOrder {
  /** An expression from the entity's `sortable` map; ties (and no sortBy) fall back to DbId order. */
  expr?: string;
  descending?: boolean;
}

/** One statement: the total count and one page, in a stable order (DbId unless sorted). */
export function listQuery(entity: EntityDef, filter: Pick<CompiledFilter, 'anchors' | 'where'>, order: ListOrder = {}): string {
  const dir = order.descending ? ' DESC' : '';
  const sorted = order.expr
    ? [`WITH n, ${order.expr} AS sortKey`, `WITH n ORDER BY sortKey${dir}, n.${entity.idField}${dir}`]
    : [`WITH n ORDER BY n.${entity.idField}`];
  return [
    ...matchFiltered(entity.label, filter),
    ...sorted,
    'WITH collect(n) AS matched',
    `RETURN size(matched) AS total, [n IN matched[$skip..$end] | ${projection(entity)}] AS page`,
  ].join('\n');
}

/** Every matching DbId, in DbId order (the snapshot a saved search keeps). */
export function idsQuery(entity: EntityDef, filter: Pick<CompiledFilter, 'anchors' | 'where'>): string {
  return [...matchFiltered(entity.label, filter), `WITH n ORDER BY n.${entity.idField}`, `RETURN collect(n.${entity.idField}) AS ids`].join('\n');
}

function byId(entity: EntityDef, value: string, node = 'n'): string {
  return `MATCH (${node}:${entity.label} {${entity.idField}: ${value}})`;
}

/** Updates several records at once (`$rows` of {id, props}); returns the DbIds found. */
export function bulkUpdateQuery(entity: EntityDef): string {
  return `UNWIND $rows AS row ${byId(entity, 'row.id')} SET n += row.props RETURN n.${entity.idField} AS id`;
}

/** Records by DbId, in the order of `$ids` (unknown ones are skipped). */
export function getQuery(entity: EntityDef): string {
  return `UNWIND $ids AS id ${byId(entity, 'id')} RETURN ${projection(entity)} AS record`;
}

/**
 * Creates a record per row. It answers one count, not a row per record: no caller reads the DbIds back (they are in
 * its rows), and a bulk write's 20,000 answer rows were decoded for nothing.
 */
export function createQuery(entity: EntityDef): string {
  return `UNWIND $rows AS row CREATE (n:${entity.label}) SET n = properties(row) RETURN count(n) AS created`;
}

/** Which of the given DbIds (`$ids`) name no node of the target label. */
export function missingTargetsQuery(target: RefSpec['target']): string {
  return [
    'UNWIND $ids AS id',
    `OPTIONAL MATCH (t:${target.label} {${target.idProp}: id})`,
    'WITH id, t WHERE t IS NULL',
    'RETURN collect(DISTINCT id) AS missing',
  ].join('\n');
}

/**
 * Replaces the references of each listed record (`{id, targets}`): removes the old relationships, then links the
 * targets in order (`i` keeps the position, for references that are lists).
 */
export function relinkQuery(entity: EntityDef, ref: RefSpec): string {
  return [
    'UNWIND $links AS link',
    byId(entity, 'link.id'),
    `OPTIONAL MATCH (n)-[old:${ref.rel}]->(:${ref.target.label})`,
    'DELETE old',
    'WITH DISTINCT n, link',
    'UNWIND range(0, size(link.targets) - 1) AS i',
    `MATCH (t:${ref.target.label} {${ref.target.idProp}: link.targets[i]})`,
    `CREATE (n)-[:${ref.rel} {i: i}]->(t)`,
  ].join('\n');
}

// The observation level rules (service-spec "Observation unit"), checked inside the write's transaction once the
// units are stored, so a whole layout posted in one request is checked against itself:
// - A unit's study hierarchy is the set of levels (levelName -> levelOrder) the study's units use in their
//   observationLevel and observationLevelRelationships, this request's units included (a unit without a study has
//   only its own levels). A level name has one levelOrder within a study. A level sent without levelOrder takes the
//   study's order for that name, else its place among the accepted names (STANDARD_LEVELS: study 0 ... sample 10).
// - The levels above a unit are the levels of its study hierarchy with a lower levelOrder than the unit's own level:
//   its observationLevelRelationships must give a levelCode for every one of them (400 naming the missing ones). So a
//   fresh study accepts its first units as they come, and later units must place themselves in every level above.
// - A relationship naming a unit (observationUnitDbId) becomes (unit)-[:PART_OF]->(parent): the parent must be a unit
//   of the same study whose own level is above the unit's and is the relationship's level (name and code). A
//   relationship without observationUnitDbId whose levelName and levelCode are those of exactly one other unit of the
//   study (stored, or of the same request) is given that unit's DbId: this is how a field, its blocks, plots and
//   plants posted in one array (DbIds are made by the server) refer to each other. Fixtures, which keep their DbIds,
//   may also name units of the same request by DbId.
// Only the units written are checked (an update only when it changes observationUnitPosition or studyDbId), and the
// units already PART_OF them, whose parent must stay above them in their study.
import { BadRequestError } from '../../../errors.js';
import type { Runner } from '../../../graph/port.js';
import { STANDARD_LEVELS, levelProps, type Level, type Position } from './levels.js';
import { READ_CHILDREN, READ_NAMED, READ_STUDY_UNITS, READ_WRITTEN, WRITE_HIERARCHY } from './queries.js';

interface Written {
  id: string;
  study: string | null;
  position: Position | null;
  where: string;
}

interface Placed {
  study: string | null;
  level: Level | null;
}

const rel = (w: string, k: number) => `${w}.observationUnitPosition.observationLevelRelationships[${k}]`;
const describe = (l: Level | null) => (l ? `${l.levelName} ${JSON.stringify(l.levelCode ?? null)} (levelOrder ${l.levelOrder})` : 'no level');

/** Checks and links the units `ids` (already written in `tx`); `where(i)` names unit i in messages. */
export async function checkHierarchy(tx: Runner, ids: string[], where: (i: number) => string, { children = false } = {}) {
  if (!ids.length) return;
  const units: Written[] = (await tx.run<{ id: string; study: string | null; position: string | null }>(READ_WRITTEN, { ids })).map((row) => ({
    id: row.id,
    study: row.study,
    position: row.position ? (JSON.parse(row.position) as Position) : null,
    where: where(ids.indexOf(row.id)),
  }));
  units.forEach(requireNames);
  const studies = [...new Set(units.map((u) => u.study).filter((s): s is string => s !== null))];
  const others = studies.length ? await tx.run<{ id: string; study: string; levelName: string | null; levelOrder: number | null; levelCode: string | null; names: string[]; orders: number[] }>(
    READ_STUDY_UNITS, { studies, ids }) : [];

  // The study hierarchies: study (or "#unit" without one) -> level name -> the orders it has.
  const hierarchy = new Map<string, Map<string, Set<number>>>();
  const key = (u: { id: string; study: string | null }) => u.study ?? `#${u.id}`;
  const orders = (k: string) => entry(hierarchy, k, () => new Map<string, Set<number>>());
  const note = (k: string, name: string, order: number) => entry(orders(k), name, () => new Set<number>()).add(order);
  for (const o of others) o.names.forEach((name, i) => note(o.study, name, o.orders[i]));
  for (const u of units) for (const l of levelsOf(u.position)) if (typeof l.levelOrder === 'number') note(key(u), l.levelName!, l.levelOrder);
  for (const u of units) {
    for (const l of levelsOf(u.position)) {
      if (typeof l.levelOrder === 'number') continue;
      const known = [...(orders(key(u)).get(l.levelName!) ?? [])];
      const rank = STANDARD_LEVELS.indexOf(l.levelName!);
      if (known.length === 0 && rank < 0) {
        throw new BadRequestError(`${u.where}.observationUnitPosition: level "${l.levelName}" needs a levelOrder (it is not an accepted level name, nor used in this study yet).`);
      }
      l.levelOrder = known.length ? Math.min(...known) : rank;
      note(key(u), l.levelName!, l.levelOrder);
    }
  }
  for (const u of units) {
    for (const l of levelsOf(u.position)) {
      const set = orders(key(u)).get(l.levelName!)!;
      if (set.size > 1) {
        throw new BadRequestError(`${u.where}.observationUnitPosition: level "${l.levelName}" has levelOrder ${[...set].sort((a, b) => a - b).join(' and ')} in ${u.study ? `study "${u.study}"` : 'this unit'}; a level has one order.`);
      }
    }
  }

  // Levels above: every level of the study hierarchy with a lower order needs a levelCode in the relationships.
  for (const u of units) {
    const own = u.position?.observationLevel;
    if (!own) continue;
    const given = new Set((u.position?.observationLevelRelationships ?? []).filter((r) => typeof r.levelCode === 'string' && r.levelCode !== '').map((r) => r.levelName));
    const above = [...orders(key(u))].map(([name, set]) => [name, [...set][0]] as const).filter(([, order]) => order < own.levelOrder!);
    const missing = above.filter(([name]) => !given.has(name)).sort((a, b) => a[1] - b[1]).map(([name]) => name);
    if (missing.length) {
      throw new BadRequestError(
        `${u.where}.observationUnitPosition.observationLevelRelationships must give a levelCode for every level above "${own.levelName}" (levelOrder ${own.levelOrder}); missing: ${missing.join(', ')}.`,
      );
    }
  }

  // Parents: named by DbId, or found by level name and code within the study.
  const placed = new Map<string, Placed>(units.map((u) => [u.id, { study: u.study, level: u.position?.observationLevel ?? null }]));
  const named = [...new Set(units.flatMap((u) => (u.position?.observationLevelRelationships ?? []).map((r) => r.observationUnitDbId)))]
    .filter((id): id is string => typeof id === 'string' && !placed.has(id));
  if (named.length) {
    for (const row of await tx.run<{ id: string; study: string | null; levelName: string | null; levelOrder: number | null; levelCode: string | null }>(READ_NAMED, { ids: named })) {
      placed.set(row.id, { study: row.study, level: row.levelName === null ? null : row });
    }
  }
  const byCode = new Map<string, string[]>();
  const codeKey = (study: string, name: unknown, code: unknown) => JSON.stringify([study, name, code]);
  const index = (study: string | null, id: string, l: Level | null) => {
    if (study && l?.levelCode) entry(byCode, codeKey(study, l.levelName, l.levelCode), () => [] as string[]).push(id);
  };
  for (const o of others) index(o.study, o.id, o);
  for (const u of units) index(u.study, u.id, u.position?.observationLevel ?? null);

  const rows = units.map((u) => {
    const own = u.position?.observationLevel ?? null;
    const parents = new Set<string>();
    (u.position?.observationLevelRelationships ?? []).forEach((r, k) => {
      const id = r.observationUnitDbId;
      if (typeof id !== 'string' || id === '') {
        // Unnamed: the one unit of the study at that level with that code, when the level is above this unit's.
        if (!own || !u.study || !r.levelCode || r.levelName === own.levelName || r.levelOrder! >= own.levelOrder!) return;
        const found = (byCode.get(codeKey(u.study, r.levelName, r.levelCode)) ?? []).filter((c) => c !== u.id);
        if (found.length === 1) parents.add((r.observationUnitDbId = found[0]));
        return;
      }
      if (id === u.id) {
        if (r.levelName === own?.levelName) return;
        throw new BadRequestError(`${rel(u.where, k)}.observationUnitDbId names the unit itself at another level than its own.`);
      }
      const parent = placed.get(id);
      if (!parent) throw new BadRequestError(`${rel(u.where, k)}.observationUnitDbId refers to unknown observationUnitDbId: ${id}`);
      if (parent.study !== u.study) {
        const theirs = parent.study ? `belongs to study "${parent.study}"` : 'belongs to no study';
        const ours = u.study ? `this unit's study "${u.study}"` : 'this unit, which has no study';
        throw new BadRequestError(`${rel(u.where, k)}.observationUnitDbId: unit "${id}" ${theirs}, not to ${ours}.`);
      }
      if (!own) throw new BadRequestError(`${u.where}.observationUnitPosition.observationLevel is required when a relationship names a unit ("${id}").`);
      const pl = parent.level;
      if (!pl || pl.levelOrder === null || pl.levelOrder === undefined || pl.levelOrder >= own.levelOrder!) {
        throw new BadRequestError(`${rel(u.where, k)}.observationUnitDbId: unit "${id}" (${describe(pl)}) is not above this unit's level ${describe(own)}.`);
      }
      if (pl.levelName !== r.levelName || (r.levelCode && pl.levelCode && pl.levelCode !== r.levelCode)) {
        throw new BadRequestError(`${rel(u.where, k)} says ${r.levelName} ${JSON.stringify(r.levelCode ?? null)}, but unit "${id}" is ${describe(pl)}.`);
      }
      parents.add(id);
    });
    return { id: u.id, position: u.position && JSON.stringify(u.position), props: levelProps(u.position), parents: [...parents] };
  });

  if (children) {
    for (const c of await tx.run<{ child: string; parent: string; study: string | null; levelOrder: number | null }>(READ_CHILDREN, { ids })) {
      const p = placed.get(c.parent)!;
      if (p.study !== c.study || !p.level || c.levelOrder === null || (p.level.levelOrder ?? Infinity) >= c.levelOrder) {
        throw new BadRequestError(`observation unit "${c.child}" is part of "${c.parent}", which would no longer be a unit above it in its study.`);
      }
    }
  }
  await tx.run(WRITE_HIERARCHY, { rows });
}

/** map.get(key), made and set first when missing. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  if (!map.has(key)) map.set(key, make());
  return map.get(key)!;
}

/** A unit's own level and its relationships (the objects themselves, so filled orders are written back). */
function levelsOf(position: Position | null): Level[] {
  return [...(position?.observationLevel ? [position.observationLevel] : []), ...(position?.observationLevelRelationships ?? [])];
}

function requireNames(u: Written) {
  const pos = u.position;
  if (pos?.observationLevel && !pos.observationLevel.levelName) {
    throw new BadRequestError(`${u.where}.observationUnitPosition.observationLevel.levelName is required.`);
  }
  (pos?.observationLevelRelationships ?? []).forEach((r, k) => {
    if (!r?.levelName) throw new BadRequestError(`${rel(u.where, k)}.levelName is required.`);
  });
}

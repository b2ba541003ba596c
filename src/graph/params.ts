// JavaScript has one number type; Cypher has integers and floats, and refuses a float where it needs a whole number
// (`LIMIT 10.0`, `SKIP`, `list[1.0]`, `range()`). Whole numbers therefore go to the database as Neo4j integers, at
// any depth of a parameter map. A list holding any fractional number stays all floats, because a stored list
// property must have one element type ([1, 2.5] would otherwise mix INTEGER and FLOAT).
import neo4j from 'neo4j-driver';
import type { Params } from './port.js';

function isWhole(value: number): boolean {
  return Number.isSafeInteger(value);
}

/**
 * The value with its whole numbers as Neo4j integers. Copies only what changes: a bulk write's thousands of maps of
 * strings go as they are, instead of being rebuilt for every statement that takes them.
 */
function convert(value: unknown): unknown {
  if (typeof value === 'number') return isWhole(value) ? neo4j.int(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const floats = value.some((v) => typeof v === 'number' && !isWhole(v));
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const c = floats && typeof v === 'number' ? v : convert(v);
      if (c !== v) (out ??= value.slice())[i] = c;
    }
    return out ?? value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  let out: Record<string, unknown> | undefined;
  // for-in over own members, not Object.entries: no array of pairs per map (a bulk write sends tens of thousands).
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = (value as Record<string, unknown>)[k];
    const c = convert(v);
    if (c !== v) (out ??= { ...value })[k] = c;
  }
  return out ?? value;
}

export function toCypherParams(params: Params): Params {
  return convert(params) as Params;
}

// JavaScript has one number type; Cypher has integers and floats, and refuses a float where it needs a whole number
// (`LIMIT 10.0`, `SKIP`, `list[1.0]`, `range()`). Whole numbers therefore go to the database as Neo4j integers, at
// any depth of a parameter map. A list holding any fractional number stays all floats, because a stored list
// property must have one element type ([1, 2.5] would otherwise mix INTEGER and FLOAT).
import neo4j from 'neo4j-driver';
import type { Params } from './port.js';

function isWhole(value: number): boolean {
  return Number.isSafeInteger(value);
}

function convert(value: unknown): unknown {
  if (typeof value === 'number') return isWhole(value) ? neo4j.int(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (value.some((v) => typeof v === 'number' && !isWhole(v))) return value.map((v) => (typeof v === 'number' ? v : convert(v)));
    return value.map(convert);
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
}

export function toCypherParams(params: Params): Params {
  return convert(params) as Params;
}

// The recursion and array-control parameters of GET /pedigree and POST /search/pedigree, with the defaults of the
// reference server (depths 1, parents and progeny included, siblings not, no full tree).
import { BadRequestError } from '../../../errors.js';

export const MAX_DEPTH = 1000;

export interface PedigreeShape {
  pedigreeDepth: number | null;
  progenyDepth: number | null;
  includeParents: boolean;
  includeProgeny: boolean;
  includeSiblings: boolean;
}

export const SHAPE_PARAMS = ['pedigreeDepth', 'progenyDepth', 'includeFullTree', 'includeParents', 'includeProgeny', 'includeSiblings'];

/** Splits pedigree input (query or search body) into the traversal shape and the remaining germplasm filters. */
export function pedigreeShape(input: Record<string, unknown>): { shape: PedigreeShape; filters: Record<string, unknown> } {
  const fullTree = bool(input, 'includeFullTree', false);
  // Checked even where includeFullTree makes them moot: a bad value is a bad request either way.
  const [pedigreeDepth, progenyDepth] = [depth(input, 'pedigreeDepth'), depth(input, 'progenyDepth')];
  const shape = {
    pedigreeDepth: fullTree ? null : pedigreeDepth,
    progenyDepth: fullTree ? null : progenyDepth,
    includeParents: bool(input, 'includeParents', true),
    includeProgeny: bool(input, 'includeProgeny', true),
    includeSiblings: bool(input, 'includeSiblings', false),
  };
  const filters = Object.fromEntries(Object.entries(input).filter(([k]) => !SHAPE_PARAMS.includes(k)));
  return { shape, filters };
}

function single(input: Record<string, unknown>, name: string): unknown {
  const value = input[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

export function bool(input: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = single(input, name);
  if (value === undefined || value === null || value === '') return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new BadRequestError(`${name} must be true or false; got ${JSON.stringify(value)}.`);
}

function depth(input: Record<string, unknown>, name: string): number {
  const value = single(input, name);
  if (value === undefined || value === null || value === '') return 1;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_DEPTH) {
    throw new BadRequestError(`${name} must be an integer from 0 to ${MAX_DEPTH}; got ${JSON.stringify(value)}.`);
  }
  return n;
}

// The pedigree string of a germplasm, the same in GET /germplasm (`pedigree`) and GET /pedigree (`pedigreeString`):
// the Purdy string of its parents in the graph (purdy.ts). A germplasm without parents shows the string it was given
// (POST/PUT /germplasm `pedigree`, POST/PUT /pedigree `pedigreeString`, both stored as the `pedigree` property); a
// given string that differs from the graph's is kept and shown as `additionalInfo.recordedPedigree`.
import { cypherUnnamed, DEFAULT_PURDY_LEVELS, purdy, purdyGraph, type PurdyEdge, type PurdyGraph } from './purdy.js';

let levels = DEFAULT_PURDY_LEVELS;

/** Generations of unnamed parents the strings expand (BRAPI_PURDY_LEVELS), set once at start. */
export function setPurdyLevels(n: number): void {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`Purdy levels must be a positive integer, got ${n}`);
  levels = n;
}

export function purdyLevels(): number {
  return levels;
}

/**
 * The PARENT relationships the Purdy string of germplasm `node` may use, as [child, parent, parentType, parent's
 * name]: the node's own parents, and those of every ancestor reached through unnamed germplasm (or through a SELF or
 * CLONAL parent, whose source a selection is written as), up to `levels` generations. A quantified path pattern, so
 * the walk stops at named parents instead of reading whole ancestries.
 */
export function pedigreeStringRead(node: string, depth = levels): string {
  if (!Number.isSafeInteger(depth) || depth < 1) throw new Error(`invalid Purdy levels ${depth}`);
  const through = depth === 1 ? ''
    : ` ((purdy_c:Germplasm)-[purdy_s:PARENT]->(purdy_m:Germplasm) WHERE ${cypherUnnamed('purdy_m')} OR purdy_s.parentType IN ['SELF', 'CLONAL']){0,${depth - 1}}`;
  return `COLLECT { MATCH (${node})${through} (purdy_a:Germplasm)-[purdy_r:PARENT]->(purdy_b:Germplasm) ` +
    'RETURN DISTINCT [purdy_a.germplasmDbId, purdy_b.germplasmDbId, purdy_r.parentType, purdy_b.germplasmName] AS edge }';
}

/** The string a germplasm was given, if any (`pedigreeString` is where uploads kept it before it joined `pedigree`). */
function recorded(props: Record<string, unknown>): string | null {
  const value = props.pedigree ?? props.pedigreeString;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The string shown for germplasm `id`, from the edges `pedigreeStringRead` returned and its stored properties. */
export function pedigreeString(id: string, edges: PurdyEdge[], props: Record<string, unknown>): { shown: string | null; recordedDiffers: string | null } {
  return pedigreeStringIn(id, edges.length ? purdyGraph(edges) : new Map(), props);
}

/**
 * The same from a graph read for several germplasm at once (traversal.ts). Any graph holding at least what
 * `pedigreeStringRead` reads for `id` gives the same string: the writer reads parents only within that walk.
 */
export function pedigreeStringIn(id: string, graph: PurdyGraph, props: Record<string, unknown>): { shown: string | null; recordedDiffers: string | null } {
  const given = recorded(props);
  const fromGraph = purdy(id, graph, levels);
  if (fromGraph === null) return { shown: given, recordedDiffers: null };
  return { shown: fromGraph, recordedDiffers: given !== null && given !== fromGraph ? given : null };
}

/** additionalInfo with the recorded string beside the graph's, when they differ. */
export function withRecorded(additionalInfo: unknown, recordedDiffers: string | null): unknown {
  if (recordedDiffers === null) return additionalInfo;
  const base = additionalInfo && typeof additionalInfo === 'object' && !Array.isArray(additionalInfo) ? additionalInfo : {};
  return { ...base, recordedPedigree: recordedDiffers };
}

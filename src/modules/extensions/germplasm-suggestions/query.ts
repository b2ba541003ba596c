// The one read of the name-suggestion extension, and the full-text index it reads (declared with the schema).
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import { fulltextIndexName, type SchemaItem } from '../../../graph/schema.js';
import { pageBounds } from '../../../entities/paging.js';

/** Names, synonyms, accession numbers and DbIds of germplasm, by word (lower case). */
export const GERMPLASM_NAME_INDEX: SchemaItem = {
  label: 'Germplasm',
  prop: 'names',
  unique: false,
  fulltext: ['germplasmName', 'synonymNames', 'accessionNumber', 'germplasmDbId'],
};

/** Matches ranked per request: a text of one or two letters matches thousands of words, of which these are ranked. */
export const MAX_CANDIDATES = 2000;

export interface Suggestion {
  germplasmDbId: string;
  germplasmName: string | null;
  commonCropName: string | null;
  accessionNumber: string | null;
  /** The synonym that matched, when the name itself did not. */
  matchedSynonym: string | null;
}

/**
 * The words of the text as the index splits them (letters and digits; Lucene's standard tokenizer also splits at
 * the rest), each a prefix query every match must satisfy. No word: nothing to look for.
 */
export function luceneQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((w) => `+${w}*`).join(' ') : null;
}

/** A Java regex matching a value in which `text` starts a word (\Q..\E quotes it; a \E inside is split). */
export function wordStartPattern(text: string): string {
  return `(?s)(?:.*[^\\p{L}\\p{N}])?\\Q${text.replace(/\\E/g, '\\E\\\\E\\Q')}\\E.*`;
}

export async function suggestGermplasm(graph: Graph, text: string, crop: string | null, page: number, pageSize: number) {
  const query = luceneQuery(text);
  if (!query) return { total: 0, page: [] as Suggestion[] };
  const lower = text.trim().toLowerCase();
  const { skip, end } = pageBounds(page, pageSize);
  const [row] = await graph.read<{ total: number; page: Suggestion[] }>(cypher('extensions/germplasm-suggestions'), {
    index: fulltextIndexName(GERMPLASM_NAME_INDEX.label, GERMPLASM_NAME_INDEX.prop),
    query,
    candidates: MAX_CANDIDATES,
    text: lower,
    wordStart: wordStartPattern(lower),
    crop,
    skip,
    end,
  });
  return row ?? { total: 0, page: [] };
}

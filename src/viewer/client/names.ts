// Search as you type: every keystroke asks the server's name-suggestion extension
// (GET /extensions/germplasm-suggestions, a full-text index on names, synonyms, accession numbers and DbIds, ranked
// exact, prefix, then word matches), so nothing is downloaded up front and the first suggestions come with the
// first character. An answer that arrives after a newer keystroke is dropped (its request is aborted).
import { brapiBase, getJson } from './api.js';

export interface NameEntry {
  id: string;
  name: string;
  /** The synonym that matched, when the name did not. */
  synonym: string | null;
  crop: string | null;
}

export const SUGGESTIONS = 12;

export function suggestionsUrl(text: string, pageSize = SUGGESTIONS): string {
  return `${brapiBase()}/extensions/germplasm-suggestions?${new URLSearchParams({ text, pageSize: String(pageSize) })}`;
}

let inFlight: AbortController | null = null;

/** The best matches for `text`, or null when a newer call superseded this one. */
export async function suggestNames(text: string): Promise<NameEntry[] | null> {
  inFlight?.abort();
  const q = text.trim();
  if (!q) {
    inFlight = null;
    return [];
  }
  const mine = new AbortController();
  inFlight = mine;
  try {
    const answer = await getJson(suggestionsUrl(q), mine.signal);
    if (inFlight !== mine) return null;
    return (answer.result.data as Array<{ germplasmDbId: string; germplasmName: string | null; matchedSynonym: string | null; commonCropName: string | null }>)
      .map((s) => ({ id: s.germplasmDbId, name: s.germplasmName ?? s.germplasmDbId, synonym: s.matchedSynonym, crop: s.commonCropName }));
  } catch (err) {
    if (mine.signal.aborted) return null;
    throw err;
  }
}

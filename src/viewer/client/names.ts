// The search-as-you-type index. BrAPI has no substring or prefix filter for germplasm names, so the page reads
// every germplasm's name and DbId once from GET /germplasm (paged) and filters in the browser. GET /germplasm was
// chosen over the suggested GET /pedigree?pedigreeDepth=0&... when that call took 5-12 s on the 21,645 demo germplasm
// against about 2 s; since pedigree strings stop at named parents it takes about 1.5 s, at half the bytes (see README).
import { brapiBase, getJson } from './api.js';

export interface NameEntry {
  id: string;
  name: string;
  nameKey: string;
  idKey: string;
}

const PAGE_SIZES = [5000, 1000];

/** Loads the index page by page; `progress` sees the entries so far, so search works while it loads. */
export async function loadNameIndex(progress: (entries: NameEntry[], total: number) => void): Promise<NameEntry[]> {
  const entries: NameEntry[] = [];
  let pageSize = PAGE_SIZES[0];
  let first: any;
  try {
    first = await getJson(pageUrl(0, pageSize));
  } catch (err) {
    // A server whose BRAPI_MAX_PAGE_SIZE is below 5000 answers 400; every server accepts 1000.
    if (!(err instanceof Error) || !err.message.startsWith('HTTP 400')) throw err;
    pageSize = PAGE_SIZES[1];
    first = await getJson(pageUrl(0, pageSize));
  }
  const { totalCount, totalPages } = first.metadata.pagination;
  let answer = first;
  for (let page = 0; ; ) {
    for (const g of answer.result.data) entries.push(entry(g.germplasmDbId, g.germplasmName ?? g.germplasmDbId));
    progress(entries, totalCount);
    if (++page >= totalPages) break;
    answer = await getJson(pageUrl(page, pageSize));
  }
  return entries;
}

function pageUrl(page: number, pageSize: number) {
  return `${brapiBase()}/germplasm?pageSize=${pageSize}&page=${page}`;
}

export function entry(id: string, name: string): NameEntry {
  return { id, name, nameKey: name.toLowerCase(), idKey: id.toLowerCase() };
}

const WORD_START = /[\s\-_(,/.:;[]/;

/** Lower is better; -1: no match. Exact, then prefix, then start of a word, then anywhere; names before DbIds. */
function score(e: NameEntry, q: string): number {
  if (e.nameKey === q) return 0;
  if (e.idKey === q) return 1;
  if (e.nameKey.startsWith(q)) return 2;
  if (e.idKey.startsWith(q)) return 3;
  const at = e.nameKey.indexOf(q);
  if (at > 0 && WORD_START.test(e.nameKey[at - 1])) return 4;
  if (at >= 0) return 5;
  return e.idKey.includes(q) ? 6 : -1;
}

/** Case-insensitive substring match on name and DbId, best matches first (then shorter, then alphabetical). */
export function search(entries: NameEntry[], query: string, limit = 12): NameEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hits: Array<[number, NameEntry]> = [];
  for (const e of entries) {
    const s = score(e, q);
    if (s >= 0) hits.push([s, e]);
  }
  hits.sort(([sa, a], [sb, b]) => sa - sb || a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return hits.slice(0, limit).map(([, e]) => e);
}

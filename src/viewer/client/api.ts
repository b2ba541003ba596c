// The BrAPI calls the viewer makes, all public GETs on the same origin. A bearer token is sent only when the user
// pasted one after a 401 (BRAPI_READS=private); it stays in this tab's sessionStorage.
const TOKEN_KEY = 'brapi-viewer-token';

export class AuthRequired extends Error {}

export interface Relative {
  germplasmDbId: string;
  germplasmName: string | null;
  parentType?: string;
}

/** The members of a BrAPI PedigreeNode the viewer draws. */
export interface PedigreeNode {
  germplasmDbId: string;
  germplasmName: string | null;
  parents: Relative[] | null;
  progeny: Relative[] | null;
  siblings: Relative[] | null;
}

export interface TreeQuery {
  germplasmDbId: string;
  pedigreeDepth: number;
  progenyDepth: number;
  fullTree: boolean;
  siblings: boolean;
}

/** The BrAPI base URL (the server writes its base path into the page). */
export function brapiBase(): string {
  const meta = document.querySelector('meta[name="brapi-base"]');
  return location.origin + (meta?.getAttribute('content') ?? '/brapi/v2');
}

export function setToken(token: string) {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

export async function getJson(url: string, signal?: AbortSignal): Promise<any> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, { headers, signal });
  if (res.status === 401) throw new AuthRequired((await res.text()) || 'A bearer token is required.');
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

/** POST of a read with a JSON body (the breeding-values extension): the same token and errors as getJson. */
export async function postJson(url: string, body: unknown, signal?: AbortSignal): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  if (res.status === 401) throw new AuthRequired((await res.text()) || 'A bearer token is required.');
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return { status: res.status, json: await res.json() };
}

/** The one GET /pedigree request for a view; depths are left out with includeFullTree, which overrides them. */
export function pedigreeUrl(q: TreeQuery): string {
  const params = new URLSearchParams({ germplasmDbId: q.germplasmDbId });
  if (q.fullTree) params.set('includeFullTree', 'true');
  else {
    params.set('pedigreeDepth', String(q.pedigreeDepth));
    params.set('progenyDepth', String(q.progenyDepth));
  }
  if (q.siblings) params.set('includeSiblings', 'true');
  return `${brapiBase()}/pedigree?${params}`;
}

export interface PedigreeAnswer {
  url: string;
  nodes: PedigreeNode[];
  totalCount: number;
  pages: number;
}

/**
 * GET /pedigree, following pages while totalCount exceeds what came back. Stops after the first page when the slice
 * is larger than `maxNodes` (it would not be drawn anyway).
 */
export async function fetchPedigree(q: TreeQuery, maxNodes: number): Promise<PedigreeAnswer> {
  const url = pedigreeUrl(q);
  const first = await getJson(url);
  const nodes: PedigreeNode[] = [...first.result.data];
  const { totalCount, totalPages } = first.metadata.pagination;
  let pages = 1;
  if (totalCount <= maxNodes) {
    for (let page = 1; page < totalPages; page++, pages++) {
      nodes.push(...(await getJson(`${url}&page=${page}`)).result.data);
    }
  }
  return { url, nodes, totalCount, pages };
}

export function germplasmUrl(germplasmDbId: string): string {
  return `${brapiBase()}/germplasm/${encodeURIComponent(germplasmDbId)}`;
}

/** The server's pedigree extensions (not BrAPI): each reads the germplasm and all its ancestors. */
export function inbreedingUrl(germplasmDbId: string): string {
  return `${brapiBase()}/extensions/inbreeding?${new URLSearchParams({ germplasmDbId })}`;
}

export function generationsUrl(germplasmDbId: string): string {
  return `${brapiBase()}/extensions/generations?${new URLSearchParams({ germplasmDbId })}`;
}

/** Numerical observation variables: the traits breeding values can be asked for. */
export function variablesUrl(): string {
  return `${brapiBase()}/variables?pageSize=1000`;
}

export function variableUrl(observationVariableDbId: string): string {
  return `${brapiBase()}/variables/${encodeURIComponent(observationVariableDbId)}`;
}

/** The breeding-values extension: POST the trait; a long fit answers 202 and is read from its GET. */
export function breedingValuesUrl(searchResultsDbId?: string): string {
  return `${brapiBase()}/extensions/breeding-values${searchResultsDbId ? `/${encodeURIComponent(searchResultsDbId)}` : ''}`;
}

/** germplasmDbIds=A,B: the comma is the separator the call declares (so it is not percent-encoded). */
export function comparisonUrl(first: string, second: string): string {
  return `${brapiBase()}/extensions/germplasm-comparison?germplasmDbIds=${[first, second].map(encodeURIComponent).join(',')}`;
}

/** A failed call in a few words, for a line in the panel: the status and the server's message (plain text), cut short. */
export function shortError(err: unknown): string {
  const text = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

// The two-step search flow every search test uses: POST (202, saved) then GET the results (200), both checked
// against the official schemas.
import { expect } from 'chai';
import { api } from './server.js';
import { expectValidResponse } from './schema.js';

export async function search(path: string, body: object, query = '') {
  const posted = await api('POST', `/search/${path}`, body);
  expect(posted.status, posted.text).to.equal(202);
  expectValidResponse('post', `/search/${path}`, 202, posted.json);
  const id = posted.json.result.searchResultsDbId as string;
  const res = await searchResults(path, id, query);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('get', `/search/${path}/{searchResultsDbId}`, 200, res.json);
  return {
    id,
    posted,
    res,
    /** The DbIds of the page, in result order. */
    ids: (idField: string) => res.json.result.data.map((r: any) => r[idField]) as string[],
    /** WARNING messages of the POST (members the search ignored). */
    warnings: posted.json.metadata.status.filter((s: any) => s.messageType === 'WARNING').map((s: any) => s.message) as string[],
  };
}

/**
 * GET of a saved search's results, asked again every 200 ms while it answers 202: a search slower than the service's
 * wait (BRAPI_SEARCH_WAIT_MS, 2 s; a loaded machine gets there) keeps running after POST answered. The last answer.
 */
export async function searchResults(path: string, id: string, query = '', patienceMs = 15_000) {
  const deadline = Date.now() + patienceMs;
  let res = await api('GET', `/search/${path}/${id}${query}`);
  while (res.status === 202 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    res = await api('GET', `/search/${path}/${id}${query}`);
  }
  return res;
}

/** The DbIds a search finds, sorted; fails when the search ignored any member of the body. */
export async function searchIds(path: string, idField: string, body: object, query = '?pageSize=5000'): Promise<string[]> {
  const result = await search(path, body, query);
  expect(result.warnings, JSON.stringify(body)).to.deep.equal([]);
  return result.ids(idField).sort();
}

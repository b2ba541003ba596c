// The list call every entity test uses: GET /<path>?<query> as the admin, expected 200, the response checked against
// the official schema of that call, and every record holding every field of the entity's list schema.
import { expect } from 'chai';
import { entities } from '../../src/modules/registry.js';
import { expectAllFields, expectValidResponse } from './schema.js';
import { api } from './server.js';

export interface Listed {
  res: Awaited<ReturnType<typeof api>>;
  /** The response body (res.json). */
  json: any;
  /** The records of the page. */
  data: any[];
  /** The DbIds of the page, in response order (sorted with `sortIds`). */
  ids: string[];
  /** The status messages, one `TYPE: message` a line. */
  messages: string;
}

export async function list(path: string, query = '', { sortIds = false } = {}): Promise<Listed> {
  const entity = entities.find((e) => e.path === path && e.operations.includes('list'));
  if (!entity) throw new Error(`No entity lists at /${path}.`);
  const res = await api('GET', `/${path}${query ? `?${query}` : ''}`);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('get', `/${path}`, 200, res.json);
  const data: any[] = res.json.result.data;
  for (const record of data) expectAllFields(entity.module, entity.listSchema ?? entity.schema, record);
  const ids = data.map((r) => r[entity.idField] as string);
  return {
    res,
    json: res.json,
    data,
    ids: sortIds ? ids.sort() : ids,
    messages: res.json.metadata.status.map((s: any) => `${s.messageType}: ${s.message}`).join('\n'),
  };
}

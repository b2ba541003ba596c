// The shape of the MIAPPE mapping tests: one test per row of the mapping table (service-spec.md), each row a list of
// checks "these paths of the record read back equal what was sent" (or an explicit expectation).
import { expect } from 'chai';
import { expectValidResponse } from './schema.js';
import { api } from './server.js';

/** The value at a path: `a.b` members, `a[1]` an index, `a[]` every member of a list. */
export function at(value: unknown, path: string): unknown {
  if (!path) return value;
  const [, head, index, rest] = /^([^.[]+)(\[\d*\])?\.?(.*)$/.exec(path)!;
  const member = (value as Record<string, unknown> | null)?.[head];
  if (index === '[]') return (member as unknown[]).map((m) => at(m, rest));
  return at(index ? (member as unknown[])[Number(index.slice(1, -1))] : member, rest);
}

export interface Check<K extends string> {
  /** Which record (entity path) the check reads. */
  kind: K;
  /** Mapped paths in the record; the sent value at the same path is expected unless `expected` says otherwise. */
  fields: string[];
  expected?: (id: unknown) => unknown[];
}

export type Row<K extends string> = [dm: string, element: string, mapped: string, checks: Array<Check<K>>];

/** Registers one mocha test per row: store the kind's body, read it back, compare the mapped fields. */
export function mappingTests<K extends string>(
  rows: Array<Row<K>>,
  bodies: Record<K, Record<string, unknown>>,
  roundTrip: (kind: K) => Promise<{ id: unknown; record: unknown }>,
) {
  for (const [dm, element, mapped, checks] of rows) {
    it(`${dm} ${element}: ${mapped}`, async () => {
      for (const check of checks) {
        const { id, record } = await roundTrip(check.kind);
        const expected = check.expected?.(id) ?? check.fields.map((f) => at(bodies[check.kind], f));
        // A sent value that is missing would make the comparison vacuous.
        for (const value of expected.flat()) expect(value, `${dm} test data`).to.not.equal(undefined);
        expect(check.fields.map((f) => at(record, f)), `${check.kind}: ${check.fields.join(', ')}`).to.deep.equal(expected);
      }
    });
  }
}

/**
 * Stores records as a client would (POST /<path>), reads the first back by its DbId (GET /<path>/{idField}), checks
 * that answer against the BrAPI schema, and returns the DbId, the record as read back and the records as created.
 */
export async function storeAndReadBack(path: string, idField: string, records: object[]): Promise<{ id: string; record: any; created: any[] }> {
  const post = await api('POST', `/${path}`, records);
  expect(post.status, post.text).to.equal(200);
  const created = post.json.result.data;
  const id = created[0][idField];
  const got = await api('GET', `/${path}/${encodeURIComponent(id)}`);
  expect(got.status).to.equal(200);
  expectValidResponse('get', `/${path}/{${idField}}`, 200, got.json);
  return { id, record: got.json.result, created };
}

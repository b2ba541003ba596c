// The piecewise JSON writer must write exactly what JSON.stringify writes, and stream only answers over WHOLE_BYTES.
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { CHUNK_BYTES, NumberRows, WHOLE_BYTES, chunkedBody, jsonPieces } from '../../src/http/body.js';

async function text(body: string | Readable): Promise<string> {
  if (typeof body === 'string') return body;
  let out = '';
  for await (const chunk of body) out += Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk;
  return out;
}

describe('piecewise JSON bodies', () => {
  const cases: Record<string, unknown> = {
    'an envelope with records': {
      '@context': ['https://brapi.org/jsonld/context/metadata.jsonld'],
      metadata: { datafiles: [], pagination: { currentPage: 0, pageSize: 2, totalCount: 2, totalPages: 1 }, status: [] },
      result: { data: [{ germplasmDbId: 'a', synonyms: [{ synonym: 'x "quoted"', type: null }] }, { germplasmDbId: 'b\u2028', n: 1.5 }] },
    },
    'undefined members and items, functions, dates, nested toJSON': {
      a: undefined, b: [undefined, () => 1, null, new Date(0)], c: { toJSON: () => 'custom' }, d: { e: { f: [1, { g: undefined }] } },
    },
    'a bare string': 'plain',
    'a number': 42,
    null: null,
    'an empty object and array': { x: {}, y: [] },
    'unicode keys and values': { 'naïve "key"': 'Ümlaut \n\t' },
    'records written in batches: odd items, an empty list, records of very different sizes': {
      result: {
        data: [undefined, () => 1, Symbol('s'), null, { a: undefined, toJSON: undefined }, new Date(0), 'x', { toJSON: () => 'custom' }],
        empty: [],
        sizes: Array.from({ length: 3000 }, (_, i) => ({ i, text: 'y'.repeat(i % 97 === 0 ? 40_000 : i % 13), nested: [{ k: i }] })),
      },
    },
    'rows of numbers held as columns (A-inverse triplets)': {
      result: { rows: 3, triplets: new NumberRows([Int32Array.of(1, 2, 2, 3), Int32Array.of(1, 1, 2, 3), Float64Array.of(1.5, -0.5, 1 / 3, -0)]), empty: new NumberRows([]) },
    },
    'more rows than one piece, non-finite numbers as null': {
      rows: new NumberRows([Float64Array.from({ length: 2500 }, (_, i) => (i === 7 ? NaN : i === 9 ? -Infinity : i / 7)), Int32Array.from({ length: 2500 }, (_, i) => -i)]),
    },
  };
  for (const [name, value] of Object.entries(cases)) {
    it(`writes ${name} as JSON.stringify does`, () => {
      expect([...jsonPieces(value)].join('')).to.equal(JSON.stringify(value));
    });
  }

  const records = (n: number) => Array.from({ length: n }, (_, i) => ({ germplasmDbId: `g-${i}`, germplasmName: `Name ${i}`, parents: [{ germplasmDbId: `p-${i}`, parentType: 'FEMALE' }] }));

  it('keeps an answer of up to WHOLE_BYTES a string, so it has a length', () => {
    for (const value of [{ result: { data: [{ a: 1 }, { b: 'two' }] } }, { result: { data: records(5000) } }, { result: { data: records(30000) } }]) {
      const body = chunkedBody(jsonPieces(value));
      expect(body).to.be.a('string').and.equal(JSON.stringify(value));
    }
    expect(JSON.stringify({ result: { data: records(5000) } }).length).to.be.within(2 * CHUNK_BYTES, WHOLE_BYTES);
  });

  it('streams a larger answer in chunks that join to the same text', async () => {
    const value = { metadata: { status: [] }, result: { data: records(60000) } };
    const body = chunkedBody(jsonPieces(value));
    expect(body).to.be.instanceOf(Readable);
    const chunks: number[] = [];
    let joined = '';
    for await (const chunk of body as Readable) {
      chunks.push(chunk.length);
      joined += chunk.toString('utf8');
    }
    expect(joined).to.equal(JSON.stringify(value));
    expect(chunks.length).to.be.greaterThan(2);
    // The stream may hand over what it has buffered at once, but never the whole answer in one piece.
    for (const n of chunks) expect(n).to.be.below(joined.length);
    expect(joined.length).to.be.greaterThan(WHOLE_BYTES + 4 * CHUNK_BYTES);
    expect(await text(chunkedBody(['a', 'b']))).to.equal('ab');
  });
});

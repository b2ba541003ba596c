// Parameters as the transport sends them: whole numbers become Neo4j integers at any depth, a list with a fraction
// stays floats, and what holds no whole number is sent as it is (the caller's values are never changed).
import { expect } from 'chai';
import neo4j from 'neo4j-driver';
import { toCypherParams } from '../../src/graph/params.js';

describe('Cypher parameters', () => {
  it('whole numbers become integers at any depth; fractions stay floats, and so does every number of their list', () => {
    const params = { skip: 0, ratio: 0.5, rows: [{ id: 'a', year: 2024, tags: ['x'] }], mixed: [1, 2.5], points: [[1, 2], [0.5, 3]] };
    expect(toCypherParams(params)).to.deep.equal({
      skip: neo4j.int(0),
      ratio: 0.5,
      rows: [{ id: 'a', year: neo4j.int(2024), tags: ['x'] }],
      mixed: [1, 2.5],
      points: [[neo4j.int(1), neo4j.int(2)], [0.5, 3]],
    });
    // The caller's values are unchanged.
    expect(params.rows[0].year).to.equal(2024);
    expect(params.skip).to.equal(0);
  });

  it('sends what holds no whole number as it is, copying only the maps and lists on the way to a converted one', () => {
    const edges = [{ child: 'c', parent: 'p', parentType: 'MALE' }];
    const rows = [{ id: 'a' }, { id: 'b', n: 1 }];
    const out = toCypherParams({ edges, rows }) as { edges: unknown; rows: Array<Record<string, unknown>> };
    expect(out.edges).to.equal(edges);
    expect(out.rows).to.not.equal(rows);
    expect(out.rows[0]).to.equal(rows[0]);
    expect(out.rows[1]).to.deep.equal({ id: 'b', n: neo4j.int(1) });
    expect(rows[1].n).to.equal(1);
  });

  it('leaves values that are not plain maps alone (driver types, byte arrays)', () => {
    const date = new neo4j.types.Date(2024, 5, 1);
    const bytes = new Uint8Array([1, 2]);
    const out = toCypherParams({ date, bytes }) as Record<string, unknown>;
    expect(out.date).to.equal(date);
    expect(out.bytes).to.equal(bytes);
  });
});

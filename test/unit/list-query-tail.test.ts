// Why cypher-explain plans each filter in its ids query and the list query once per entity: for every entity and
// every filter, both queries are the filter's match (matchFiltered) followed by a tail that does not depend on the
// filter, and each tail starts with a WITH that keeps only `n`. A filter's text can then only fail or raise a
// deprecation where the ids query plans it too, and one plan of the list tail covers every filter. A list query that
// used the filter after its match would fail here.
import { expect } from 'chai';
import { idsQuery, listQuery, type ListOrder } from '../../src/entities/cypher.js';
import { compileWhere, matchFiltered, type CompiledFilter } from '../../src/entities/filters.js';
import { entities } from '../../src/modules/registry.js';
import { filterSample } from '../support/filter-sample.js';

/** The lines of `query` after the filter's match, or a failure naming what differs when it does not start with it. */
function tailAfterMatch(query: string, match: string[], what: string): string[] {
  const lines = query.split('\n');
  expect(lines.slice(0, match.length), `${what}: starts with the filter's match`).to.deep.equal(match);
  return lines.slice(match.length);
}

describe('list and ids queries: the filter\'s match, then a tail the same under every filter', () => {
  for (const entity of entities) {
    it(`${entity.label}: under each filter, in DbId order and under each sort`, () => {
      const orders: ListOrder[] = [{}, ...Object.values(entity.sortable ?? {}).flatMap((expr) => [{ expr }, { expr, descending: true }])];
      const unfiltered = compileWhere(entity, {});
      const tails = (filter: CompiledFilter, what: string) => {
        const match = matchFiltered(entity.label, filter);
        return {
          ids: tailAfterMatch(idsQuery(entity, filter), match, `${what} ids`),
          lists: orders.map((order) => tailAfterMatch(listQuery(entity, filter, order), match, `${what} list ${JSON.stringify(order)}`)),
        };
      };
      const expected = tails(unfiltered, `${entity.label} unfiltered`);
      // The tails see only `n` (a WITH of n, or of n and the sort key computed from n): nothing the filter binds.
      for (const tail of [expected.ids, ...expected.lists]) expect(tail[0], entity.label).to.match(/^WITH n( ORDER BY |, )/);
      for (const [name, spec] of Object.entries(entity.filters)) {
        const filter = compileWhere(entity, { [name]: filterSample(spec) });
        expect(filter.where, `${entity.label} filter ${name} compiles`).to.not.equal('true');
        expect(tails(filter, `${entity.label} filter ${name}`), `${entity.label} filter ${name}`).to.deep.equal(expected);
      }
    });
  }
});

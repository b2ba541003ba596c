// The route table: registration does not depend on the order modules list their routes (a fixed segment always
// wins over a parameter), a route declared twice is refused, and authorization reads each route's declared access.
import Router from '@koa/router';
import { expect } from 'chai';
import { read, routeTable, write, type RouteDef } from '../../src/http/routes.js';
import type { BrapiRouter } from '../../src/http/types.js';
import { routes } from '../../src/modules/registry.js';

const noop = () => undefined;

/** The paths in the order the router would try them, for routes declared in the given order. */
function registered(declared: RouteDef[]): string[] {
  const router = new Router({ prefix: '/brapi/v2' }) as unknown as BrapiRouter;
  routeTable(declared, '/brapi/v2').register(router);
  return router.stack.map((layer) => `${layer.methods.filter((m) => m !== 'HEAD').join(',')} ${layer.path}`);
}

describe('route table', () => {
  it('registers fixed paths before parameters, whatever the declared order', () => {
    const declared = [
      read.get('/seedlots/:seedLotDbId', noop),
      read.get('/seedlots/:seedLotDbId/transactions', noop),
      read.get('/seedlots/transactions', noop),
      read.get('/attributes/:attributeDbId', noop),
      read.get('/attributes/categories', noop),
    ];
    const expected = [
      'GET /brapi/v2/attributes/categories',
      'GET /brapi/v2/seedlots/transactions',
      'GET /brapi/v2/attributes/:attributeDbId',
      'GET /brapi/v2/seedlots/:seedLotDbId',
      'GET /brapi/v2/seedlots/:seedLotDbId/transactions',
    ];
    expect(registered(declared)).to.deep.equal(expected);
    expect(registered([...declared].reverse())).to.deep.equal(expected);
  });

  it('refuses a method and path declared twice', () => {
    expect(() => routeTable([read.get('/programs', noop), write.get('/programs', noop)], '')).to.throw('Route declared twice: GET /programs');
  });

  it('gives the declared access of a route as the router names it (HEAD as GET)', () => {
    const table = routeTable([read.post('/search/germplasm', noop), write.post('/germplasm', noop), read.get('/germplasm', noop)], '/brapi/v2');
    expect(table.accessOf('POST', '/brapi/v2/search/germplasm')).to.equal('read');
    expect(table.accessOf('POST', '/brapi/v2/germplasm')).to.equal('write');
    expect(table.accessOf('HEAD', '/brapi/v2/germplasm')).to.equal('read');
    expect(table.accessOf('DELETE', '/brapi/v2/germplasm')).to.equal(undefined);
  });

  it("the service's routes: every GET is a read; a POST is a read only for a search or a computing extension", () => {
    const readPosts = ['/extensions/kinship', '/extensions/inbreeding', '/extensions/relationship-inverse', '/extensions/duplicate-crosses', '/extensions/generations', '/extensions/pedigree-check', '/extensions/genomic-relationship', '/extensions/breeding-values'];
    expect(routes.length).to.be.above(100);
    for (const route of routes) {
      const where = `${route.method.toUpperCase()} ${route.path}`;
      if (route.method === 'get') expect(route.access, where).to.equal('read');
      else if (route.method === 'post' && (route.path.startsWith('/search/') || readPosts.includes(route.path))) expect(route.access, where).to.equal('read');
      else expect(route.access, where).to.equal('write');
    }
    expect(() => routeTable(routes, '/brapi/v2')).to.not.throw();
  });
});

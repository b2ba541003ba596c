// The API documentation: <base>/openapi.json holds exactly the calls /serverinfo lists, every reference in it resolves,
// it passes a standard OpenAPI validator and declares the service's own answers, and /docs serves the bundled Swagger
// UI that renders it.
import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import { foreignRequests, useBrowser } from '../support/browser.js';
import { routes } from '../../src/modules/registry.js';
import { api, server } from '../support/server.js';

const origin = () => new URL(server().baseUrl).origin;

describe('API documentation', () => {
  let doc: any;
  let served: string;
  before(async () => {
    const res = await api('GET', '/openapi.json', undefined, { authorization: '' });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    doc = res.json;
    served = res.text;
  });

  it('is valid OpenAPI for a standard validator', async () => {
    // validate() dereferences its argument in place: it gets its own copy.
    await SwaggerParser.validate(JSON.parse(served));
  });

  it('answers the 404 it declares on every GET with a path parameter, for an unknown DbId', async () => {
    const paths = Object.keys(doc.paths).filter((p) => p.includes('{') && doc.paths[p].get);
    expect(paths.length).to.be.greaterThan(20);
    for (const path of paths) {
      const res = await api('GET', path.replace(/\{\w+\}/g, 'no-such-dbid'));
      expect(res.status, `GET ${path}`).to.equal(404);
    }
  });

  it('declares error bodies as plain text, as the service sends them', async () => {
    const res = await api('GET', '/programs/no-such-program');
    expect(res.status).to.equal(404);
    expect(res.headers.get('content-type')).to.match(/^text\/plain/);
    const ref: string = doc.paths['/programs/{programDbId}'].get.responses['404'].$ref;
    expect(doc.paths['/programs/{programDbId}'].get.responses['400'].$ref).to.match(/400BadRequest$/);
    const notFound = doc.components.responses[ref.split('/').pop()!];
    expect(Object.keys(notFound.content)).to.deep.equal(['text/plain']);
    for (const [name, response] of Object.entries<any>(doc.components.responses)) {
      // 431 comes from Node's HTTP parser, without a body.
      if (name === '431RequestHeaderFieldsTooLarge') expect(response).to.not.have.property('content');
      else if (/^[45]\d\d/.test(name)) expect(Object.keys(response.content), name).to.deep.equal(['text/plain']);
    }
  });

  it('declares 404 on every call with a path parameter, 503 on every operation, 413 where a body is taken and 409 on writes that create records', () => {
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
    for (const [path, operations] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        expect(operation.responses['503'], `${method} ${path}`).to.deep.equal({ $ref: '#/components/responses/503ServiceUnavailable' });
        expect(Object.hasOwn(operation.responses, '413'), `${method} ${path}`).to.equal(operation.requestBody !== undefined);
        if (path.includes('{')) expect(operation.responses, `${method} ${path}`).to.have.property('404');
      }
    }
    expect(statuses('/programs', 'post')).to.include.members(['409', '413', '500', '503']);
    expect(statuses('/programs/{programDbId}', 'get')).to.include('404');
    expect(statuses('/pedigree', 'put')).to.include.members(['409', '413']);
    expect(statuses('/search/germplasm', 'post')).to.include('413').and.not.include('409');
    expect(statuses('/delete/observations', 'post')).to.not.include('409');
    expect(statuses('/programs', 'get')).to.not.include.members(['409', '413']);
    expect(doc.components.responses['503ServiceUnavailable'].headers).to.have.property('Retry-After');
  });

  it('documents exactly the calls /serverinfo lists, with their official operations, and the declared extensions', async () => {
    const calls: Array<{ service: string; methods: string[] }> = (await api('GET', '/serverinfo')).json.result.calls;
    const listed = calls.flatMap((c) => c.methods.map((m) => `${m} /${c.service}`)).sort();
    const documented = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)).sort();
    // Extensions: under /extensions, and reading an image's bytes back (an official path; the spec has no GET there).
    const extension = (call: string) => call.split(' ')[1].startsWith('/extensions/') || call === 'GET /images/{imageDbId}/imagecontent';
    expect(documented.filter((c) => !extension(c))).to.deep.equal(listed);
    // Every extension route of the service is declared (GET and POST forms alike), and nothing else.
    const served = routes.map((r) => `${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`).filter(extension);
    expect(documented.filter(extension)).to.deep.equal([...new Set(served)].sort());
    expect(documented).to.include.members(['GET /extensions/kinship', 'POST /extensions/kinship', 'POST /extensions/breeding-values', 'POST /extensions/pedigree-check', 'POST /extensions/genomic-relationship', 'GET /extensions/germplasm-comparison', 'POST /extensions/germplasm/{germplasmDbId}/merge']);
    // The computing extensions' POSTs are reads: no token, like a search.
    expect(doc.paths['/extensions/relationship-inverse'].post.security).to.deep.equal([]);
    expect(doc.paths['/extensions/breeding-values'].post.security).to.deep.equal([]);
    expect(doc.paths['/extensions/germplasm-comparison'].get.security).to.deep.equal([]);
    // A merge is a write: it keeps the bearer requirement.
    expect(doc.paths['/extensions/germplasm/{germplasmDbId}/merge'].post).to.not.have.property('security');
    expect(doc.openapi).to.match(/^3\./);
    expect(doc.servers).to.deep.equal([{ url: new URL(server().baseUrl).pathname }]);
    expect(doc.paths['/pedigree'].get.parameters.map((p: any) => p.$ref ?? p.name)).to.include('#/components/parameters/germplasmDbId');
    // Reads need no token (the suite's server keeps reads public); writes keep the files' bearer requirement.
    expect(doc.paths['/germplasm'].get.security).to.deep.equal([]);
    expect(doc.paths['/search/germplasm'].post.security).to.deep.equal([]);
    expect(doc.paths['/germplasm'].post).to.not.have.property('security');
    expect(doc.security).to.not.deep.equal([]);
    // The parameters this server takes beyond the files are declared where it takes them.
    for (const method of ['post', 'put']) expect(doc.paths['/pedigree'][method].parameters.map((p: any) => p.$ref ?? p.name), method).to.include('allowWideCrosses');
    expect(doc.paths['/pedigree'].post.parameters.map((p: any) => p.$ref ?? p.name)).to.include('replaceParentTypes');
  });

  it('describes every tag it uses, and shows every extension under the Extensions tag', () => {
    const operations = Object.entries<Record<string, any>>(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ call: `${method.toUpperCase()} ${path}`, op })));
    const used = [...new Set(operations.flatMap(({ op }) => op.tags ?? []))].sort();
    expect(doc.tags.map((t: any) => t.name)).to.deep.equal(used);
    for (const tag of doc.tags) expect(tag.description, tag.name).to.be.a('string').and.not.equal('');
    const extension = (call: string) => call.split(' ')[1].startsWith('/extensions/') || call === 'GET /images/{imageDbId}/imagecontent';
    const extensions = operations.filter(({ call }) => extension(call));
    expect(extensions.length).to.be.greaterThan(10);
    for (const { call, op } of extensions) expect(op.tags, call).to.include('Extensions');
    for (const { call, op } of operations.filter(({ call }) => !extension(call))) expect(op.tags, call).to.not.include('Extensions');
  });

  it('resolves every $ref inside the document', () => {
    const missing: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (value === null || typeof value !== 'object') return;
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string') {
          const target = v.replace(/^#\//, '').split('/').reduce<any>((node, part) => node?.[part], doc);
          if (target === undefined) missing.push(v);
        } else walk(v);
      }
    };
    walk(doc);
    expect(missing).to.deep.equal([]);
  });

  it('serves the docs page and its bundled assets, without a token, under a strict CSP', async () => {
    const page = await fetch(`${origin()}/docs`);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-security-policy')).to.contain("default-src 'self'");
    const html = await page.text();
    expect(html).to.contain(`data-spec="${new URL(server().baseUrl).pathname}/openapi.json"`);
    for (const [file, type] of [['swagger-ui.css', 'text/css'], ['swagger-ui-bundle.js', 'application/javascript'], ['docs.js', 'application/javascript']]) {
      expect(html).to.contain(`/docs/${file}`);
      const res = await fetch(`${origin()}/docs/${file}`);
      expect(res.status, file).to.equal(200);
      expect(res.headers.get('content-type')).to.contain(type);
      expect((await res.arrayBuffer()).byteLength).to.be.greaterThan(100);
    }
    expect((await fetch(`${origin()}/docs/index.js`)).status).to.equal(404);
  });

  describe('in Chromium', () => {
    const session = useBrowser();

    it('renders every documented tag and opens an operation, with nothing fetched off the origin', async function () {
      this.timeout(60_000);
      const { page } = session;
      await page.goto(`${origin()}/docs`);
      await page.locator('.information-container .title').filter({ hasText: 'brapi-neo4j' }).waitFor({ timeout: 30_000 });
      const tags = await page.locator('.opblock-tag-section').count();
      expect(tags).to.equal(doc.tags.length);
      // Open the Germplasm tag and the GET /pedigree operation: its parameters are the official ones.
      await page.locator('.opblock-tag', { hasText: /^Pedigree/ }).first().click();
      const op = page.locator('.opblock-get', { has: page.locator('[data-path="/pedigree"]') }).first();
      await op.locator('.opblock-summary').click();
      await op.locator('tr[data-param-name="pedigreeDepth"]').waitFor();
      expect(foreignRequests(session.requests, origin())).to.deep.equal([]);
      expect(session.requests).to.include(`${origin()}${new URL(server().baseUrl).pathname}/openapi.json`);
      expect(session.errors, session.errors.join("\n")).to.deep.equal([]);
    });
  });
});

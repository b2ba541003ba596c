// The API documentation: <base>/openapi.json holds exactly the calls /serverinfo lists, every reference in it resolves,
// and /docs serves the bundled Swagger UI that renders it.
import { expect } from 'chai';
import { foreignRequests, useBrowser } from '../support/browser.js';
import { api, server } from '../support/server.js';

const origin = () => new URL(server().baseUrl).origin;

describe('API documentation', () => {
  let doc: any;
  before(async () => {
    const res = await api('GET', '/openapi.json', undefined, { authorization: '' });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    doc = res.json;
  });

  it('documents exactly the calls /serverinfo lists, with their official operations', async () => {
    const calls: Array<{ service: string; methods: string[] }> = (await api('GET', '/serverinfo')).json.result.calls;
    const listed = calls.flatMap((c) => c.methods.map((m) => `${m} /${c.service}`)).sort();
    const documented = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)).sort();
    expect(documented).to.deep.equal(listed);
    expect(doc.openapi).to.match(/^3\./);
    expect(doc.servers).to.deep.equal([{ url: new URL(server().baseUrl).pathname }]);
    expect(doc.paths['/pedigree'].get.parameters.map((p: any) => p.$ref ?? p.name)).to.include('#/components/parameters/germplasmDbId');
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

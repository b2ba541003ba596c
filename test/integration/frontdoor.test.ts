// GET /: the front door. Its links answer, its example calls work against the demo data as written, it renders in
// Chromium with its stylesheet allowed by the page's policy and nothing loaded from elsewhere; serverinfo's
// documentationURL points at the docs of this server.
import { expect } from 'chai';
import { useBrowser } from '../support/browser.js';
import { api, server } from '../support/server.js';

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('front door (GET /)', () => {
  const browser = useBrowser();

  it('links the API, the docs and the viewer, each of which answers', async () => {
    const res = await fetch(`${server().url}/`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).to.match(/^default-src 'none'; style-src 'sha256-/);
    const html = await res.text();
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => decode(m[1]));
    const local = hrefs.filter((h) => h.startsWith(server().url));
    expect(local).to.deep.equal([`${server().baseUrl}/serverinfo`, `${server().url}/docs`, `${server().url}/viewer`]);
    for (const href of local) expect((await fetch(href)).status, href).to.equal(200);
    // The Browser link is there exactly when the service started the bundled Neo4j.
    const devDb = server().devDb;
    expect(hrefs.filter((h) => !h.startsWith(server().url))).to.deep.equal(devDb ? [devDb.browserUrl] : []);
  });

  it('its first steps run as written against the demo data', async () => {
    const html = await (await fetch(`${server().url}/`)).text();
    const block = decode(/<pre>([\s\S]*?)<\/pre>/.exec(html)![1]).replace(/\\\n\s*/g, '');
    const calls = block.split('\n').filter(Boolean);
    expect(calls).to.have.length(4);
    for (const call of calls) {
      const url = /'(http[^']+)'/.exec(call)![1];
      const body = /-d '([^']+)'/.exec(call)?.[1];
      const res = await fetch(url, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body } : {});
      const json = await res.json() as { result: { data?: unknown[] } };
      expect(res.status, call).to.equal(200);
      if (json.result.data) expect(json.result.data, call).to.not.be.empty;
    }
  });

  it('renders in Chromium: styled, no error, nothing from another origin', async () => {
    const { page } = browser;
    await page.goto(`${server().url}/`);
    expect(await page.locator('h1').textContent()).to.equal('BrAPI v2.1 on Neo4j');
    // The inline stylesheet applied (a CSP refusal would leave the browser's default serif font and 8px margin).
    expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).to.equal('736px');
    expect(browser.errors).to.deep.equal([]);
    expect(browser.requests.filter((u) => !u.startsWith(server().url))).to.deep.equal([]);
  });

  it('serverinfo documentationURL is this server\'s /docs', async () => {
    const res = await api('GET', '/serverinfo');
    expect(res.json.result.documentationURL).to.equal(`${server().url}/docs`);
    const proxied = await api('GET', '/serverinfo', undefined, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'brapi.example.org' });
    expect(proxied.json.result.documentationURL).to.equal('https://brapi.example.org/docs');
  });
});

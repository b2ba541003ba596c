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
    const calls = [...html.matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map((m) => decode(m[1]).replace(/\\\n\s*/g, ''));
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

  it('says what a surprising answer means: Williams 82 and Williams unrelated, through the parentless "Williams 7"', async () => {
    const html = decode(await (await fetch(`${server().url}/`)).text());
    expect(html).to.match(/Williams 82 and Williams come out unrelated \(0\)[^<]*"Williams 7" is kept as a germplasm of its own with no parents/);
    // The facts the sentence states, read from the API.
    const kinship = await api('POST', '/extensions/kinship', { germplasmDbIds: ['soy-williams-82', 'soy-williams', 'soy-lee'] });
    expect(kinship.json.result.coancestry[0][1]).to.equal(0);
    expect(kinship.json.result.coancestry[1][2]).to.be.within(0.025, 0.035);
    const parents = (await api('GET', '/germplasm/soy-williams-82/pedigree')).json.result.parents.map((p: any) => p.germplasmName).sort();
    expect(parents).to.deep.equal(['Kingwa', 'Williams 7']);
    expect((await api('GET', '/germplasm/soy-williams-7/pedigree')).json.result.parents).to.deep.equal([]);
  });

  it('its example calls fit their boxes, on a wide and a narrow screen (long lines wrap)', async () => {
    const { page } = browser;
    for (const width of [1280, 420]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server().url}/`);
      const cut = await page.locator('pre').evaluateAll((pres) => pres.filter((p) => p.scrollWidth > p.clientWidth).map((p) => p.textContent));
      expect(cut, `at ${width} px`).to.deep.equal([]);
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

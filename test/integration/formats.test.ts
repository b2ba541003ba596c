// Formats said honestly (issue 33, item 5): a call that answers JSON only refuses `Accept: text/csv` with 406 and
// `format=csv` with 400, naming what it answers, instead of answering JSON with 200; the calls that do answer CSV/TSV
// keep doing so; docs/formats.md lists exactly the calls the route table declares with more formats than JSON.
import fs from 'node:fs';
import { expect } from 'chai';
import { routes } from '../../src/modules/registry.js';
import { api } from '../support/server.js';

const specPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('formats: a call answers the formats it offers, or says which it does (issue 33, item 5)', () => {
  it('GET /germplasm: Accept text/csv is a 406 naming application/json, format=csv a 400; JSON stays the answer otherwise', async () => {
    const csv = await api('GET', '/germplasm?pageSize=1', undefined, { accept: 'text/csv' });
    expect(csv.status, csv.text).to.equal(406);
    expect(csv.headers.get('content-type')).to.match(/^text\/plain/);
    expect(csv.text).to.contain('GET /brapi/v2/germplasm answers application/json only');
    const format = await api('GET', '/germplasm?pageSize=1&format=csv');
    expect(format.status, format.text).to.equal(400);
    expect(format.text).to.contain('format=csv is not offered').and.contain('JSON only');
    for (const accept of ['text/csv, application/json;q=0.5', '*/*', 'application/*', '']) {
      const res = await api('GET', '/germplasm?pageSize=1', undefined, { accept });
      expect(res.status, `Accept: ${accept}`).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
    }
    expect((await api('GET', '/germplasm?pageSize=1&format=json')).status).to.equal(200);
    const search = await api('POST', '/search/germplasm', { pageSize: 1 }, { accept: 'text/tsv' });
    expect(search.status, search.text).to.equal(406);
  });

  it('no call listed by /serverinfo answers JSON with 200 to a request that allows CSV only', async () => {
    const { calls } = (await api('GET', '/serverinfo')).json.result as { calls: Array<{ service: string; methods: string[] }> };
    const offering = new Set(routes.filter((r) => r.formats).map((r) => `${r.method.toUpperCase()} ${specPath(r.path)}`));
    const gets = calls.filter((c) => c.methods.includes('GET'));
    expect(gets.length).to.be.greaterThan(50);
    const dishonest: string[] = [];
    for (const { service } of gets) {
      const path = `/${service}`.replace(/\{\w+\}/g, 'no-such-id');
      const res = await api('GET', path, undefined, { accept: 'text/csv' });
      const json = res.status === 200 && /^application\/json/.test(res.headers.get('content-type') ?? '');
      if (json) dishonest.push(`GET /${service}`);
      if (!offering.has(`GET /${service}`) && (res.status !== 406 || !res.text.includes('application/json'))) dishonest.push(`GET /${service}: ${res.status} ${res.text.slice(0, 80)}`);
    }
    expect(dishonest).to.deep.equal([]);
  });

  it('the calls that answer CSV/TSV still do, by Accept and by format=', async () => {
    const table = await api('GET', '/observationunits/table?pageSize=2', undefined, { accept: 'text/csv' });
    expect(table.status, table.text).to.equal(200);
    expect(table.headers.get('content-type')).to.match(/^text\/csv/);
    const kinship = await api('GET', '/extensions/kinship?germplasmDbId=soy-essex&germplasmDbId=soy-lee&format=tsv');
    expect(kinship.status, kinship.text).to.equal(200);
    expect(kinship.headers.get('content-type')).to.match(/^text\/tsv/);
    const generations = await api('POST', '/extensions/generations?format=csv', { germplasmDbIds: ['soy-essex'] });
    expect(generations.status, generations.text).to.equal(200);
    expect(generations.headers.get('content-type')).to.match(/^text\/csv/);
  });

  it('docs/formats.md lists exactly the calls declared with more formats than JSON', () => {
    const doc = fs.readFileSync(new URL('../../docs/formats.md', import.meta.url), 'utf8');
    const listed = [...doc.matchAll(/^\| (GET|POST|PUT|DELETE) (\/\S+) \|/gm)].map((m) => `${m[1]} ${m[2]}`).sort();
    const declared = routes.filter((r) => r.formats).map((r) => `${r.method.toUpperCase()} ${specPath(r.path)}`).sort();
    expect(listed).to.deep.equal(declared);
  });
});

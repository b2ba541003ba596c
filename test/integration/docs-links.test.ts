// The curl examples of the README and the getting-started page, run against the test server as written (the base
// URL swapped for the server's): each answers 200 and holds the field its `# expect:` line names. The links of the
// same pages are checked without a server, in test/unit/docs-links.test.ts.
import path from 'node:path';
import { expect } from 'chai';
import { curlExamples, ROOT, valueAt } from '../support/markdown.js';
import { server } from '../support/server.js';

const DOCUMENTED_ORIGIN = 'http://127.0.0.1:8080';
const pages = ['README.md', 'docs/getting-started.md'];

describe('documentation examples', () => {
  for (const page of pages) {
    const examples = curlExamples(path.join(ROOT, page));
    it(`${page}: ${examples.length} curl examples answer 200 with the field each names`, async () => {
      expect(examples.length).to.be.at.least(5);
      for (const example of examples) {
        const where = `${page}:${example.line} ${example.method} ${example.url}`;
        expect(example.url.startsWith(DOCUMENTED_ORIGIN), where).to.equal(true);
        expect(example.expect, `${where}: no "# expect:" line`).to.be.a('string');
        const url = new URL(server().url).origin + example.url.slice(DOCUMENTED_ORIGIN.length);
        const res = await fetch(url, { method: example.method, headers: example.headers, body: example.body });
        const text = await res.text();
        expect(res.status, `${where}: ${text.slice(0, 300)}`).to.equal(200);
        if (/json/.test(res.headers.get('content-type') ?? '')) {
          const value = valueAt(JSON.parse(text), example.expect!);
          expect(value, `${where}: ${example.expect} in ${text.slice(0, 300)}`).to.not.equal(undefined);
          expect(value, `${where}: ${example.expect}`).to.not.equal(null);
        } else {
          const header = text.split(/\r?\n/)[0].split(/[,\t]/).map((cell) => cell.replace(/^"(.*)"$/, '$1'));
          expect(header, `${where}: the header of ${text.slice(0, 200)}`).to.include(example.expect);
        }
      }
    });
  }
});

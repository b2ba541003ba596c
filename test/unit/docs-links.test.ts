// The documentation as a map: every relative link of the README, docs/ and bench/README.md reaches a file, and every
// #anchor a heading of that file (GitHub's slugs); every page is linked from the README; every curl example of the
// README and the getting-started page names the field its answer must hold (test/integration/docs-links.test.ts runs them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { brokenReason, curlExamples, documentationFiles, headingAnchors, relativeLinks, ROOT, shellWords } from '../support/markdown.js';

describe('documentation links', () => {
  it('gives headings the anchors GitHub gives them', () => {
    const page = [
      '# Pedigree curation',
      '## Orders to the genotyping lab (vendor calls)',
      '## Migrations: data from before',
      '## `npm test` and **CI**',
      '## Duplicate-cross look-up',
      '## Notes', '## Notes',
      '```sh', '# not a heading', '```',
      '### A [linked](other.md) heading_with_underscore',
    ].join('\n');
    expect([...headingAnchors(page)]).to.deep.equal([
      'pedigree-curation',
      'orders-to-the-genotyping-lab-vendor-calls',
      'migrations-data-from-before',
      'npm-test-and-ci',
      'duplicate-cross-look-up',
      'notes', 'notes-1',
      'a-linked-heading_with_underscore',
    ]);
  });

  it('reports a link to a missing file or anchor', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.md'), '# A\n\n## Two words\n\n[ok](#two-words) [file](b.md) [gone](c.md) [bad](#three-words) `[code](d.md)`\n');
      fs.writeFileSync(path.join(dir, 'b.md'), '# B\n');
      const links = relativeLinks(path.join(dir, 'a.md'));
      expect(links.map((l) => l.target)).to.deep.equal(['#two-words', 'b.md', 'c.md', '#three-words']);
      expect(links.map(brokenReason)).to.deep.equal([undefined, undefined, `no file ${path.relative(ROOT, path.join(dir, 'c.md'))}`,
        `no heading of ${path.relative(ROOT, path.join(dir, 'a.md'))} has the anchor #three-words`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('resolves every relative link and anchor of the README, docs/ and bench/README.md', () => {
    const links = documentationFiles().flatMap(relativeLinks);
    expect(links.length).to.be.greaterThan(50);
    const broken = links.flatMap((link) => {
      const reason = brokenReason(link);
      return reason ? [`${path.relative(ROOT, link.file)}:${link.line} (${link.target}): ${reason}`] : [];
    });
    expect(broken, broken.join('\n')).to.deep.equal([]);
  });

  it('links every page of docs/ and the benchmark from the README, which stays a short map', () => {
    const readme = path.join(ROOT, 'README.md');
    const linked = new Set(relativeLinks(readme).map((l) => path.resolve(ROOT, l.target.split('#')[0])));
    const pages = documentationFiles().filter((f) => f !== readme);
    expect(pages.filter((page) => !linked.has(page)).map((p) => path.relative(ROOT, p))).to.deep.equal([]);
    expect(fs.readFileSync(readme, 'utf8').split('\n').length).to.be.at.most(200);
  });

  it('names the field each curl example of the README and the getting-started page must answer', () => {
    const examples = ['README.md', 'docs/getting-started.md'].flatMap((f) => curlExamples(path.join(ROOT, f)));
    expect(examples.length).to.be.at.least(10);
    const unchecked = examples.filter((e) => !e.expect).map((e) => `${path.relative(ROOT, e.file)}:${e.line}`);
    expect(unchecked, 'curl lines without a "# expect: <field>" line above them').to.deep.equal([]);
    const kinship = examples.find((e) => e.url.endsWith('/extensions/kinship'))!;
    expect(kinship).to.include({ method: 'POST' });
    expect(JSON.parse(kinship.body!).germplasmDbIds).to.include('soy-williams-82');
    expect(shellWords(`curl -s 'a b' "c'd" e\\ f`)).to.deep.equal(['curl', '-s', 'a b', "c'd", 'e f']);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { readSoybase, type SoybaseData } from '../../src/demo/soybase.js';
import { slugIds } from '../../src/modules/germplasm/pedigree/io/namedRows.js';

const dir = fileURLToPath(new URL('../../fixtures/soybase', import.meta.url));

/** Data lines of a fixture TSV, split on tabs (read here independently of the loader). */
function tsv(file: string): string[][] {
  return fs
    .readFileSync(path.join(dir, file), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0 && !line.startsWith('#'))
    .map((line) => line.split('\t'));
}

type Germplasm = SoybaseData['germplasm'][number];

describe('SoyBase reader', function () {
  let data: SoybaseData;
  let byName: Map<string, Germplasm>;
  let strains: string[];
  let extraParents: Set<string>;

  before(function () {
    data = readSoybase(dir);
    byName = new Map(data.germplasm.map((g) => [g.record.germplasmName as string, g]));

    const lines = tsv('parentage.tsv');
    strains = lines.map((l) => l[0].trim());
    const own = new Set(strains);
    extraParents = new Set<string>();
    for (const l of lines) {
      for (const raw of [l[1], l[2]]) {
        const p = (raw ?? '').trim();
        // Inline pedigree expressions, e.g. "( Kent 7 X L49-4196 )", are not germplasm names.
        // "Unknown" (two rows give it as both parents) means no parent, not a line of that name.
        if (p !== '' && p !== 'Unknown' && !p.startsWith('(') && !p.includes(' , ') && !own.has(p)) extraParents.add(p);
      }
    }
  });

  describe('counts', function () {
    it('reads 18,267 rows', function () {
      expect(strains).to.have.length(18_267);
      expect(data.rows).to.have.length(18_267);
      expect(data.rows.map((r) => r.strain)).to.deep.equal(strains);
    });

    it('germplasm = every row + every named parent without a row of its own', function () {
      // 2,635 parents have no row; 1,142 of them are inline pedigree expressions (20 without an opening bracket).
      expect(extraParents.size).to.equal(1_492);
      expect(data.germplasm).to.have.length(strains.length + extraParents.size);
      expect(data.germplasm).to.have.length(19_759);
      const names = new Set(data.germplasm.map((g) => g.record.germplasmName as string));
      expect(names).to.deep.equal(new Set([...strains, ...extraParents]));
    });

    it('each strain appears exactly once as germplasm', function () {
      const seen = new Map<string, number>();
      for (const g of data.germplasm) {
        const n = g.record.germplasmName as string;
        seen.set(n, (seen.get(n) ?? 0) + 1);
      }
      for (const s of strains) expect(seen.get(s), s).to.equal(1);
      expect([...seen.values()].every((c) => c === 1)).to.equal(true);
    });

    it('no germplasm name is an inline pedigree expression', function () {
      const bad = data.germplasm.filter((g) => /^\(| , /.test(g.record.germplasmName as string));
      expect(bad).to.deep.equal([]);
    });
  });

  describe('DbIds', function () {
    it('are unique and URL-safe', function () {
      const ids = data.germplasm.map((g) => g.germplasmDbId);
      expect(new Set(ids).size).to.equal(ids.length);
      for (const id of ids) expect(id).to.match(/^soy-[a-z0-9-]+$/);
    });

    const slugCases: Array<{ names: string[]; expected: Array<[string, string]> }> = [
      { names: ['Williams 82'], expected: [['Williams 82', 'soy-williams-82']] },
      { names: ['A B', 'a-b'], expected: [['A B', 'soy-a-b'], ['a-b', 'soy-a-b-2']] },
      { names: ['x', 'X', ' x '], expected: [['x', 'soy-x'], ['X', 'soy-x-2'], [' x ', 'soy-x-3']] },
      { names: ['( Kent 7 X L49-4196 )'], expected: [['( Kent 7 X L49-4196 )', 'soy-kent-7-x-l49-4196']] },
      { names: ['C.N.S.', '???'], expected: [['C.N.S.', 'soy-c-n-s'], ['???', 'soy-unnamed']] },
    ];
    for (const c of slugCases) {
      it(`slugIds(${JSON.stringify(c.names)})`, function () {
        expect([...slugIds(c.names)]).to.deep.equal(c.expected);
      });
    }

    it('Williams 82 gets soy-williams-82 in the real data', function () {
      expect(byName.get('Williams 82')?.germplasmDbId).to.equal('soy-williams-82');
    });
  });

  describe('records', function () {
    it('Williams 82: accession, typed synonyms, comment, and no pedigree string of its own (the graph has its parents)', function () {
      const row = tsv('parentage.tsv').find((l) => l[0] === 'Williams 82');
      expect(row).to.deep.equal(['Williams 82', 'Williams 7', 'Kingwa']);
      const r = byName.get('Williams 82')!.record;
      expect(r.accessionNumber).to.equal('PI 548585');
      expect(r.synonyms).to.deep.equal([
        { synonym: 'PI 548585', type: 'PI accession number' },
        { synonym: 'Winchester', type: 'alternate name' },
      ]);
      expect(r).to.not.have.property('pedigree');
      expect(r.additionalInfo).to.deep.equal({ soybaseComment: 'PVP 8400082' });
      expect(r).to.include({ germplasmName: 'Williams 82', commonCropName: 'Soybean', genus: 'Glycine', species: 'max' });
      expect(r.germplasmPUI).to.equal('urn:soybase:parentage:Williams%2082');
    });

    it('every strain with a PI synonym gets one as accessionNumber', function () {
      const pi = new Map<string, string[]>();
      for (const [strain, alt] of tsv('parentage-synonyms.tsv')) {
        if (/^PI \d/.test(alt.trim())) pi.set(strain, [...(pi.get(strain) ?? []), alt.trim()]);
      }
      expect(pi.size).to.be.greaterThan(900);
      for (const [strain, accessions] of pi) {
        const g = byName.get(strain);
        expect(g, strain).to.not.equal(undefined);
        expect(accessions, strain).to.include(g!.record.accessionNumber);
      }
    });

    it('synonyms are distinct and never the germplasm name itself (the file repeats some)', function () {
      for (const g of data.germplasm) {
        const synonyms = ((g.record.synonyms ?? []) as Array<{ synonym: string }>).map((s) => s.synonym);
        expect(new Set(synonyms).size, g.record.germplasmName as string).to.equal(synonyms.length);
        expect(synonyms).to.not.include(g.record.germplasmName);
      }
      const lol = data.germplasm.find((g) => g.record.germplasmName === 'Land O Lakes L4404')!;
      expect((lol.record.synonyms as unknown[]).length).to.be.greaterThan(0);
    });

    it('synonyms without a PI number are typed alternate names and give no accession', function () {
      const r = byName.get('AgriPro 27')!.record;
      expect(r.accessionNumber).to.equal(null);
      expect(r.synonyms).to.deep.equal([
        { synonym: 'Agripro Ex 7710', type: 'alternate name' },
        { synonym: 'AP27', type: 'alternate name' },
      ]);
    });

    it('a parent without a row has no synonyms or comment', function () {
      expect(extraParents.has('Williams 7')).to.equal(true);
      expect(byName.get('Williams 7')!.record).to.include({ synonyms: null, additionalInfo: null, accessionNumber: null });
    });

    it('several comments for one strain are joined', function () {
      expect(byName.get('Land O Lakes L4404')!.record.additionalInfo).to.deep.equal({
        soybaseComment: 'Land O Lakes, Inc., PVP 8000125; Introduction; Donated Ca. 1935, Origin Unknown',
      });
    });

    it('every comment in the comments file lands on its germplasm', function () {
      const comments = tsv('parentage-comments.tsv');
      expect(comments.length).to.be.greaterThan(7_000);
      for (const [strain, comment] of comments) {
        const info = byName.get(strain)?.record.additionalInfo as { soybaseComment: string } | null | undefined;
        expect(info?.soybaseComment, strain).to.be.a('string').and.include(comment.trim());
      }
    });
  });
});

// Genome maps and marker positions: the reference sets as physical maps, read from what the VCF imports stored. A VCF
// imported onto an assembly of its own gives a map whose linkage groups, counts and positions are those of the file;
// the demo's Stoneville VCF gives the marker positions of its rows.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { importOwnVcf, removeGenotypingStudy } from '../support/genotyping.js';
import { list } from '../support/list.js';
import { expectValidResponse } from '../support/schema.js';
import { search } from '../support/search.js';
import { api } from '../support/server.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/genotyping/', import.meta.url));

/** The data rows of a VCF text: CHROM, POS and ID. */
function vcfRows(text: string) {
  return text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => {
    const [chrom, pos, id] = l.split('\t');
    return { chrom, pos: Number(pos), id };
  });
}

describe('genotyping: genome maps and marker positions', function () {
  this.timeout(120_000);
  const ASSEMBLY = 'Glycine max map test assembly';
  // Three contigs, one of them without variants; rows out of position order on Gm07; one row without an ID.
  const VCF = [
    '##fileformat=VCFv4.2',
    `##reference=${ASSEMBLY}`,
    '##contig=<ID=Gm07,length=44630646>',
    '##contig=<ID=Gm08,length=46838887>',
    '##contig=<ID=Gm09,length=46995532>',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tEssex\tLee',
    'Gm07\t100\tmk-1\tA\tG\t.\tPASS\t.\tGT\t0/0\t1/1',
    'Gm07\t2500\tmk-2\tC\tT\t.\tPASS\t.\tGT\t0/1\t1/1',
    'Gm07\t900\tmk-3\tG\tA\t.\tPASS\t.\tGT\t0/0\t./.',
    'Gm08\t1\t.\tT\tC\t.\tPASS\t.\tGT\t1/1\t0/0',
    'Gm08\t77000\tmk-5\tA\tC\t.\tPASS\t.\tGT\t0/0\t0/1',
  ].join('\n') + '\n';
  const rows = vcfRows(VCF);
  let mapDbId: string;
  let variants: Array<{ variantDbId: string; chrom: string; pos: number; id: string }>;
  let study: string;

  before(async () => {
    // A study of the test's own: the import makes samples of its columns there, which no other test then matches.
    study = await importOwnVcf('Map test study', VCF, 'vs-map-test');
    mapDbId = (await api('GET', '/variantsets/vs-map-test')).json.result.referenceSetDbId;
    const listed = (await api('GET', '/variantsets/vs-map-test/variants?pageSize=100')).json.result.data as Array<{ variantDbId: string }>;
    // The import keeps file order: the n-th variant is the n-th row.
    variants = listed.map((v, i) => ({ variantDbId: v.variantDbId, ...rows[i] }));
  });
  after(async () => {
    await removeGenotypingStudy(study);
  });

  it('a reference set is a physical map in bp, with its contigs as linkage groups and its variants as markers', async () => {
    const res = await api('GET', `/maps/${encodeURIComponent(mapDbId)}`);
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('get', '/maps/{mapDbId}', 200, res.json);
    expect(res.json.result).to.include({
      mapDbId, mapName: ASSEMBLY, type: 'Physical', unit: 'bp', commonCropName: 'Soybean', linkageGroupCount: 3, markerCount: rows.length,
    });

    const groups = await api('GET', `/maps/${encodeURIComponent(mapDbId)}/linkagegroups`);
    expect(groups.status, groups.text).to.equal(200);
    expectValidResponse('get', '/maps/{mapDbId}/linkagegroups', 200, groups.json);
    // What the file says: per CHROM the number of rows and the largest POS; Gm09 is declared and holds none.
    const expected = ['Gm07', 'Gm08', 'Gm09'].map((chrom) => {
      const on = rows.filter((r) => r.chrom === chrom);
      return { additionalInfo: null, linkageGroupName: chrom, markerCount: on.length, maxPosition: on.length ? Math.max(...on.map((r) => r.pos)) : null };
    });
    expect(groups.json.result.data).to.deep.equal(expected);
    expect(groups.json.metadata.pagination).to.include({ totalCount: 3 });
    const second = await api('GET', `/maps/${encodeURIComponent(mapDbId)}/linkagegroups?pageSize=2&page=1`);
    expect(second.json.result.data.map((g: { linkageGroupName: string }) => g.linkageGroupName)).to.deep.equal(['Gm09']);
  });

  it('GET /maps lists every reference set, filtered by DbId, type, crop and study', async () => {
    const all = await api('GET', '/maps?pageSize=1000');
    expect(all.status, all.text).to.equal(200);
    expectValidResponse('get', '/maps', 200, all.json);
    const sets = (await api('GET', '/referencesets?pageSize=1000')).json.result.data.map((s: { referenceSetDbId: string }) => s.referenceSetDbId).sort();
    expect(all.json.result.data.map((m: { mapDbId: string }) => m.mapDbId)).to.deep.equal(sets);
    const ids = async (query: string) => (await api('GET', `/maps?${query}`)).json.result.data.map((m: { mapDbId: string }) => m.mapDbId);
    expect(await ids(`mapDbId=${encodeURIComponent(mapDbId)}`)).to.deep.equal([mapDbId]);
    expect(await ids('type=Genetic')).to.deep.equal([]);
    expect((await ids('type=Physical')).length).to.equal(sets.length);
    expect(await ids('commonCropName=Barley')).to.deep.equal([]);
    // The study whose variant sets are on the map: the demo VCF of Stoneville 2023 is on Wm82.a1.v1.
    const stoneville = (await api('GET', '/variantsets/variantset-stoneville-2023-demo')).json.result.referenceSetDbId;
    expect(await ids('studyDbId=study-stoneville-2023')).to.deep.equal([stoneville]);
    expect(await ids(`studyDbId=${study}`)).to.deep.equal([mapDbId]);
    const scientific = await api('GET', '/maps?scientificName=Glycine%20max');
    expect(scientific.json.metadata.status.map((s: { message: string }) => s.message).join('\n')).to.match(/scientificName/);
    expect((await api('GET', '/maps/no-such-map')).status).to.equal(404);
    expect((await api('GET', '/maps/no-such-map/linkagegroups')).status).to.equal(404);
  });

  it('marker positions are the VCF rows: CHROM as linkage group, POS as position (1-based), ID as name', async () => {
    const { data } = await list('markerpositions', `mapDbId=${encodeURIComponent(mapDbId)}&pageSize=100`);
    expect(data).to.deep.equal(variants.map((v) => ({
      additionalInfo: null, linkageGroupName: v.chrom, mapDbId, mapName: ASSEMBLY, position: v.pos, variantDbId: v.variantDbId,
      // A row without an ID is named by its DbId.
      variantName: v.id === '.' ? v.variantDbId : v.id,
    })));
    const ids = async (query: string) => (await list('markerpositions', `mapDbId=${encodeURIComponent(mapDbId)}&${query}`)).ids;
    const where = (test: (v: (typeof variants)[number]) => boolean) => variants.filter(test).map((v) => v.variantDbId);
    // Bounds are inclusive and in the map's positions (POS), not the variants' 0-based starts.
    expect(await ids('minPosition=900')).to.deep.equal(where((v) => v.pos >= 900));
    expect(await ids('maxPosition=900')).to.deep.equal(where((v) => v.pos <= 900));
    expect(await ids('minPosition=1&maxPosition=1')).to.deep.equal(where((v) => v.pos === 1));
    expect(await ids('linkageGroupName=Gm07&minPosition=101&maxPosition=2500')).to.deep.equal(where((v) => v.chrom === 'Gm07' && v.pos > 100 && v.pos <= 2500));
    expect(await ids(`variantDbId=${variants[3].variantDbId}`)).to.deep.equal([variants[3].variantDbId]);
    const bad = await api('GET', '/markerpositions?minPosition=abc');
    expect(bad.status).to.equal(400);
  });

  it('POST /search/markerpositions finds the same markers as the list', async () => {
    const found = await search('markerpositions', { mapDbIds: [mapDbId], linkageGroupNames: ['Gm07', 'Gm08'], minPosition: 900, maxPosition: 77000 }, '?pageSize=100');
    expect(found.warnings).to.deep.equal([]);
    expect(found.ids('variantDbId')).to.deep.equal(variants.filter((v) => v.pos >= 900).map((v) => v.variantDbId));
    expect(found.res.json.result.data.map((m: { position: number }) => m.position)).to.deep.equal(variants.filter((v) => v.pos >= 900).map((v) => v.pos));
  });

  it("the demo's Stoneville VCF: one marker position per row on its map", async () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'demo-stoneville.vcf'), 'utf8');
    const demoMap = (await api('GET', '/variantsets/variantset-stoneville-2023-demo')).json.result.referenceSetDbId;
    const { data } = await list('markerpositions', `mapDbId=${encodeURIComponent(demoMap)}&pageSize=1000`);
    const ofSet = data.filter((m) => m.variantDbId.startsWith('variantset-stoneville-2023-demo-v'));
    expect(ofSet.map((m) => [m.linkageGroupName, m.position, m.variantName, m.mapName])).to.deep.equal(
      vcfRows(text).map((r) => [r.chrom, r.pos, r.id, 'Glycine max Wm82.a1.v1']));
  });
});

// The pedigree quality report over HTTP, on a crop of its own built for the test (each germplasm made to fail one
// check), then the same scope by program and as CSV, and the whole database (SoyBase) counted against GET /germplasm.
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { api, createRecords, server } from '../support/server.js';

const run = `qc-${Date.now().toString(36)}`;
const CROP = `Crop ${run}`;
const OTHER = `Other ${run}`;
const PATH = '/extensions/pedigree-quality';
const CHECKS = ['PARENT_SET', 'CROSSING_YEAR', 'DUPLICATE_CROSS', 'SIMILAR_NAME', 'UNKNOWN_PARENTS', 'UNKNOWN_PARENT', 'CROSS_CROP'];
const id = (name: string) => `${run}-${name}`;
const ref = (name: string, parentType: string) => ({ germplasmDbId: id(name), parentType });

describe('pedigree quality report extension', () => {
  let programDbId: string;

  before(async () => {
    // Founders with crops: A and B of the test crop (A crossed in 1990), W of another crop; then children (which
    // take their parents' crop) with crossing years.
    const founders = await createRecords('germplasm', [
      { germplasmName: `Alpha ${run}`, commonCropName: CROP },
      { germplasmName: `Beta ${run}`, commonCropName: CROP },
      { germplasmName: `Wheat ${run}`, commonCropName: OTHER },
      { germplasmName: `Early ${run}`, commonCropName: CROP },
    ]);
    const [a, b, w, early] = founders.map((g) => g.germplasmDbId);
    const put = await api('PUT', '/pedigree', { [a]: { crossingYear: 1990 } });
    expect(put.status, put.text).to.equal(200);
    const children = [
      { germplasmDbId: id('C1'), germplasmName: `${run} C1`, crossingYear: 1995, parents: [{ germplasmDbId: a, parentType: 'FEMALE' }, { germplasmDbId: b, parentType: 'MALE' }] },
      { germplasmDbId: id('R'), germplasmName: `${run} R`, crossingYear: 1996, parents: [{ germplasmDbId: b, parentType: 'FEMALE' }, { germplasmDbId: a, parentType: 'MALE' }] },
      { germplasmDbId: id('HALF'), germplasmName: `${run} half`, parents: [{ germplasmDbId: b, parentType: 'FEMALE' }] },
      { germplasmDbId: id('N1'), germplasmName: `ALPHA-${run.toUpperCase()}`, parents: [{ germplasmDbId: a, parentType: 'SELF' }] },
      { germplasmDbId: id('BAD'), germplasmName: `${run} bad`, parents: [{ germplasmDbId: a, parentType: 'SELF' }] },
    ];
    const res = await api('POST', '/pedigree', children);
    expect(res.status, res.text).to.equal(200);
    // EARLY (1980) is a child of A (crossed 1990) and W, another crop's germplasm: a wide cross, kept on request.
    const wide = await api('POST', '/pedigree?allowWideCrosses=true', [
      { germplasmDbId: early, crossingYear: 1980, parents: [{ germplasmDbId: a, parentType: 'FEMALE' }, { germplasmDbId: w, parentType: 'MALE' }] },
    ]);
    expect(wide.status, wide.text).to.equal(200);
    await api('PUT', '/pedigree', { [early]: { crossingYear: 1980 } });
    // A parent set the rules refuse, as data stored before them would hold it: BAD, selfed from A, also has a FEMALE.
    await server().graph.write(
      'MATCH (c:Germplasm {germplasmDbId: $child}), (p:Germplasm {germplasmDbId: $parent}) CREATE (c)-[:PARENT {parentType: "FEMALE"}]->(p)',
      { child: id('BAD'), parent: b },
    );
    const [program] = await createRecords('programs', [{ programName: `Program ${run}` }]);
    programDbId = program.programDbId;
    await createRecords('crossingprojects', [{ crossingProjectName: `Block ${run}`, programDbId, potentialParents: [ref('C1', 'FEMALE'), ref('R', 'MALE')] }]);
    Object.assign(ids, { a, b, w, early });
  });
  const ids: Record<string, string> = {};

  async function report(query: string) {
    const res = await api('GET', `${PATH}?${query}`);
    expect(res.status, res.text).to.equal(200);
    return res.json.result;
  }

  it('a crop: every check finds the germplasm built to fail it, and nothing else', async () => {
    const result = await report(`commonCropName=${encodeURIComponent(CROP)}`);
    expect(result.germplasmCount).to.equal(8);
    const found = result.data.map((f: any) => [f.check, f.germplasmDbId, f.relatedDbIds]);
    const { a, b, w, early } = ids;
    expect(found).to.deep.equal([
      ['PARENT_SET', id('BAD'), [a, b].sort()],
      ['CROSSING_YEAR', early, [a]],
      ['DUPLICATE_CROSS', id('C1'), [id('R')]],
      ['DUPLICATE_CROSS', id('R'), [id('C1')]],
      ['SIMILAR_NAME', a, [id('N1')]],
      ['SIMILAR_NAME', id('N1'), [a]],
      ['UNKNOWN_PARENTS', a, []],
      ['UNKNOWN_PARENTS', b, []],
      ['UNKNOWN_PARENT', id('HALF'), [b]],
      ['CROSS_CROP', early, [w]],
    ].sort((x, y) => CHECKS.indexOf(x[0] as string) - CHECKS.indexOf(y[0] as string) || ((x[1] as string) < (y[1] as string) ? -1 : 1)));
    expect(result.findingCount).to.equal(10);
    expect(result.counts).to.include({ DUPLICATE_CROSS: 2, CROSS_CROP: 1, PARENT_SET: 1 });
    expect(result.data.find((f: any) => f.check === 'DUPLICATE_CROSS' && f.germplasmDbId === id('R')).reason).to.include('reciprocal cross');
    expect(result.data.find((f: any) => f.check === 'CROSS_CROP').reason).to.include(OTHER);
  });

  it('a program: only the germplasm its crossing block names', async () => {
    const result = await report(`programDbId=${encodeURIComponent(programDbId)}`);
    expect(result.germplasmCount).to.equal(2);
    expect(result.data.map((f: any) => [f.check, f.germplasmDbId])).to.deep.equal([['DUPLICATE_CROSS', id('C1')], ['DUPLICATE_CROSS', id('R')]]);
  });

  it('CSV, one row per finding; check= picks checks', async () => {
    const res = await api('GET', `${PATH}?commonCropName=${encodeURIComponent(CROP)}&check=UNKNOWN_PARENTS&check=CROSS_CROP&format=csv`);
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/csv/);
    const rows: string[][] = parse(res.text);
    expect(rows[0]).to.deep.equal(['check', 'germplasmDbId', 'germplasmName', 'relatedDbIds', 'reason']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3]])).to.deep.equal([
      ...[ids.a, ids.b].sort().map((g) => ['UNKNOWN_PARENTS', g, '']),
      ['CROSS_CROP', ids.early, ids.w],
    ]);
  });

  it('the whole database: every germplasm checked', async () => {
    const all = await api('GET', '/germplasm?pageSize=1');
    const result = await report('check=SIMILAR_NAME');
    expect(result.germplasmCount).to.equal(all.json.metadata.pagination.totalCount);
    expect(result.programDbId).to.equal(null);
    expect(result.data.map((f: any) => f.germplasmDbId)).to.include(id('N1'));
  });

  it('errors: an unknown check or format 400, an unknown program 404', async () => {
    const bad = await api('GET', `${PATH}?check=SPELLING`);
    expect(bad.status).to.equal(400);
    expect(bad.text).to.include('SPELLING');
    expect((await api('GET', `${PATH}?format=xml`)).status).to.equal(400);
    const missing = await api('GET', `${PATH}?programDbId=${run}-nope`);
    expect(missing.status).to.equal(404);
    expect(missing.text).to.include(`${run}-nope`);
    expect((await api('POST', PATH, {})).status).to.equal(405);
  });
});

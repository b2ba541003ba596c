// The pedigree quality report over HTTP, on a crop of its own built for the test (each germplasm made to fail one
// check), ranked by severity and paged, then the same scope by program and as CSV, and the whole database (SoyBase)
// counted against GET /germplasm.
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { api, createRecords, server } from '../support/server.js';
import { HISTORY, removeNodes, removeRun } from '../support/graph.js';
import { runIds } from '../support/run-ids.js';

const { run, id, refById: ref } = runIds('qc-');
const CROP = `Crop ${run}`;
const OTHER = `Other ${run}`;
const PATH = '/extensions/pedigree-quality';
const CHECKS = ['CYCLE', 'PARENT_SET', 'CROSSING_YEAR', 'CROSS_CROP', 'DUPLICATE_CROSS', 'SIMILAR_NAME', 'UNKNOWN_PARENT', 'SISTER_LINES', 'UNKNOWN_PARENTS'];

describe('pedigree quality report extension', () => {
  let programDbId: string;
  after(async () => {
    await removeRun(run);
    // The founders, and the crosses' families (which take the cross's DbId), with their history; then the rest.
    const germplasm = [ids.a, ids.b, ids.w, ids.early, ids.x1, ids.x2].filter(Boolean);
    await removeNodes('Germplasm', 'germplasmDbId', germplasm, HISTORY);
    await removeNodes('Cross', 'crossDbId', [ids.x1, ids.x2].filter(Boolean));
    await removeNodes('CrossingProject', 'crossingProjectName', [`Crosses ${run}`, `Block ${run}`]);
    if (programDbId) await removeNodes('Program', 'programDbId', [programDbId]);
  });

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
      // C1 entered a second time under its name in capitals: a likely duplicate (and a similar name).
      { germplasmDbId: id('C1AGAIN'), germplasmName: `${run.toUpperCase()}-C1`, parents: [{ germplasmDbId: a, parentType: 'FEMALE' }, { germplasmDbId: b, parentType: 'MALE' }] },
      { germplasmDbId: id('CY1'), germplasmName: `${run} cy1`, parents: [{ germplasmDbId: a, parentType: 'SELF' }] },
      { germplasmDbId: id('CY2'), germplasmName: `${run} cy2`, parents: [{ germplasmDbId: id('CY1'), parentType: 'SELF' }] },
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
    // A cycle, as a write around the upload's rules would leave it: CY1, selfed from A, becomes CY2's child too.
    await server().graph.write(
      'MATCH (c:Germplasm {germplasmDbId: $child})-[r:PARENT]->(), (p:Germplasm {germplasmDbId: $parent}) DELETE r CREATE (c)-[:PARENT {parentType: "SELF"}]->(p)',
      { child: id('CY1'), parent: id('CY2') },
    );
    // One A x B cross recorded twice in one crossing project, both families crossed in 2001: likely duplicates.
    const [block] = await createRecords('crossingprojects', [{ crossingProjectName: `Crosses ${run}` }]);
    const twice = await createRecords('crosses', [1, 2].map((n) => ({
      crossName: `${run} X${n}`, crossingProjectDbId: block.crossingProjectDbId, crossType: 'BIPARENTAL',
      parent1: { germplasmDbId: a, parentType: 'FEMALE' }, parent2: { germplasmDbId: b, parentType: 'MALE' },
    })));
    const years = await api('PUT', '/pedigree', Object.fromEntries(twice.map((c) => [c.crossDbId, { crossingYear: 2001 }])));
    expect(years.status, years.text).to.equal(200);
    ids.x1 = twice[0].crossDbId;
    ids.x2 = twice[1].crossDbId;
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

  it('a crop: every check finds the germplasm built to fail it, and nothing else, ranked by severity', async () => {
    const result = await report(`commonCropName=${encodeURIComponent(CROP)}`);
    expect(result.germplasmCount).to.equal(13);
    const found = result.data.map((f: any) => [f.check, f.germplasmDbId, f.relatedDbIds]);
    const { a, b, w, early, x1, x2 } = ids;
    const pair = [id('C1'), id('C1AGAIN'), id('R'), x1, x2];
    const others = (g: string) => pair.filter((x) => x !== g).sort();
    expect(found).to.deep.equal([
      ['CYCLE', id('CY1'), [id('CY2')]],
      ['CYCLE', id('CY2'), [id('CY1')]],
      ['PARENT_SET', id('BAD'), [a, b].sort()],
      ['CROSSING_YEAR', early, [a]],
      ['CROSS_CROP', early, [w]],
      ['DUPLICATE_CROSS', id('C1'), [id('C1AGAIN')]],
      ['DUPLICATE_CROSS', id('C1AGAIN'), [id('C1')]],
      ['DUPLICATE_CROSS', x1, [x2]],
      ['DUPLICATE_CROSS', x2, [x1]],
      ['SIMILAR_NAME', a, [id('N1')]],
      ['SIMILAR_NAME', id('C1'), [id('C1AGAIN')]],
      ['SIMILAR_NAME', id('C1AGAIN'), [id('C1')]],
      ['SIMILAR_NAME', id('N1'), [a]],
      ['UNKNOWN_PARENT', id('HALF'), [b]],
      ['SISTER_LINES', id('R'), others(id('R'))],
      ['UNKNOWN_PARENTS', a, []],
      ['UNKNOWN_PARENTS', b, []],
    ].sort((x, y) => CHECKS.indexOf(x[0] as string) - CHECKS.indexOf(y[0] as string) || ((x[1] as string) < (y[1] as string) ? -1 : 1)));
    expect(result.data.map((f: any) => f.severity)).to.deep.equal([...Array(4).fill('ERROR'), ...Array(10).fill('WARNING'), ...Array(3).fill('INFO')]);
    expect(result.findingCount).to.equal(17);
    expect(result.severityCounts).to.deep.equal({ ERROR: 4, WARNING: 10, INFO: 3 });
    expect(result.counts).to.include({ CYCLE: 2, DUPLICATE_CROSS: 4, SISTER_LINES: 1, CROSS_CROP: 1, PARENT_SET: 1 });
    expect(result.summary[0]).to.deep.equal({ check: 'CYCLE', severity: 'ERROR', count: 2 });
    expect(Object.keys(result).indexOf('summary')).to.be.below(Object.keys(result).indexOf('data'));
    expect(result.data.find((f: any) => f.check === 'DUPLICATE_CROSS' && f.germplasmDbId === x1).reason).to.include('the same crossing year (2001) and crossing project');
    expect(result.data.find((f: any) => f.check === 'SISTER_LINES').reason).to.include('lines from the reciprocal cross');
    expect(result.data.find((f: any) => f.check === 'CROSS_CROP').reason).to.include(OTHER);
  });

  it('paged with BrAPI paging; the summary counts every page', async () => {
    const all = await report(`commonCropName=${encodeURIComponent(CROP)}`);
    const res = await api('GET', `${PATH}?commonCropName=${encodeURIComponent(CROP)}&page=1&pageSize=5`);
    expect(res.status, res.text).to.equal(200);
    expect(res.json.metadata.pagination).to.deep.equal({ currentPage: 1, pageSize: 5, totalCount: 17, totalPages: 4 });
    expect(res.json.result.data).to.deep.equal(all.data.slice(5, 10));
    expect(res.json.result.findingCount).to.equal(17);
    expect(res.json.result.counts).to.deep.equal(all.counts);
    const only = await api('GET', `${PATH}?commonCropName=${encodeURIComponent(CROP)}&check=SISTER_LINES&check=CYCLE&pageSize=2`);
    expect(only.json.result.data.map((f: any) => f.check)).to.deep.equal(['CYCLE', 'CYCLE']);
    expect(only.json.metadata.pagination).to.include({ totalCount: 3, totalPages: 2 });
    expect((await api('GET', `${PATH}?pageSize=0`)).status).to.equal(400);
  });

  it('a program: only the germplasm its crossing block names', async () => {
    const result = await report(`programDbId=${encodeURIComponent(programDbId)}`);
    expect(result.germplasmCount).to.equal(2);
    // C1 and R are sister lines (A x B and its reciprocal, different names); A and B lie outside the program.
    expect(result.data.map((f: any) => [f.check, f.germplasmDbId])).to.deep.equal([['SISTER_LINES', id('C1')], ['SISTER_LINES', id('R')]]);
  });

  it('CSV, one row per finding; check= picks checks', async () => {
    const res = await api('GET', `${PATH}?commonCropName=${encodeURIComponent(CROP)}&check=UNKNOWN_PARENTS&check=CROSS_CROP&format=csv`);
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/csv/);
    const rows: string[][] = parse(res.text);
    expect(rows[0]).to.deep.equal(['check', 'germplasmDbId', 'germplasmName', 'relatedDbIds', 'reason', 'severity']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[5]])).to.deep.equal([
      ['CROSS_CROP', ids.early, ids.w, 'WARNING'],
      ...[ids.a, ids.b].sort().map((g) => ['UNKNOWN_PARENTS', g, '', 'INFO']),
    ]);
  });

  it('the whole database: every germplasm checked', async () => {
    const all = await api('GET', '/germplasm?pageSize=1');
    const result = await report('check=SIMILAR_NAME');
    expect(result.germplasmCount).to.equal(all.json.metadata.pagination.totalCount);
    expect(result.programDbId).to.equal(null);
    expect(result.data.map((f: any) => f.germplasmDbId)).to.include(id('N1'));
  });

  it('a stored cycle makes whole-pedigree inbreeding a 409 naming it, not a 500', async () => {
    const res = await api('GET', '/extensions/inbreeding');
    expect(res.status, res.text).to.equal(409);
    expect(res.text).to.include(id('CY1')).and.include('check=CYCLE');
  });

  // The cycle would break every later whole-pedigree analysis of the suite's shared database.
  after(async () => {
    await server().graph.write(
      'MATCH (:Germplasm {germplasmDbId: $child})-[r:PARENT]->(:Germplasm {germplasmDbId: $parent}) DELETE r',
      { child: id('CY1'), parent: id('CY2') },
    );
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

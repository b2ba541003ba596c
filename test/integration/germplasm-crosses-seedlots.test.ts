import { expect } from 'chai';
import { count } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { list } from '../support/list.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';

const W82 = { germplasmDbId: 'soy-williams-82', germplasmName: 'Williams 82', parentType: 'FEMALE' };
const ESSEX = { germplasmDbId: 'soy-essex', germplasmName: 'Essex', parentType: 'MALE' };
const FORREST = { germplasmDbId: 'soy-forrest', germplasmName: 'Forrest', parentType: 'MALE' };

/** A parent as stored and returned: every member of its schema, null when not sent (BRAVA requires them). */
const parent = (sent: Record<string, string>) => ({ germplasmName: null, observationUnitDbId: null, observationUnitName: null, parentType: null, ...sent });

function messages(res: { json: any }): string {
  return res.json.metadata.status.map((s: any) => `${s.messageType}: ${s.message}`).join('\n');
}

async function expectEmptyWithInfo(path: string, query: string, named: string) {
  const { res, ids, messages: said } = await list(path, query);
  expect(ids).to.deep.equal([]);
  expect(res.json.metadata.pagination.totalCount).to.equal(0);
  expect(said).to.match(/^INFO: /m).and.contain(named);
}

describe('crossing projects', () => {
  const call = (query = '') => list('crossingprojects', query);
  const ELITE = 'crossingproject-2024-elite-crosses';
  const BACKCROSS = 'crossingproject-2024-backcrosses';

  it('lists the demo projects with their program and potential parents', async () => {
    const { res, ids } = await call();
    expect(ids).to.include.members([BACKCROSS, ELITE]);
    const elite = res.json.result.data.find((p: any) => p.crossingProjectDbId === ELITE);
    expect(elite).to.include({
      crossingProjectName: '2024 Elite x Elite Crosses',
      commonCropName: 'Soybean',
      programDbId: 'program-soybean-main',
      programName: 'Soybean Cultivar Development 2021-2026',
    });
    expect(elite.potentialParents.map((p: any) => p.germplasmDbId)).to.deep.equal(['soy-williams-82', 'soy-essex', 'soy-forrest', 'soy-lee']);
    expect(await count('MATCH (:CrossingProject {crossingProjectDbId: $id})-[:POTENTIAL_PARENT]->(g:Germplasm) RETURN count(g) AS n', { id: ELITE })).to.equal(4);
  });

  it('filters by each parameter, ANDs two, and explains an empty answer', async () => {
    expect((await call(`crossingProjectDbId=${BACKCROSS}`)).ids).to.deep.equal([BACKCROSS]);
    expect((await call('crossingProjectName=2024%20Elite%20x%20Elite%20Crosses')).ids).to.deep.equal([ELITE]);
    expect((await call('commonCropName=Soybean')).ids).to.include.members([BACKCROSS, ELITE]);
    expect((await call('programDbId=program-soybean-main')).ids).to.include.members([BACKCROSS, ELITE]);
    expect((await call('externalReferenceId=CB-2024-02&externalReferenceSource=demo-crossing-log')).ids).to.deep.equal([BACKCROSS]);
    expect((await call('externalReferenceID=CB-2024-01')).ids).to.deep.equal([ELITE]);
    expect((await call(`programDbId=program-soybean-main&crossingProjectDbId=${ELITE}`)).ids).to.deep.equal([ELITE]);
    expect((await call(`programDbId=program-soybean-pedigree&crossingProjectDbId=${ELITE}`)).ids).to.deep.equal([]);
    expect((await call(`crossingProjectDbId=${ELITE}&crossingProjectDbId=${BACKCROSS}`)).ids).to.deep.equal([BACKCROSS, ELITE]);
    await expectEmptyWithInfo('crossingprojects', 'programDbId=program-nope', 'program-nope');
  });

  it('leaves potentialParents out with includePotentialParents=false', async () => {
    const without = await call(`crossingProjectDbId=${ELITE}&includePotentialParents=false`);
    expect(without.res.json.result.data[0].potentialParents).to.equal(null);
    expect(without.messages).not.to.contain('WARNING');
    const withParents = await call(`crossingProjectDbId=${ELITE}&includePotentialParents=true`);
    expect(withParents.res.json.result.data[0].potentialParents).to.have.length(4);
    expect((await api('GET', '/crossingprojects?includePotentialParents=maybe')).status).to.equal(400);
  });

  it('gets one project, 404 for an unknown one', async () => {
    const res = await api('GET', `/crossingprojects/${BACKCROSS}`);
    expect(res.status).to.equal(200);
    expectValidResponse('get', '/crossingprojects/{crossingProjectDbId}', 200, res.json);
    expect(res.json.result.potentialParents).to.deep.equal([parent(W82), parent(FORREST)]);
    const missing = await api('GET', '/crossingprojects/crossingproject-nope');
    expect(missing.status).to.equal(404);
    expect(missing.text).to.contain('crossingproject-nope');
  });

  it('creates, reads back and updates a project; potential parents follow the body', async () => {
    const created = await api('POST', '/crossingprojects', [
      { crossingProjectName: 'Test block', programDbId: 'program-soybean-pedigree', potentialParents: [W82, ESSEX] },
    ]);
    expect(created.status, created.text).to.equal(200);
    expectValidResponse('post', '/crossingprojects', 200, created.json);
    const [project] = created.json.result.data;
    expect(project).to.include({ crossingProjectName: 'Test block', programName: 'SoyBase Pedigree Curation' });
    expect((await api('GET', `/crossingprojects/${project.crossingProjectDbId}`)).json.result).to.deep.equal(project);
    const updated = await api('PUT', `/crossingprojects/${project.crossingProjectDbId}`, {
      crossingProjectDescription: 'now described',
      potentialParents: [FORREST],
      programDbId: null,
    });
    expect(updated.status, updated.text).to.equal(200);
    expectValidResponse('put', '/crossingprojects/{crossingProjectDbId}', 200, updated.json);
    expect(updated.json.result).to.include({ crossingProjectName: 'Test block', crossingProjectDescription: 'now described', programDbId: null });
    expect(updated.json.result.potentialParents).to.deep.equal([parent(FORREST)]);
    const parents = await server().graph.read<{ id: string }>(
      'MATCH (:CrossingProject {crossingProjectDbId: $id})-[:POTENTIAL_PARENT]->(g:Germplasm) RETURN g.germplasmDbId AS id',
      { id: project.crossingProjectDbId },
    );
    expect(parents.map((p) => p.id)).to.deep.equal(['soy-forrest']);
    expect((await api('PUT', '/crossingprojects/crossingproject-nope', { crossingProjectName: 'x' })).status).to.equal(404);
  });

  it('rejects an unknown potential parent with 400 naming it, and writes nothing', async () => {
    const before = await count('MATCH (p:CrossingProject) RETURN count(p) AS n');
    const res = await api('POST', '/crossingprojects', [
      { crossingProjectName: 'Fine' },
      { crossingProjectName: 'Bad', potentialParents: [W82, { germplasmDbId: 'soy-no-such-line' }] },
    ]);
    expect(res.status).to.equal(400);
    expect(res.text).to.contain('soy-no-such-line');
    expect(await count('MATCH (p:CrossingProject) RETURN count(p) AS n')).to.equal(before);
  });
});

describe('planned crosses', () => {
  const call = (query = '') => list('plannedcrosses', query);
  const W82_ESSEX = 'plannedcross-2024-w82-x-essex';
  const ESSEX_LEE = 'plannedcross-2024-essex-x-lee';
  const BC1 = 'plannedcross-2024-w82-x-forrest-bc1';
  const BC2 = 'plannedcross-2024-w82-x-forrest-bc2';

  it('lists the demo planned crosses with project names and parents as sent', async () => {
    const { res, ids } = await call();
    expect(ids).to.include.members([W82_ESSEX, ESSEX_LEE, BC1, BC2]);
    const planned = res.json.result.data.find((p: any) => p.plannedCrossDbId === W82_ESSEX);
    expect(planned).to.include({ crossingProjectDbId: 'crossingproject-2024-elite-crosses', crossingProjectName: '2024 Elite x Elite Crosses', status: 'DONE' });
    expect(planned.parent1).to.deep.equal(parent(W82));
    expect(planned.parent2).to.deep.equal(parent(ESSEX));
    expect(res.json.result.data.find((p: any) => p.plannedCrossDbId === BC2).parent2).to.equal(null);
  });

  it('filters by each parameter, through the project for program and crop, and ANDs two', async () => {
    expect((await call(`plannedCrossDbId=${BC1}`)).ids).to.deep.equal([BC1]);
    expect((await call('plannedCrossName=SCD24-002%20Essex%20x%20Lee')).ids).to.deep.equal([ESSEX_LEE]);
    expect((await call('status=TODO')).ids).to.include(BC2).and.not.include(W82_ESSEX);
    expect((await call('crossingProjectDbId=crossingproject-2024-backcrosses')).ids).to.deep.equal([BC1, BC2]);
    expect((await call('crossingProjectName=2024%20Elite%20x%20Elite%20Crosses')).ids).to.deep.equal([ESSEX_LEE, W82_ESSEX]);
    expect((await call('programDbId=program-soybean-main')).ids).to.include.members([W82_ESSEX, ESSEX_LEE, BC1, BC2]);
    expect((await call('commonCropName=Soybean')).ids).to.include.members([W82_ESSEX, BC2]);
    expect((await call('commonCropName=Maize')).ids).to.not.include(W82_ESSEX);
    expect((await call('externalReferenceId=SCD24-001')).ids).to.deep.equal([W82_ESSEX]);
    expect((await call('externalReferenceSource=demo-crossing-log')).ids).to.include(W82_ESSEX);
    expect((await call('crossingProjectDbId=crossingproject-2024-elite-crosses&status=DONE')).ids).to.deep.equal([W82_ESSEX]);
    expect((await call('crossingProjectDbId=crossingproject-2024-backcrosses&status=DONE&status=TODO')).ids).to.deep.equal([BC1, BC2]);
    await expectEmptyWithInfo('plannedcrosses', 'crossingProjectDbId=crossingproject-nope', 'crossingproject-nope');
  });

  it('creates planned crosses and updates them with a map keyed by DbId', async () => {
    const created = await api('POST', '/plannedcrosses', [
      { plannedCrossName: 'PC test 1', crossingProjectDbId: 'crossingproject-2024-backcrosses', parent1: W82, parent2: FORREST, status: 'TODO' },
      { plannedCrossName: 'PC test 2', crossType: 'SELF', parent1: { ...ESSEX, parentType: 'SELF' } },
    ]);
    expect(created.status, created.text).to.equal(200);
    expectValidResponse('post', '/plannedcrosses', 200, created.json);
    const [one, two] = created.json.result.data;
    expect(one).to.include({ crossingProjectName: '2024 SCN Resistance Backcrosses', status: 'TODO' });
    expect(two.parent1).to.deep.equal(parent({ ...ESSEX, parentType: 'SELF' }));
    const updated = await api('PUT', '/plannedcrosses', {
      [one.plannedCrossDbId]: { status: 'DONE', parent2: ESSEX },
      [two.plannedCrossDbId]: { crossingProjectDbId: 'crossingproject-2024-elite-crosses' },
    });
    expect(updated.status, updated.text).to.equal(200);
    expectValidResponse('put', '/plannedcrosses', 200, updated.json);
    const after = await call(`plannedCrossDbId=${one.plannedCrossDbId}&plannedCrossDbId=${two.plannedCrossDbId}`);
    const byId = new Map(after.res.json.result.data.map((p: any) => [p.plannedCrossDbId, p]));
    expect(byId.get(one.plannedCrossDbId)).to.include({ status: 'DONE', plannedCrossName: 'PC test 1' });
    expect((byId.get(one.plannedCrossDbId) as any).parent2).to.deep.equal(parent(ESSEX));
    expect(byId.get(two.plannedCrossDbId)).to.include({ crossingProjectName: '2024 Elite x Elite Crosses' });
    const second = await server().graph.read<{ id: string }>(
      'MATCH (:PlannedCross {plannedCrossDbId: $id})-[:SECOND_PARENT]->(g:Germplasm) RETURN g.germplasmDbId AS id',
      { id: one.plannedCrossDbId },
    );
    expect(second.map((s) => s.id)).to.deep.equal(['soy-essex']);
  });

  it('a bulk update naming an unknown DbId is a 404 and writes nothing', async () => {
    const res = await api('PUT', '/plannedcrosses', {
      [BC2]: { status: 'SKIPPED' },
      'plannedcross-nope': { status: 'DONE' },
    });
    expect(res.status).to.equal(404);
    expect(res.text).to.contain('plannedcross-nope');
    expect((await call(`plannedCrossDbId=${BC2}`)).res.json.result.data[0].status).to.equal('TODO');
  });

  it('rejects an unknown parent germplasm or project with 400', async () => {
    const before = await count('MATCH (p:PlannedCross) RETURN count(p) AS n');
    const badParent = await api('POST', '/plannedcrosses', [{ plannedCrossName: 'x', parent1: W82, parent2: { germplasmDbId: 'soy-no-such-line' } }]);
    expect(badParent.status).to.equal(400);
    expect(badParent.text).to.contain('soy-no-such-line');
    const badProject = await api('POST', '/plannedcrosses', [{ plannedCrossName: 'x', crossingProjectDbId: 'crossingproject-nope' }]);
    expect(badProject.status).to.equal(400);
    expect(badProject.text).to.contain('crossingproject-nope');
    expect((await api('POST', '/plannedcrosses', [{ status: 'MAYBE' }])).status).to.equal(400);
    expect(await count('MATCH (p:PlannedCross) RETURN count(p) AS n')).to.equal(before);
  });
});

describe('crosses', () => {
  const call = (query = '') => list('crosses', query);
  const CROSS = 'cross-2024-w82-x-essex-01';
  const BC1 = 'cross-2024-w82-x-forrest-bc1-01';

  it('lists the demo crosses with their project, planned cross, pollination events and attributes', async () => {
    const { res, ids } = await call();
    expect(ids).to.include.members([CROSS, BC1]);
    const cross = res.json.result.data.find((c: any) => c.crossDbId === CROSS);
    expect(cross).to.include({
      crossName: 'SCD24-001-01',
      crossingProjectName: '2024 Elite x Elite Crosses',
      plannedCrossDbId: 'plannedcross-2024-w82-x-essex',
      plannedCrossName: 'SCD24-001 Williams 82 x Essex',
    });
    expect(cross.parent1).to.deep.equal(parent(W82));
    expect(cross.pollinationEvents).to.have.length(2);
    expect(cross.pollinationEvents[1]).to.deep.equal({ pollinationNumber: 'SCD24-001-01-P2', pollinationSuccessful: true, pollinationTimeStamp: '2024-07-16T09:30:00Z' });
    expect(cross.crossAttributes).to.deep.include({ crossAttributeName: 'Pods set', crossAttributeValue: '9' });
    const links = await server().graph.read<{ rel: string; id: string }>(
      'MATCH (:Cross {crossDbId: $id})-[r]->(t) RETURN type(r) AS rel, coalesce(t.germplasmDbId, t.crossingProjectDbId, t.plannedCrossDbId) AS id ORDER BY rel',
      { id: CROSS },
    );
    expect(links).to.deep.equal([
      { rel: 'FAMILY', id: CROSS }, // the cross's node in the pedigree (crosses/family.ts)
      { rel: 'FIRST_PARENT', id: 'soy-williams-82' },
      { rel: 'IN_PROJECT', id: 'crossingproject-2024-elite-crosses' },
      { rel: 'PLANNED_AS', id: 'plannedcross-2024-w82-x-essex' },
      { rel: 'SECOND_PARENT', id: 'soy-essex' },
    ]);
  });

  it('filters by each parameter, ANDs two, and explains an empty answer', async () => {
    expect((await call(`crossDbId=${BC1}`)).ids).to.deep.equal([BC1]);
    expect((await call('crossName=SCD24-001-01')).ids).to.deep.equal([CROSS]);
    expect((await call('crossingProjectDbId=crossingproject-2024-elite-crosses')).ids).to.deep.equal([CROSS]);
    expect((await call('crossingProjectName=2024%20SCN%20Resistance%20Backcrosses')).ids).to.deep.equal([BC1]);
    expect((await call('programDbId=program-soybean-main')).ids).to.include.members([CROSS, BC1]);
    expect((await call('commonCropName=Soybean')).ids).to.include.members([CROSS, BC1]);
    expect((await call('externalReferenceId=SCD24-001-01&externalReferenceSource=demo-crossing-log')).ids).to.deep.equal([CROSS]);
    expect((await call('crossingProjectDbId=crossingproject-2024-backcrosses&crossName=SCD24-001-01')).ids).to.deep.equal([]);
    expect((await call(`crossingProjectDbId=crossingproject-2024-backcrosses&crossDbId=${BC1}&crossDbId=${CROSS}`)).ids).to.deep.equal([BC1]);
    await expectEmptyWithInfo('crosses', 'crossingProjectDbId=crossingproject-nope', 'crossingproject-nope');
    await expectEmptyWithInfo('crosses', 'crossDbId=cross-nope', 'cross-nope');
  });

  it('creates crosses and updates them with a map keyed by DbId; an unknown DbId writes nothing', async () => {
    const created = await api('POST', '/crosses', [
      {
        crossName: 'Cross test',
        crossType: 'BIPARENTAL',
        crossingProjectDbId: 'crossingproject-2024-elite-crosses',
        plannedCrossDbId: 'plannedcross-2024-essex-x-lee',
        parent1: { ...ESSEX, parentType: 'FEMALE' },
        parent2: { germplasmDbId: 'soy-lee', parentType: 'MALE' },
        pollinationEvents: [{ pollinationNumber: '1', pollinationSuccessful: true, pollinationTimeStamp: '2024-07-20T10:00:00Z' }],
        crossAttributes: [{ crossAttributeName: 'Pods set', crossAttributeValue: '3' }],
      },
    ]);
    expect(created.status, created.text).to.equal(200);
    expectValidResponse('post', '/crosses', 200, created.json);
    const [cross] = created.json.result.data;
    expect(cross).to.include({ plannedCrossName: 'SCD24-002 Essex x Lee', crossingProjectName: '2024 Elite x Elite Crosses' });
    // Sent with its DbId only, the parent shows its name from the graph.
    expect(cross.parent2).to.deep.equal(parent({ germplasmDbId: 'soy-lee', germplasmName: 'Lee', parentType: 'MALE' }));
    expect((await call(`crossDbId=${cross.crossDbId}`)).res.json.result.data[0]).to.deep.equal(cross);

    const updated = await api('PUT', '/crosses', { [cross.crossDbId]: { plannedCrossDbId: null, crossAttributes: null, crossName: 'Cross renamed' } });
    expect(updated.status, updated.text).to.equal(200);
    expectValidResponse('put', '/crosses', 200, updated.json);
    expect(updated.json.result.data[0]).to.include({ crossName: 'Cross renamed', plannedCrossDbId: null, plannedCrossName: null, crossAttributes: null });
    expect(updated.json.result.data[0].pollinationEvents).to.deep.equal(cross.pollinationEvents);

    // Two MALE parents is no cross: the family's parent set is refused, and the cross with it.
    const twoMales = await api('POST', '/crosses', [{ crossName: 'Two males', parent1: ESSEX, parent2: { germplasmDbId: 'soy-lee', parentType: 'MALE' } }]);
    expect(twoMales.status).to.equal(400);
    expect(twoMales.text).to.contain('has 2 MALE parents');
    expect((await call('crossName=Two%20males')).ids).to.deep.equal([]);

    const partlyUnknown = await api('PUT', '/crosses', { [cross.crossDbId]: { crossName: 'Not written' }, 'cross-nope': { crossName: 'x' } });
    expect(partlyUnknown.status).to.equal(404);
    expect(partlyUnknown.text).to.contain('cross-nope');
    expect((await call(`crossDbId=${cross.crossDbId}`)).res.json.result.data[0].crossName).to.equal('Cross renamed');
    expect((await api('PUT', '/crosses', [{ crossName: 'not a map' }])).status).to.equal(400);
  });

  it('rejects an unknown parent germplasm or planned cross with 400 and writes nothing', async () => {
    const before = await count('MATCH (c:Cross) RETURN count(c) AS n');
    const badParent = await api('POST', '/crosses', [{ crossName: 'ok' }, { crossName: 'bad', parent1: { germplasmDbId: 'soy-no-such-line' } }]);
    expect(badParent.status).to.equal(400);
    expect(badParent.text).to.contain('parent1').and.contain('soy-no-such-line');
    const badPlan = await api('POST', '/crosses', [{ crossName: 'bad', plannedCrossDbId: 'plannedcross-nope' }]);
    expect(badPlan.status).to.equal(400);
    expect(badPlan.text).to.contain('plannedcross-nope');
    const badUpdate = await api('PUT', '/crosses', { [CROSS]: { parent2: { germplasmDbId: 'soy-no-such-line' } } });
    expect(badUpdate.status).to.equal(400);
    expect(await count('MATCH (c:Cross) RETURN count(c) AS n')).to.equal(before);
    expect((await call(`crossDbId=${CROSS}`)).res.json.result.data[0].parent2).to.deep.equal(parent(ESSEX));
  });
});

describe('seed lots', () => {
  const call = (query = '') => list('seedlots', query);
  const W82_LOT = 'seedlot-williams-82-breeder-2023';
  const ESSEX_LOT = 'seedlot-essex-breeder-2023';
  const W82_STONEVILLE = 'seedlot-williams-82-stoneville-2024';
  const F1_LOT = 'seedlot-2024-scd24-001-01-f1';
  const BC1_LOT = 'seedlot-2024-scd24-bc1-01-f1';
  const MIX = 'seedlot-2023-border-mix';

  it('lists the demo seed lots with location, program and content as stored', async () => {
    const { res, ids } = await call();
    expect(ids).to.include.members([W82_LOT, ESSEX_LOT, W82_STONEVILLE, F1_LOT, BC1_LOT, MIX]);
    const f1 = res.json.result.data.find((l: any) => l.seedLotDbId === F1_LOT);
    expect(f1).to.include({ amount: 21, units: 'seeds', locationDbId: 'location-urbana-il', programName: 'Soybean Cultivar Development 2021-2026' });
    expect(f1.contentMixture).to.deep.equal([
      { crossDbId: 'cross-2024-w82-x-essex-01', crossName: 'SCD24-001-01', germplasmDbId: null, germplasmName: null, mixturePercentage: 100 },
    ]);
    expect(typeof f1.locationName).to.equal('string');
  });

  it('gets one seed lot, 404 for an unknown one', async () => {
    const res = await api('GET', `/seedlots/${MIX}`);
    expect(res.status).to.equal(200);
    expectValidResponse('get', '/seedlots/{seedLotDbId}', 200, res.json);
    expectAllFields('Germplasm', 'SeedLot', res.json.result);
    expect(res.json.result).to.include({ amount: 8, units: 'kg', locationDbId: 'location-urbana-south-farm' });
    expect(res.json.result.contentMixture.map((c: any) => c.germplasmDbId)).to.deep.equal(['soy-williams-82', 'soy-essex']);
    expect((await api('GET', '/seedlots/seedlot-nope')).status).to.equal(404);
  });

  it('filters by content through CONTAINS, by program and crop through IN_PROGRAM, ANDs two', async () => {
    expect((await call(`seedLotDbId=${ESSEX_LOT}`)).ids).to.deep.equal([ESSEX_LOT]);
    expect((await call('germplasmDbId=soy-essex')).ids).to.deep.equal([MIX, ESSEX_LOT]);
    expect((await call('germplasmName=Williams%2082')).ids).to.include.members([MIX, W82_LOT, W82_STONEVILLE]).and.not.include(ESSEX_LOT);
    expect((await call('germplasmDbId=soy-essex&germplasmDbId=soy-williams-82')).ids).to.include.members([MIX, ESSEX_LOT, W82_LOT, W82_STONEVILLE]);
    expect((await call('programDbId=program-soybean-main')).ids).to.include.members([W82_LOT, F1_LOT, MIX]);
    expect((await call('commonCropName=Soybean')).ids).to.include.members([W82_LOT, F1_LOT]);
    expect((await call('externalReferenceId=INV-2023-0102&externalReferenceSource=demo-inventory')).ids).to.deep.equal([ESSEX_LOT]);
    expect((await call(`germplasmDbId=soy-williams-82&seedLotDbId=${MIX}&seedLotDbId=${ESSEX_LOT}`)).ids).to.deep.equal([MIX]);
    expect((await call('germplasmDbId=soy-essex&programDbId=program-soybean-pedigree')).ids).to.deep.equal([]);
    await expectEmptyWithInfo('seedlots', 'germplasmDbId=soy-no-such-line', 'soy-no-such-line');
  });

  it('filters by cross through CONTAINS', async () => {
    expect((await call('crossDbId=cross-2024-w82-x-essex-01')).ids).to.deep.equal([F1_LOT]);
    expect((await call('crossName=SCD24-BC1-01')).ids).to.deep.equal([BC1_LOT]);
    await expectEmptyWithInfo('seedlots', 'crossDbId=cross-nope', 'cross-nope');
  });

  it('creates a seed lot, reads it back and updates it; contentMixture moves the CONTAINS links', async () => {
    const created = await api('POST', '/seedlots', [
      {
        seedLotName: 'Test lot',
        amount: 100,
        units: 'seeds',
        locationDbId: 'location-stoneville-ms',
        programDbId: 'program-soybean-main',
        contentMixture: [{ germplasmDbId: 'soy-forrest', germplasmName: 'Forrest', mixturePercentage: 100 }],
        createdDate: '2024-10-01T12:00:00Z',
      },
    ]);
    expect(created.status, created.text).to.equal(200);
    expectValidResponse('post', '/seedlots', 200, created.json);
    const [lot] = created.json.result.data;
    expect((await api('GET', `/seedlots/${lot.seedLotDbId}`)).json.result).to.deep.equal(lot);
    expect((await call(`germplasmDbId=soy-forrest&seedLotDbId=${lot.seedLotDbId}`)).ids).to.deep.equal([lot.seedLotDbId]);
    const updated = await api('PUT', `/seedlots/${lot.seedLotDbId}`, {
      contentMixture: [{ germplasmDbId: 'soy-lee', mixturePercentage: 100 }],
      locationDbId: null,
      storageLocation: 'Shelf 9',
    });
    expect(updated.status, updated.text).to.equal(200);
    expectValidResponse('put', '/seedlots/{seedLotDbId}', 200, updated.json);
    expect(updated.json.result).to.include({ seedLotName: 'Test lot', amount: 100, locationDbId: null, locationName: null, storageLocation: 'Shelf 9' });
    expect((await call(`germplasmDbId=soy-forrest&seedLotDbId=${lot.seedLotDbId}`)).ids).to.deep.equal([]);
    expect((await call(`germplasmDbId=soy-lee&seedLotDbId=${lot.seedLotDbId}`)).ids).to.deep.equal([lot.seedLotDbId]);
    expect((await api('PUT', '/seedlots/seedlot-nope', { seedLotName: 'x' })).status).to.equal(404);
  });

  it('rejects unknown content, location or program with 400 and writes nothing', async () => {
    const before = await count('MATCH (l:SeedLot) RETURN count(l) AS n');
    for (const bad of [
      { seedLotName: 'bad', contentMixture: [{ germplasmDbId: 'soy-no-such-line', mixturePercentage: 100 }] },
      { seedLotName: 'bad', locationDbId: 'location-nope' },
      { seedLotName: 'bad', programDbId: 'program-nope' },
      { seedLotName: 'bad', contentMixture: [{ crossDbId: 'cross-nope' }] },
    ]) {
      const res = await api('POST', '/seedlots', [{ seedLotName: 'fine' }, bad]);
      expect(res.status, JSON.stringify(bad)).to.equal(400);
      expect(res.text).to.match(/soy-no-such-line|location-nope|program-nope|cross-nope/);
    }
    expect(await count('MATCH (l:SeedLot) RETURN count(l) AS n')).to.equal(before);
  });
});

describe('seed lot transactions', () => {
  const call = (query = '') => list('seedlots/transactions', query);
  const W82_LOT = 'seedlot-williams-82-breeder-2023';
  const TO_STONEVILLE = 'transaction-2024-w82-to-stoneville';
  const W82_PLANTED = 'transaction-2024-w82-crossing-block';
  const ESSEX_PLANTED = 'transaction-2024-essex-crossing-block';
  const F1_HARVEST = 'transaction-2024-scd24-001-01-harvest';
  const BC1_HARVEST = 'transaction-2024-scd24-bc1-01-harvest';
  const BORDER_ROWS = 'transaction-2024-border-rows';

  /** Two fresh lots: 100 seeds of Forrest and an empty one. */
  async function freshLots() {
    const res = await api('POST', '/seedlots', [
      { seedLotName: 'Source', amount: 100, units: 'seeds', contentMixture: [{ germplasmDbId: 'soy-forrest', mixturePercentage: 100 }] },
      { seedLotName: 'Target', contentMixture: [{ germplasmDbId: 'soy-forrest', mixturePercentage: 100 }] },
    ]);
    expect(res.status, res.text).to.equal(200);
    return res.json.result.data.map((l: any) => l.seedLotDbId) as [string, string];
  }
  const lot = async (id: string) => (await api('GET', `/seedlots/${id}`)).json.result;

  it('lists the demo transactions with their lots', async () => {
    const { res, ids } = await call();
    expect(ids).to.include.members([TO_STONEVILLE, W82_PLANTED, ESSEX_PLANTED, F1_HARVEST, BC1_HARVEST, BORDER_ROWS]);
    const shipped = res.json.result.data.find((t: any) => t.transactionDbId === TO_STONEVILLE);
    expect(shipped).to.include({ fromSeedLotDbId: W82_LOT, toSeedLotDbId: 'seedlot-williams-82-stoneville-2024', amount: 500, units: 'seeds' });
  });

  it('filters by each parameter, through either lot, and ANDs two', async () => {
    expect((await call(`transactionDbId=${F1_HARVEST}`)).ids).to.deep.equal([F1_HARVEST]);
    expect((await call(`seedLotDbId=${W82_LOT}`)).ids).to.deep.equal([W82_PLANTED, TO_STONEVILLE]);
    expect((await call('seedLotDbId=seedlot-williams-82-stoneville-2024')).ids).to.deep.equal([TO_STONEVILLE]);
    expect((await call('germplasmDbId=soy-essex')).ids).to.deep.equal([BORDER_ROWS, ESSEX_PLANTED]);
    expect((await call('germplasmName=Williams%2082')).ids).to.include.members([W82_PLANTED, TO_STONEVILLE]).and.not.include(ESSEX_PLANTED);
    expect((await call('programDbId=program-soybean-main')).ids).to.include.members([W82_PLANTED, F1_HARVEST]);
    expect((await call('commonCropName=Soybean')).ids).to.include.members([ESSEX_PLANTED, BC1_HARVEST]);
    expect((await call('externalReferenceId=SHIP-2024-017&externalReferenceSource=demo-inventory')).ids).to.deep.equal([TO_STONEVILLE]);
    expect((await call(`seedLotDbId=${W82_LOT}&transactionDbId=${TO_STONEVILLE}&transactionDbId=${F1_HARVEST}`)).ids).to.deep.equal([TO_STONEVILLE]);
    expect((await call(`germplasmDbId=soy-essex&seedLotDbId=${W82_LOT}`)).ids).to.deep.equal([]);
    await expectEmptyWithInfo('seedlots/transactions', 'seedLotDbId=seedlot-nope', 'seedlot-nope');
  });

  it('filters by cross through the lots', async () => {
    expect((await call('crossDbId=cross-2024-w82-x-essex-01')).ids).to.deep.equal([F1_HARVEST]);
    expect((await call('crossName=SCD24-BC1-01')).ids).to.deep.equal([BC1_HARVEST]);
  });

  it('records a transfer and moves the seed between the lots', async () => {
    const [source, target] = await freshLots();
    const res = await api('POST', '/seedlots/transactions', [
      { fromSeedLotDbId: source, toSeedLotDbId: target, amount: 30, units: 'seeds', transactionDescription: 'split', transactionTimestamp: '2024-10-02T08:00:00Z' },
      { fromSeedLotDbId: source, amount: 20, transactionDescription: 'planted' },
    ]);
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('post', '/seedlots/transactions', 200, res.json);
    const [split, planted] = res.json.result.data;
    expect(split).to.include({ fromSeedLotDbId: source, toSeedLotDbId: target, amount: 30, transactionDescription: 'split' });
    expect(planted).to.include({ fromSeedLotDbId: source, toSeedLotDbId: null, amount: 20 });
    expect(await lot(source)).to.include({ amount: 50, units: 'seeds' });
    const received = await lot(target);
    expect(received).to.include({ amount: 30, units: 'seeds' });
    expect(Date.now() - Date.parse(received.lastUpdated)).to.be.within(0, 60_000);
    expect((await call(`seedLotDbId=${target}`)).ids).to.deep.equal([split.transactionDbId]);
  });

  it('rejects an overdraft, other units or an unknown lot with 400 and writes nothing', async () => {
    const [source, target] = await freshLots();
    const before = await count('MATCH (t:SeedLotTransaction) RETURN count(t) AS n');
    const overdraft = await api('POST', '/seedlots/transactions', [
      { fromSeedLotDbId: source, toSeedLotDbId: target, amount: 60 },
      { fromSeedLotDbId: source, amount: 60 },
    ]);
    expect(overdraft.status).to.equal(400);
    expect(overdraft.text).to.contain(source);
    const kilograms = await api('POST', '/seedlots/transactions', [{ fromSeedLotDbId: source, amount: 1, units: 'kg' }]);
    expect(kilograms.status).to.equal(400);
    expect(kilograms.text).to.contain('body[0].units');
    const unknown = await api('POST', '/seedlots/transactions', [{ fromSeedLotDbId: source, toSeedLotDbId: 'seedlot-nope', amount: 1 }]);
    expect(unknown.status).to.equal(400);
    expect(unknown.text).to.contain('seedlot-nope');
    expect(await count('MATCH (t:SeedLotTransaction) RETURN count(t) AS n')).to.equal(before);
    expect(await lot(source)).to.include({ amount: 100 });
    expect(await lot(target)).to.include({ amount: null });
    expect((await api('POST', '/seedlots/transactions', [{}])).status).to.equal(200);
  });

  describe('GET /seedlots/{seedLotDbId}/transactions', () => {
    async function ofLot(id: string, query = '') {
      const res = await api('GET', `/seedlots/${id}/transactions${query ? `?${query}` : ''}`);
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('get', '/seedlots/{seedLotDbId}/transactions', 200, res.json);
      for (const t of res.json.result.data) expectAllFields('Germplasm', 'SeedLotTransaction', t);
      return { res, ids: res.json.result.data.map((t: any) => t.transactionDbId) as string[] };
    }

    it('lists both directions by default, and each direction on request', async () => {
      const stoneville = 'seedlot-williams-82-stoneville-2024';
      expect((await ofLot(W82_LOT)).ids).to.deep.equal([W82_PLANTED, TO_STONEVILLE]);
      expect((await ofLot(W82_LOT, 'transactionDirection=BOTH')).ids).to.deep.equal([W82_PLANTED, TO_STONEVILLE]);
      expect((await ofLot(W82_LOT, 'transactionDirection=FROM')).ids).to.deep.equal([W82_PLANTED, TO_STONEVILLE]);
      expect((await ofLot(W82_LOT, 'transactionDirection=TO')).ids).to.deep.equal([]);
      expect((await ofLot(stoneville, 'transactionDirection=TO')).ids).to.deep.equal([TO_STONEVILLE]);
      expect((await ofLot(stoneville, 'transactionDirection=FROM')).ids).to.deep.equal([]);
      const [source, target] = await freshLots();
      const [t] = (await api('POST', '/seedlots/transactions', [{ fromSeedLotDbId: source, toSeedLotDbId: target, amount: 5 }])).json.result.data;
      const [back] = (await api('POST', '/seedlots/transactions', [{ fromSeedLotDbId: target, toSeedLotDbId: source, amount: 2 }])).json.result.data;
      expect((await ofLot(source, 'transactionDirection=FROM')).ids).to.deep.equal([t.transactionDbId]);
      expect((await ofLot(source, 'transactionDirection=TO')).ids).to.deep.equal([back.transactionDbId]);
      expect((await ofLot(source)).ids).to.have.members([t.transactionDbId, back.transactionDbId]);
      expect(await lot(source)).to.include({ amount: 97 });
    });

    it('filters by transactionDbId, pages, and says when nothing matches', async () => {
      expect((await ofLot(W82_LOT, `transactionDbId=${TO_STONEVILLE}`)).ids).to.deep.equal([TO_STONEVILLE]);
      expect((await ofLot(W82_LOT, `transactionDbId=${TO_STONEVILLE}&transactionDirection=TO`)).ids).to.deep.equal([]);
      const paged = await ofLot(W82_LOT, 'pageSize=1&page=1');
      expect(paged.ids).to.deep.equal([TO_STONEVILLE]);
      expect(paged.res.json.metadata.pagination).to.include({ totalCount: 2, totalPages: 2, currentPage: 1 });
      const none = await ofLot(W82_LOT, `transactionDbId=${F1_HARVEST}`);
      expect(messages(none.res)).to.match(/^INFO: /m);
      expect(messages((await ofLot(W82_LOT, 'germplasmDbId=soy-essex')).res)).to.contain('WARNING').and.contain('germplasmDbId');
    });

    it('404 for an unknown seed lot, 400 for an unknown direction', async () => {
      const missing = await api('GET', '/seedlots/seedlot-nope/transactions');
      expect(missing.status).to.equal(404);
      expect(missing.text).to.contain('seedlot-nope');
      const bad = await api('GET', `/seedlots/${W82_LOT}/transactions?transactionDirection=SIDEWAYS`);
      expect(bad.status).to.equal(400);
      expect(bad.text).to.contain('transactionDirection');
    });
  });
});

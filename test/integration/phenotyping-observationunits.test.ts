// Observation units and observation levels: the demo field layout (study-urbana-2024: field > block > plot > plant),
// the level rules (levels above, PART_OF parents, one order per level in a study), every list filter, the table form,
// GET /observationlevels and study.observationLevels. Units of the rule tests live in studies made here ("OUT ..."),
// removed afterwards, so the demo studies' levels stay as other tests expect them.
import { expect } from 'chai';
import { removeNodes, removeWhere } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { list } from '../support/list.js';
import { expectValidResponse } from '../support/schema.js';

const U = '/observationunits';
const FIELD = 'ou-urbana-2024-field';
const BLOCKS = ['ou-urbana-2024-block-1', 'ou-urbana-2024-block-2'];
const PLOTS = ['101', '102', '103', '104', '201', '202', '203', '204'].map((p) => `ou-urbana-2024-plot-${p}`);
const PLANTS = ['ou-urbana-2024-plot-101-plant-1', 'ou-urbana-2024-plot-101-plant-2'];
const URBANA = [FIELD, ...BLOCKS, ...PLOTS, ...PLANTS].sort();
const STONEVILLE = ['ou-stoneville-2023-plot-1', 'ou-stoneville-2023-plot-2'];
const DEMO = /^ou-(urbana-2024|stoneville-2023)-/;

type Level = { levelName: string; levelOrder?: number; levelCode?: string; observationUnitDbId?: string | null };
const level = (levelName: string, levelOrder: number | undefined, levelCode: string, observationUnitDbId?: string): Level => ({
  levelName, ...(levelOrder === undefined ? {} : { levelOrder }), levelCode, ...(observationUnitDbId ? { observationUnitDbId } : {}),
});
const unit = (studyDbId: string | undefined, observationUnitName: string, own: Level | null, rels: Level[], extra: object = {}) => ({
  observationUnitName, ...(studyDbId ? { studyDbId } : {}), observationUnitPosition: { observationLevel: own, observationLevelRelationships: rels }, ...extra,
});

function said(res: { json: any }): string {
  return res.json.metadata.status.map((s: any) => `${s.messageType}: ${s.message}`).join('\n');
}

/** GET /observationunits: every unit of the page (all) and the demo units among them, sorted (ids). */
async function units(query = '') {
  const listed = await list('observationunits', query);
  // Demo units only, for exact comparisons that other tests' records (raw units in demo studies) cannot disturb.
  return { ...listed, all: listed.ids, ids: listed.ids.filter((id) => DEMO.test(id)).sort() };
}

async function post(records: object[]) {
  const res = await api('POST', U, records);
  if (res.status === 200) expectValidResponse('post', U, 200, res.json);
  return res;
}

async function expect400(res: { status: number; text: string }, ...words: string[]) {
  expect(res.status, res.text).to.equal(400);
  for (const word of words) expect(res.text).to.contain(word);
}

async function read(cypher: string, params: Record<string, unknown> = {}): Promise<any[]> {
  return server().graph.read(cypher, params);
}

async function levels(query = '') {
  const res = await api('GET', `/observationlevels${query ? `?${query}` : ''}`);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('get', '/observationlevels', 200, res.json);
  return { res, data: res.json.result.data as Array<{ levelName: string; levelOrder: number }> };
}

describe('observation units: the demo field layout', () => {
  it('GET /observationunits?studyDbId= gives the layout: positions, coordinates, entry types, treatments', async () => {
    const { res, ids } = await units('studyDbId=study-urbana-2024');
    expect(ids).to.deep.equal(URBANA);
    const byId = new Map(res.json.result.data.map((u: any) => [u.observationUnitDbId, u]));
    for (const id of PLOTS) {
      const plot = byId.get(id) as any;
      const pos = plot.observationUnitPosition;
      expect(pos.observationLevel).to.deep.include({ levelName: 'plot', levelOrder: 3 });
      expect(pos).to.include({ positionCoordinateXType: 'GRID_COL', positionCoordinateYType: 'GRID_ROW' });
      expect(pos.positionCoordinateX).to.match(/^[1-4]$/);
      expect(pos.positionCoordinateY).to.equal(id.includes('-plot-1') ? '1' : '2');
      expect(pos.geoCoordinates.geometry.type).to.equal('Polygon');
      const [lon, lat] = pos.geoCoordinates.geometry.coordinates[0][0];
      expect(lon).to.be.within(-88.24, -88.22);
      expect(lat).to.be.within(40.05, 40.06);
      expect(plot.treatments.map((t: any) => t.factor)).to.deep.equal(['irrigation', 'planting density']);
      expect(plot).to.include({ trialDbId: 'trial-uniform-soybean-2024', programDbId: 'program-soybean-main', locationDbId: 'location-urbana-south-farm' });
    }
    expect((byId.get(PLOTS[0]) as any).observationUnitPosition.entryType).to.equal('CHECK');
    expect((byId.get(PLOTS[1]) as any).observationUnitPosition.entryType).to.equal('TEST');
    expect((byId.get(PLOTS[0]) as any)).to.include({ germplasmDbId: 'soy-williams-82', germplasmName: 'Williams 82', seedLotDbId: 'seedlot-williams-82-breeder-2023' });
    for (const id of PLANTS) {
      const pos = (byId.get(id) as any).observationUnitPosition;
      expect(pos.geoCoordinates.geometry.type).to.equal('Point');
      expect(pos).to.include({ positionCoordinateXType: 'PLANTED_ROW', positionCoordinateYType: 'PLANTED_INDIVIDUAL' });
    }
    expect((byId.get(FIELD) as any).observationUnitPosition.observationLevel).to.deep.equal({ levelName: 'field', levelOrder: 1, levelCode: 'SF-12' });
  });

  it('walks from a plant up to the field: PART_OF edges in one Cypher path, and one HTTP call for the ancestors', async () => {
    const [path] = await read(
      `MATCH (p:ObservationUnit {observationUnitDbId: $id})-[:PART_OF]->(plot:ObservationUnit {levelName: 'plot'})-[:PART_OF]->(block:ObservationUnit {levelName: 'block'})
         -[:PART_OF]->(field:ObservationUnit {levelName: 'field'})
       RETURN [u IN [p, plot, block, field] | u.observationUnitDbId] AS ids`,
      { id: PLANTS[0] },
    );
    expect(path.ids).to.deep.equal([PLANTS[0], PLOTS[0], BLOCKS[0], FIELD]);
    const plant = await api('GET', `${U}/${PLANTS[0]}`);
    const parents = plant.json.result.observationUnitPosition.observationLevelRelationships.map((r: any) => r.observationUnitDbId);
    expect(parents).to.have.members([FIELD, BLOCKS[0], PLOTS[0]]);
    const { res } = await units(parents.map((id: string) => `observationUnitDbId=${id}`).join('&'));
    expect(res.json.result.data.map((u: any) => u.observationUnitPosition.observationLevel.levelName).sort()).to.deep.equal(['block', 'field', 'plot']);
    // The other way: everything below block 1.
    expect((await units(`observationUnitLevelRelationshipDbId=${BLOCKS[0]}`)).ids).to.deep.equal([...PLOTS.slice(0, 4), ...PLANTS].sort());
  });

  it('the Stoneville plots place themselves in field and rep levels that are not units', async () => {
    const { res, ids } = await units('studyDbId=study-stoneville-2023');
    expect(ids).to.deep.equal(STONEVILLE);
    expect(res.json.result.data[0].observationUnitPosition.observationLevelRelationships).to.deep.equal([
      { levelName: 'field', levelOrder: 1, levelCode: 'DREC-F3', observationUnitDbId: null },
      { levelName: 'rep', levelOrder: 2, levelCode: 'R1', observationUnitDbId: null },
    ]);
    expect(await read('MATCH (u:ObservationUnit)-[:PART_OF]->() WHERE u.observationUnitDbId IN $ids RETURN u', { ids: STONEVILLE })).to.deep.equal([]);
  });

  it('GET /germplasm?studyDbId= returns the germplasm of the layout', async () => {
    for (const [study, expected] of [
      ['study-urbana-2024', ['soy-essex', 'soy-forrest', 'soy-lee', 'soy-williams-82']],
      ['study-stoneville-2023', ['soy-clark', 'soy-harosoy']],
    ] as const) {
      const res = await api('GET', `/germplasm?studyDbId=${study}`);
      expect(res.status).to.equal(200);
      expectValidResponse('get', '/germplasm', 200, res.json);
      expect(res.json.result.data.map((g: any) => g.germplasmDbId).sort()).to.deep.equal(expected);
    }
  });

  it('gets one unit, 404 (plain text) otherwise', async () => {
    const res = await api('GET', `${U}/${PLOTS[5]}`);
    expect(res.status).to.equal(200);
    expectValidResponse('get', `${U}/{observationUnitDbId}`, 200, res.json);
    expect(res.json.result).to.include({ observationUnitDbId: PLOTS[5], observationUnitName: 'Urbana 2024 plot 202', studyName: 'UST MG IV 2024 - Urbana South Farm' });
    const missing = await api('GET', `${U}/ou-nope`);
    expect(missing.status).to.equal(404);
    expect(missing.headers.get('content-type')).to.match(/^text\/plain/);
  });
});

describe('observation units: list filters', () => {
  const cases: Array<[string, string[]]> = [
    [`observationUnitDbId=${PLOTS[0]}`, [PLOTS[0]]],
    ['observationUnitName=Urbana%202024%20plot%20102', [PLOTS[1]]],
    ['locationDbId=location-stoneville-ms', STONEVILLE],
    ['seasonDbId=season-2023-summer', STONEVILLE],
    ['commonCropName=Soybean', [...URBANA, ...STONEVILLE].sort()],
    ['programDbId=program-soybean-main', [...URBANA, ...STONEVILLE].sort()],
    ['trialDbId=trial-uniform-soybean-2023', STONEVILLE],
    ['studyDbId=study-stoneville-2023', STONEVILLE],
    ['germplasmDbId=soy-essex', [PLOTS[1], PLOTS[5]]],
    ['externalReferenceId=UST-2024-URB-101', [PLOTS[0]]],
    ['externalReferenceID=UST-2024-URB-204', [PLOTS[7]]],
    ['externalReferenceSource=Uniform%20Soybean%20Tests%20plot%20book', PLOTS],
    ['observationUnitLevelName=plant', PLANTS],
    ['observationUnitLevelOrder=3', [...PLOTS, ...STONEVILLE].sort()],
    ['observationUnitLevelCode=203', [PLOTS[6]]],
    ['observationUnitLevelRelationshipName=rep', STONEVILLE],
    ['observationUnitLevelRelationshipOrder=3', PLANTS],
    ['observationUnitLevelRelationshipCode=B2', PLOTS.slice(4)],
    [`observationUnitLevelRelationshipDbId=${PLOTS[0]}`, PLANTS],
    // AND of two, OR of repeated values
    ['studyDbId=study-urbana-2024&observationUnitLevelName=block', BLOCKS],
    ['germplasmDbId=soy-lee&observationUnitLevelRelationshipCode=B1', [PLOTS[3]]],
    [`observationUnitDbId=${PLOTS[0]}&observationUnitDbId=${STONEVILLE[1]}`, [PLOTS[0], STONEVILLE[1]]],
    ['germplasmDbId=soy-clark&germplasmDbId=soy-forrest', [PLOTS[2], PLOTS[6], STONEVILLE[0]]],
  ];
  for (const [query, expected] of cases) {
    it(query, async () => {
      expect((await units(query)).ids).to.deep.equal([...expected].sort());
    });
  }

  it('an unknown DbId is an empty page with an INFO naming it; a bad value is a 400', async () => {
    const { res, all } = await units('studyDbId=study-nope');
    expect(all).to.deep.equal([]);
    expect(said(res)).to.match(/^INFO: /).and.contain('study-nope');
    await expect400(await api('GET', `${U}?observationUnitLevelOrder=two`), 'observationUnitLevelOrder');
    await expect400(await api('GET', `${U}?includeObservations=maybe`), 'includeObservations');
  });
});

describe('observation units: writes and the level rules', () => {
  let program: string, trial: string, studyA: string, studyB: string;
  const made: string[] = [];
  const byName = new Map<string, any>();
  const id = (name: string) => byName.get(name).observationUnitDbId as string;

  async function create(records: object[]) {
    const res = await post(records);
    expect(res.status, res.text).to.equal(200);
    for (const u of res.json.result.data) {
      made.push(u.observationUnitDbId);
      byName.set(u.observationUnitName, u);
    }
    return res.json.result.data as any[];
  }
  const countIn = async (study: string) => (await read('MATCH (u:ObservationUnit)-[:IN_STUDY]->(:Study {studyDbId: $study}) RETURN count(u) AS n', { study }))[0].n;

  before(async () => {
    program = (await api('POST', '/programs', [{ programName: 'OUT Program', commonCropName: 'OUT crop' }])).json.result.data[0].programDbId;
    trial = (await api('POST', '/trials', [{ trialName: 'OUT Trial', programDbId: program }])).json.result.data[0].trialDbId;
    const studies = await api('POST', '/studies', [
      { studyName: 'OUT Study A', trialDbId: trial, locationDbId: 'location-urbana-il', seasons: ['season-2024-summer'] },
      { studyName: 'OUT Study B', trialDbId: trial, observationLevels: [{ levelName: 'field', levelOrder: 0 }, { levelName: 'plot', levelOrder: 1 }] },
    ]);
    expect(studies.status, studies.text).to.equal(200);
    [studyA, studyB] = studies.json.result.data.map((s: any) => s.studyDbId);
  });

  after(async () => {
    await removeNodes('ObservationUnit', 'observationUnitDbId', made);
    await removeWhere({ outTest: [true], studyDbId: [studyA, studyB], trialDbId: [trial], programDbId: [program] });
  });

  it('takes a whole layout in one POST: parents named by level and code get their DbIds and PART_OF edges', async () => {
    const F = level('field', 1, 'F1');
    const B = (n: number) => level('block', 2, `B${n}`);
    const P = (n: string) => level('plot', 3, n);
    // The plant comes first: the request is checked as a whole, once every unit of it is stored.
    await create([
      unit(studyA, 'OUT plant 11-1', level('plant', 4, '11-1'), [F, B(1), P('11')]),
      unit(studyA, 'OUT field', F, []),
      unit(studyA, 'OUT block 1', B(1), [F]),
      unit(studyA, 'OUT block 2', B(2), [F]),
      unit(studyA, 'OUT plot 11', P('11'), [F, B(1)], { germplasmDbId: 'soy-lee' }),
      unit(studyA, 'OUT plot 12', P('12'), [F, B(1)], { germplasmDbId: 'soy-forrest' }),
      unit(studyA, 'OUT plot 21', P('21'), [F, B(2)], { germplasmDbId: 'soy-lee' }),
    ]);
    const plant = byName.get('OUT plant 11-1');
    expect(plant.observationUnitPosition.observationLevelRelationships.map((r: any) => r.observationUnitDbId))
      .to.deep.equal([id('OUT field'), id('OUT block 1'), id('OUT plot 11')]);
    expect(plant).to.include({ studyDbId: studyA, trialDbId: trial, programDbId: program, locationDbId: 'location-urbana-il' });
    const [walk] = await read(
      `MATCH (:ObservationUnit {observationUnitDbId: $id})-[:PART_OF]->(plot)-[:PART_OF]->(block)-[:PART_OF]->(field)
       WHERE plot.levelName = 'plot' AND block.levelName = 'block' AND field.levelName = 'field'
       RETURN [plot.observationUnitDbId, block.observationUnitDbId, field.observationUnitDbId] AS ids`,
      { id: plant.observationUnitDbId },
    );
    expect(walk.ids).to.deep.equal([id('OUT plot 11'), id('OUT block 1'), id('OUT field')]);
    // study.observationLevels and GET /observationlevels?studyDbId= are the levels its units use.
    const expected = [{ levelName: 'field', levelOrder: 1 }, { levelName: 'block', levelOrder: 2 }, { levelName: 'plot', levelOrder: 3 }, { levelName: 'plant', levelOrder: 4 }];
    const study = await api('GET', `/studies/${studyA}`);
    expectValidResponse('get', '/studies/{studyDbId}', 200, study.json);
    expect(study.json.result.observationLevels).to.deep.equal(expected);
    expect((await levels(`studyDbId=${studyA}`)).data).to.deep.equal(expected);
    expect((await units(`studyDbId=${studyA}&observationUnitLevelRelationshipDbId=${id('OUT block 1')}`)).all.sort())
      .to.deep.equal([id('OUT plant 11-1'), id('OUT plot 11'), id('OUT plot 12')].sort());
    // The germplasm of the study, through its units.
    const germplasm = await api('GET', `/germplasm?studyDbId=${studyA}`);
    expect(germplasm.json.result.data.map((g: any) => g.germplasmDbId).sort()).to.deep.equal(['soy-forrest', 'soy-lee']);
  });

  it('a study with units shows their levels: a PUT may repeat them, not declare others', async () => {
    const levelsA = (await api('GET', `/studies/${studyA}`)).json.result.observationLevels;
    await expect400(await api('PUT', `/studies/${studyA}`, { observationLevels: [{ levelName: 'plot', levelOrder: 1 }] }), 'observationLevels');
    const same = await api('PUT', `/studies/${studyA}`, { observationLevels: levelsA, studyDescription: 'OUT layout' });
    expect(same.status, same.text).to.equal(200);
    expect(same.json.result).to.deep.include({ observationLevels: levelsA, studyDescription: 'OUT layout' });
  });

  it('rejects a unit that lacks a levelCode for a level above its own, naming the missing levels; nothing is written', async () => {
    const before = await countIn(studyA);
    await expect400(await post([unit(studyA, 'OUT plant x', level('plant', 4, 'x'), [level('field', 1, 'F1')])]),
      'every level above "plant"', 'missing: block, plot');
    await expect400(await post([
      unit(studyA, 'OUT plot 13', level('plot', 3, '13'), [level('field', 1, 'F1'), level('block', 2, 'B1')]),
      unit(studyA, 'OUT plot 14', level('plot', 3, '14'), [level('field', 1, 'F1'), level('block', 2, '')]),
    ]), 'body[1]', 'missing: block');
    expect(await countIn(studyA)).to.equal(before);
  });

  it('a fresh study takes its first units as they come; its hierarchy then grows with them', async () => {
    let study = await api('GET', `/studies/${studyB}`);
    expect(study.json.result.observationLevels).to.deep.equal([{ levelName: 'field', levelOrder: 0 }, { levelName: 'plot', levelOrder: 1 }]);
    expect((await levels(`studyDbId=${studyB}`)).data).to.deep.equal(study.json.result.observationLevels);
    await create([unit(studyB, 'OUT B plot 1', level('plot', 1, '1'), [])]);
    study = await api('GET', `/studies/${studyB}`);
    expect(study.json.result.observationLevels).to.deep.equal([{ levelName: 'plot', levelOrder: 1 }]);
    await create([unit(studyB, 'OUT B field', level('field', 0, 'FB'), [])]);
    await expect400(await post([unit(studyB, 'OUT B plot 2', level('plot', 1, '2'), [])]), 'missing: field');
    await create([unit(studyB, 'OUT B plot 2', level('plot', 1, '2'), [level('field', 0, 'FB')])]);
    expect(byName.get('OUT B plot 2').observationUnitPosition.observationLevelRelationships[0].observationUnitDbId).to.equal(id('OUT B field'));
  });

  it('rejects parents of another study, not above the unit, of another level or unknown', async () => {
    const F = level('field', 1, 'F1');
    await expect400(await post([unit(studyB, 'OUT x', level('plot', 1, '9'), [level('field', 0, 'F1', id('OUT field'))])]),
      `unit "${id('OUT field')}" belongs to study "${studyA}"`);
    await expect400(await post([unit(studyA, 'OUT x', level('plot', 3, '99'), [F, level('block', 2, '11', id('OUT plot 11'))])]),
      `unit "${id('OUT plot 11')}"`, 'is not above');
    await expect400(await post([unit(studyA, 'OUT x', level('plot', 3, '99'), [F, level('block', 2, 'B1', id('OUT field'))])]),
      'says block "B1"', `unit "${id('OUT field')}" is field`);
    await expect400(await post([unit(studyA, 'OUT x', level('plot', 3, '99'), [F, level('block', 2, 'B1', 'ou-nope')])]),
      'observationLevelRelationships[1].observationUnitDbId', 'ou-nope');
    await expect400(await post([unit(undefined, 'OUT x', null, [level('block', 2, 'B1', id('OUT block 1'))])]), 'belongs to study');
  });

  it('keeps one levelOrder per level name in a study, and fills a missing one from the study or the accepted names', async () => {
    await expect400(await post([unit(studyA, 'OUT x', level('plot', 7, '15'), [level('field', 1, 'F1'), level('block', 2, 'B1')])]),
      'level "plot" has levelOrder 3 and 7');
    const [plot] = await create([unit(studyA, 'OUT plot 13', level('plot', undefined, '13'), [level('field', undefined, 'F1'), level('block', undefined, 'B2')])]);
    expect(plot.observationUnitPosition.observationLevel.levelOrder).to.equal(3);
    expect(plot.observationUnitPosition.observationLevelRelationships.map((r: any) => [r.levelOrder, r.observationUnitDbId]))
      .to.deep.equal([[1, id('OUT field')], [2, id('OUT block 2')]]);
    const [loose] = await create([unit(undefined, 'OUT loose sample', level('sample', undefined, 'S1'), [])]);
    expect(loose.observationUnitPosition.observationLevel.levelOrder).to.equal(10);
    await expect400(await post([unit(undefined, 'OUT tray', level('tray', undefined, 'T1'), [])]), '"tray" needs a levelOrder');
    await expect400(await post([unit(studyA, 'OUT x', { levelCode: '1' } as Level, [])]), 'observationLevel.levelName is required');
  });

  it('validates geoCoordinates (Point or simple Polygon) and the trial a unit has through its study', async () => {
    const at = (geometry: object) => ({ studyDbId: studyB, observationUnitPosition: { geoCoordinates: { type: 'Feature', geometry } } });
    await expect400(await post([at({ type: 'LineString', coordinates: [[-88.2, 40.1], [-88.3, 40.1]] })]), 'observationUnitPosition.geoCoordinates');
    await expect400(await post([at({ type: 'Polygon', coordinates: [[[-88.2, 40.1], [-88.3, 40.1], [-88.3, 40.2], [-88.2, 40.2]]] })]), 'geoCoordinates');
    await expect400(await post([{ studyDbId: studyB, trialDbId: 'trial-uniform-soybean-2024' }]), 'trialDbId');
    const [ok] = await create([{ observationUnitName: 'OUT point', trialDbId: trial, ...at({ type: 'Point', coordinates: [-88.2, 40.1] }) }]);
    expect(ok.observationUnitPosition.geoCoordinates).to.deep.equal({ type: 'Feature', geometry: { type: 'Point', coordinates: [-88.2, 40.1] } });
    expect(ok).to.include({ trialDbId: trial, trialName: 'OUT Trial', programName: 'OUT Program' });
  });

  it('PUT /observationunits/{id} changes the named fields and checks the levels again when the position changes', async () => {
    const plot = id('OUT plot 12');
    const res = await api('PUT', `${U}/${plot}`, { observationUnitName: 'OUT plot 12 renamed', treatments: [{ factor: 'irrigation', modality: 'rain-fed' }] });
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('put', `${U}/{observationUnitDbId}`, 200, res.json);
    expect(res.json.result).to.include({ observationUnitName: 'OUT plot 12 renamed', germplasmDbId: 'soy-forrest' });
    expect(res.json.result.treatments).to.deep.equal([{ factor: 'irrigation', modality: 'rain-fed' }]);
    byName.set('OUT plot 12 renamed', res.json.result);
    await expect400(await api('PUT', `${U}/${plot}`, { observationUnitPosition: { observationLevel: level('plot', 3, '12'), observationLevelRelationships: [level('field', 1, 'F1')] } }),
      'missing: block');
    // Moved to block 2 by its code: the PART_OF edge follows.
    const moved = await api('PUT', `${U}/${plot}`, { observationUnitPosition: { observationLevel: level('plot', 3, '12'), observationLevelRelationships: [level('field', 1, 'F1'), level('block', 2, 'B2')] } });
    expect(moved.status, moved.text).to.equal(200);
    const parents = await read('MATCH (:ObservationUnit {observationUnitDbId: $plot})-[:PART_OF]->(p) RETURN p.observationUnitDbId AS id ORDER BY id', { plot });
    expect(parents.map((p) => p.id)).to.deep.equal([id('OUT field'), id('OUT block 2')].sort());
    // A field cannot leave the study its blocks, plots and plants are part of.
    await expect400(await api('PUT', `${U}/${id('OUT field')}`, { studyDbId: studyB, observationUnitPosition: { observationLevel: level('field', 0, 'F1') } }),
      'is part of', id('OUT field'));
    const empty = await api('PUT', `${U}/${plot}`, {});
    expect(empty.status).to.equal(200);
    expect(empty.json.result.observationUnitName).to.equal('OUT plot 12 renamed');
    expect((await api('PUT', `${U}/ou-nope`, {})).status).to.equal(404);
  });

  it('PUT /observationunits takes a map keyed by DbId: all or nothing', async () => {
    const [a, b] = [id('OUT plot 11'), id('OUT plot 21')];
    const res = await api('PUT', U, { [a]: { observationUnitPUI: 'out:plot-11' }, [b]: { observationUnitPUI: 'out:plot-21', germplasmDbId: 'soy-essex' } });
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('put', U, 200, res.json);
    expect(res.json.result.data.map((u: any) => [u.observationUnitDbId, u.observationUnitPUI, u.germplasmDbId]))
      .to.deep.equal([[a, 'out:plot-11', 'soy-lee'], [b, 'out:plot-21', 'soy-essex']]);
    expect((await api('PUT', U, { [a]: { observationUnitPUI: 'changed' }, 'ou-nope': {} })).status).to.equal(404);
    await expect400(await api('PUT', U, { [a]: { observationUnitPUI: 'changed' }, [b]: { observationUnitPosition: { observationLevel: level('plot', 3, '21') } } }), 'missing: field, block');
    expect((await api('GET', `${U}/${a}`)).json.result.observationUnitPUI).to.equal('out:plot-11');
    // An empty map changes nothing (BRAVA sends one) and answers the first page of units.
    const empty = await api('PUT', U, {});
    expect(empty.status).to.equal(200);
    expectValidResponse('put', U, 200, empty.json);
    expect((await api('GET', `${U}/${a}`)).json.result.observationUnitPUI).to.equal('out:plot-11');
  });

  describe('with observations', () => {
    before(async () => {
      await server().graph.write(
        `MATCH (p:ObservationUnit {observationUnitDbId: $plot}), (q:ObservationUnit {observationUnitDbId: $other})
         CREATE (v:ObservationVariable {observationVariableDbId: 'out-var-height', observationVariableName: 'OUT height', outTest: true}),
           (w:ObservationVariable {observationVariableDbId: 'out-var-score', observationVariableName: 'OUT score', outTest: true}),
           (p)<-[:OF_UNIT]-(:Observation {observationDbId: 'out-obs-1', value: '41', observationTimeStamp: '2024-07-01T10:00:00Z', observationTimeStampUtc: '2024-07-01T10:00:00.000Z', outTest: true})-[:OF_VARIABLE]->(v),
           (p)<-[:OF_UNIT]-(:Observation {observationDbId: 'out-obs-2', value: '57', observationTimeStamp: '2024-08-01T10:00:00Z', observationTimeStampUtc: '2024-08-01T10:00:00.000Z', outTest: true})-[:OF_VARIABLE]->(v),
           (q)<-[:OF_UNIT]-(:Observation {observationDbId: 'out-obs-3', value: '3', outTest: true})-[:OF_VARIABLE]->(w)`,
        { plot: id('OUT plot 11'), other: id('OUT plot 21') },
      );
    });

    it('includeObservations=true embeds each unit\'s observations; off by default', async () => {
      const plot = id('OUT plot 11');
      expect((await units(`observationUnitDbId=${plot}`)).res.json.result.data[0].observations).to.equal(null);
      const { res } = await units(`studyDbId=${studyA}&observationUnitLevelName=plot&includeObservations=true`);
      const byId = new Map(res.json.result.data.map((u: any) => [u.observationUnitDbId, u.observations]));
      expect((byId.get(plot) as any[]).map((o) => [o.observationDbId, o.value, o.observationUnitDbId, o.observationVariableDbId])).to.deep.equal([
        ['out-obs-1', '41', plot, 'out-var-height'],
        ['out-obs-2', '57', plot, 'out-var-height'],
      ]);
      expect(byId.get(id('OUT plot 13'))).to.deep.equal([]);
      // Units with observations of a variable.
      expect((await units('observationVariableDbId=out-var-score')).all).to.deep.equal([id('OUT plot 21')]);
    });

    it('GET /observationunits/table: JSON by default, CSV and TSV by Accept', async () => {
      const res = await api('GET', `${U}/table?studyDbId=${studyA}&observationUnitLevelName=plot`);
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('get', `${U}/table`, 200, res.json);
      const table = res.json.result;
      expect(table.headerRow).to.deep.equal(['observationUnitDbId', 'observationUnitName', 'studyDbId', 'studyName', 'germplasmDbId', 'germplasmName',
        'positionCoordinateX', 'positionCoordinateY', 'year', 'field', 'block', 'plot']);
      expect(table.observationVariables).to.deep.equal([
        { observationVariableDbId: 'out-var-height', observationVariableName: 'OUT height' },
        { observationVariableDbId: 'out-var-score', observationVariableName: 'OUT score' },
      ]);
      expect(table.data.map((row: string[]) => row[0]).sort()).to.deep.equal([id('OUT plot 11'), id('OUT plot 12'), id('OUT plot 13'), id('OUT plot 21')].sort());
      const row = table.data.find((r: string[]) => r[0] === id('OUT plot 11'));
      // The latest value of a variable; year from the study's season; the level codes.
      expect(row).to.deep.equal([id('OUT plot 11'), 'OUT plot 11', studyA, 'OUT Study A', 'soy-lee', 'Lee', '', '', '2024', 'F1', 'B1', '11', '57', '']);
      expect(res.json.metadata.pagination.totalCount).to.equal(4);
      // The table's deprecated observationLevel is the unit's level name; observationVariableDbId picks the columns.
      const picked = await api('GET', `${U}/table?studyDbId=${studyA}&observationLevel=plant&observationVariableDbId=out-var-score`);
      expect(picked.json.result.data.map((r: string[]) => r[0])).to.deep.equal([id('OUT plant 11-1')]);
      expect(picked.json.result.observationVariables).to.deep.equal([]);

      for (const [accept, sep] of [['text/csv', ','], ['text/tsv', '\t']]) {
        const text = await api('GET', `${U}/table?studyDbId=${studyA}&observationUnitLevelName=plot`, undefined, { accept });
        expect(text.status).to.equal(200);
        expect(text.headers.get('content-type')).to.contain(accept);
        const lines = text.text.trimEnd().split('\n');
        expect(lines).to.have.length(2 + 4);
        expect(lines[0].split(sep)).to.deep.equal([...table.headerRow, 'out-var-height', 'out-var-score'].map((c) => `"${c}"`));
        expect(lines[1].split(sep).slice(-2)).to.deep.equal(['"OUT height"', '"OUT score"']);
        expect(lines.slice(2).find((l) => l.startsWith(`"${id('OUT plot 11')}"`))).to.equal(row.map((c: string) => `"${c}"`).join(sep));
      }
    });
  });
});

describe('GET /observationlevels and study.observationLevels', () => {
  it('lists the levels in use, in hierarchical order, filtered by program, trial and study', async () => {
    const { data } = await levels();
    const ordered = [...data].sort((a, b) => a.levelOrder - b.levelOrder || a.levelName.localeCompare(b.levelName));
    expect(data).to.deep.equal(ordered);
    expect(data).to.deep.include.members([{ levelName: 'field', levelOrder: 1 }, { levelName: 'plant', levelOrder: 4 }, { levelName: 'rep', levelOrder: 2 }]);
    expect((await levels('studyDbId=study-urbana-2024')).data).to.deep.equal([
      { levelName: 'field', levelOrder: 1 }, { levelName: 'block', levelOrder: 2 }, { levelName: 'plot', levelOrder: 3 }, { levelName: 'plant', levelOrder: 4 },
    ]);
    // Urbana 2023 (no units: the levels it declares) and Stoneville 2023 (its plots' levels).
    const y2023 = [{ levelName: 'field', levelOrder: 1 }, { levelName: 'rep', levelOrder: 2 }, { levelName: 'plot', levelOrder: 3 }];
    expect((await levels('trialDbId=trial-uniform-soybean-2023')).data).to.deep.equal(y2023);
    expect((await levels('studyDbId=study-stoneville-2023&programDbId=program-soybean-main')).data).to.deep.equal(y2023);
    expect((await levels('studyDbId=study-stoneville-2023&studyDbId=study-urbana-2024')).data).to.have.length(5);
    expect((await levels('programDbId=program-soybean-main')).data).to.deep.include.members([...y2023, ...(await levels('studyDbId=study-urbana-2024')).data]);
  });

  it('every study\'s observationLevels is the list for that study, and part of the server-wide list', async () => {
    const all = (await levels()).data;
    const studies = await api('GET', '/studies?pageSize=1000');
    for (const study of studies.json.result.data) {
      const own = [...new Map((study.observationLevels ?? []).map((l: object) => [JSON.stringify(l), l])).values()];
      expect(all, study.studyDbId).to.deep.include.members(own);
      const listed = (await levels(`studyDbId=${encodeURIComponent(study.studyDbId)}`)).data;
      expect(listed, study.studyDbId).to.have.deep.members(own);
    }
  });

  it('a study without units shows the levels it declares, an empty list too', async () => {
    const posted = await api('POST', '/studies', [{ studyName: 'OUT no levels', observationLevels: [] }, { studyName: 'OUT sub-plots', observationLevels: [{ levelName: 'sub-plot', levelOrder: 9 }] }]);
    expect(posted.status, posted.text).to.equal(200);
    const [none, sub] = posted.json.result.data;
    try {
      expect(none.observationLevels).to.deep.equal([]);
      expect((await levels(`studyDbId=${none.studyDbId}`)).data).to.deep.equal([]);
      expect(sub.observationLevels).to.deep.equal([{ levelName: 'sub-plot', levelOrder: 9 }]);
      expect((await levels()).data).to.deep.include({ levelName: 'sub-plot', levelOrder: 9 });
    } finally {
      await removeNodes('Study', 'studyDbId', [none.studyDbId, sub.studyDbId]);
    }
  });

  it('pages, and explains an empty answer', async () => {
    const all = (await levels()).data;
    const { res, data } = await levels('page=1&pageSize=2');
    expect(data).to.deep.equal(all.slice(2, 4));
    expect(res.json.metadata.pagination).to.include({ currentPage: 1, pageSize: 2, totalCount: all.length });
    const none = await levels('studyDbId=study-nope');
    expect(none.data).to.deep.equal([]);
    expect(said(none.res)).to.match(/^INFO: /).and.contain('study-nope');
  });
});

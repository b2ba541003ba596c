// POST /search/observationunits and GET /search/observationunits/{searchResultsDbId}: every member of
// ObservationUnitSearchRequest is a filter of the unit (or the includeObservations view), so none is ignored; values
// of one member OR, members AND. The request has no Min/Max or Start/End members, so there are no ranges to test.
// On the demo layout; observations of two test variables are made here with raw Cypher and removed afterwards.
import { expect } from 'chai';
import { removeWhere } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { search, searchIds } from '../support/search.js';

const P = (n: string) => `ou-urbana-2024-plot-${n}`;
const PLANTS = ['ou-urbana-2024-plot-101-plant-1', 'ou-urbana-2024-plot-101-plant-2'];
const STONEVILLE = ['ou-stoneville-2023-plot-1', 'ou-stoneville-2023-plot-2'];
const BLOCKS = ['ou-urbana-2024-block-1', 'ou-urbana-2024-block-2'];

/** The demo units a search finds, sorted; no member of the body may be ignored. */
async function found(body: object): Promise<string[]> {
  // Demo units only: other tests leave raw units in demo studies.
  return (await searchIds('observationunits', 'observationUnitDbId', body)).filter((id) => /^ou-(urbana-2024|stoneville-2023)-/.test(id));
}
const sorted = (...ids: string[]) => [...ids].sort();

describe('search members of observation units', () => {
  before(async () => {
    await server().graph.write(
      `CREATE (v1:ObservationVariable {observationVariableDbId: 'souv-var-yield', observationVariableName: 'SOUV yield', observationVariablePUI: 'souv:yield', souvTest: true}),
              (v2:ObservationVariable {observationVariableDbId: 'souv-var-rust', observationVariableName: 'SOUV rust', observationVariablePUI: 'souv:rust', souvTest: true})
       WITH v1, v2 UNWIND $observed AS o
       MATCH (u:ObservationUnit {observationUnitDbId: o[0]})
       WITH u, o, CASE o[1] WHEN 'yield' THEN v1 ELSE v2 END AS v
       CREATE (u)<-[:OF_UNIT]-(:Observation {observationDbId: 'souv-obs-' + o[0] + '-' + o[1], value: '1', souvTest: true})-[:OF_VARIABLE]->(v)`,
      { observed: [[P('101'), 'yield'], [P('202'), 'rust'], [STONEVILLE[0], 'yield'], [STONEVILLE[0], 'rust']] },
    );
  });

  after(async () => {
    await removeWhere({ souvTest: [true] });
  });

  it('DbIds and names of the unit, its study, trial, program, location, season and germplasm (OR within, AND across)', async () => {
    expect(await found({ observationUnitDbIds: [P('101'), STONEVILLE[1], 'ou-nope'] })).to.deep.equal(sorted(P('101'), STONEVILLE[1]));
    expect(await found({ observationUnitNames: ['Urbana 2024 plot 203', 'Stoneville 2023 plot 1'] })).to.deep.equal(sorted(P('203'), STONEVILLE[0]));
    expect(await found({ studyDbIds: ['study-stoneville-2023', 'study-nope'] })).to.deep.equal(STONEVILLE);
    expect(await found({ studyNames: ['UST MG IV 2024 - Urbana South Farm'], observationUnitNames: ['Urbana 2024 block 2'] })).to.deep.equal([BLOCKS[1]]);
    expect(await found({ trialDbIds: ['trial-uniform-soybean-2023'] })).to.deep.equal(STONEVILLE);
    expect(await found({ trialNames: ['Uniform Soybean Tests 2023, Maturity Group IV'] })).to.deep.equal(STONEVILLE);
    expect(await found({ programDbIds: ['program-soybean-main'], germplasmDbIds: ['soy-harosoy'] })).to.deep.equal([STONEVILLE[1]]);
    expect(await found({ programNames: ['Soybean Cultivar Development 2021-2026'], locationDbIds: ['location-stoneville-ms'] })).to.deep.equal(STONEVILLE);
    expect(await found({ locationNames: ['Urbana South Farm, Field 12'], germplasmNames: ['Lee'] })).to.deep.equal(sorted(P('104'), P('204')));
    expect(await found({ seasonDbIds: ['season-2023-summer'] })).to.deep.equal(STONEVILLE);
    expect(await found({ germplasmDbIds: ['soy-essex', 'soy-clark'] })).to.deep.equal(sorted(P('102'), P('202'), STONEVILLE[0]));
    expect(await found({ germplasmNames: ['Forrest'], commonCropNames: ['Soybean'] })).to.deep.equal(sorted(P('103'), P('203')));
    expect(await found({ commonCropNames: ['Maize'] })).to.deep.equal([]);
  });

  it('external references', async () => {
    expect(await found({ externalReferenceIds: ['UST-2024-URB-101', 'UST-2024-URB-204'] })).to.deep.equal(sorted(P('101'), P('204')));
    expect(await found({ externalReferenceIDs: ['UST-2024-URB-103'] })).to.deep.equal([P('103')]);
    expect(await found({ externalReferenceSources: ['Uniform Soybean Tests plot book'], germplasmNames: ['Williams 82'] })).to.deep.equal(sorted(P('101'), P('201')));
  });

  it('observationLevels: the unit\'s own level, every member given must match', async () => {
    expect(await found({ observationLevels: [{ levelName: 'plot', levelCode: '101' }, { levelName: 'plant' }] })).to.deep.equal(sorted(P('101'), ...PLANTS));
    expect(await found({ observationLevels: [{ levelName: 'plot', levelCode: 'R1-2' }] })).to.deep.equal([STONEVILLE[1]]);
    expect(await found({ observationLevels: [{ levelName: 'block', levelOrder: 3 }] })).to.deep.equal([]);
    expect(await found({ observationLevels: [{ levelOrder: 2 }] })).to.deep.equal(sorted(...BLOCKS));
    expect(await found({ observationLevels: [{ levelName: 'block', levelCode: '101' }] })).to.deep.equal([]);
  });

  it('observationLevelRelationships: one relationship must match every member given', async () => {
    expect(await found({ observationLevelRelationships: [{ levelName: 'block', levelCode: 'B2' }] })).to.deep.equal(['201', '202', '203', '204'].map(P));
    expect(await found({ observationLevelRelationships: [{ levelName: 'rep', levelCode: 'R1' }, { levelCode: 'SF-12', levelOrder: 1 }] }))
      .to.deep.equal(sorted(...BLOCKS, ...['101', '102', '103', '104', '201', '202', '203', '204'].map(P), ...PLANTS, ...STONEVILLE));
    expect(await found({ observationLevelRelationships: [{ observationUnitDbId: P('101') }] })).to.deep.equal(PLANTS);
    // Field's order with block's code: no single relationship has both.
    expect(await found({ observationLevelRelationships: [{ levelOrder: 1, levelCode: 'B1' }] })).to.deep.equal([]);
    expect(await found({ observationLevels: [{ levelName: 'plot' }], observationLevelRelationships: [{ levelName: 'block', levelCode: 'B1' }] }))
      .to.deep.equal(['101', '102', '103', '104'].map(P));
  });

  it('observed variables: DbIds, names, PUIs', async () => {
    expect(await found({ observationVariableDbIds: ['souv-var-yield'] })).to.deep.equal(sorted(P('101'), STONEVILLE[0]));
    expect(await found({ observationVariableNames: ['SOUV rust', 'SOUV yield'] })).to.deep.equal(sorted(P('101'), P('202'), STONEVILLE[0]));
    expect(await found({ observationVariablePUIs: ['souv:rust'], studyDbIds: ['study-urbana-2024'] })).to.deep.equal([P('202')]);
  });

  it('includeObservations embeds the observations in the saved results; off by default', async () => {
    const off = await search('observationunits', { observationUnitDbIds: [STONEVILLE[0]] });
    expect(off.warnings).to.deep.equal([]);
    expect(off.res.json.result.data[0].observations).to.equal(null);
    const on = await search('observationunits', { observationUnitDbIds: [STONEVILLE[0]], includeObservations: true });
    expect(on.res.json.result.data[0].observations.map((o: any) => o.observationVariableDbId).filter((v: string) => v.startsWith('souv-')).sort())
      .to.deep.equal(['souv-var-rust', 'souv-var-yield']);
  });

  it('pages the saved results; a bad member is a 400 naming it', async () => {
    const all = await search('observationunits', { studyDbIds: ['study-urbana-2024'] });
    const page = await search('observationunits', { studyDbIds: ['study-urbana-2024'] }, '?page=1&pageSize=5');
    expect(page.ids('observationUnitDbId')).to.deep.equal(all.ids('observationUnitDbId').slice(5, 10));
    expect(page.res.json.metadata.pagination).to.include({ currentPage: 1, pageSize: 5, totalCount: all.res.json.metadata.pagination.totalCount });
    expect(all.ids('observationUnitDbId')).to.include.members(['101', '204'].map(P));
    for (const body of [{ observationLevels: [{ levelOrder: 'two' }] }, { observationUnitDbIds: 'ou-x' }, { includeObservations: 'yes' }]) {
      const res = await api('POST', '/search/observationunits', body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.text).to.contain(Object.keys(body)[0]);
    }
  });
});

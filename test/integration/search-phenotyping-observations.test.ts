// POST /search/observations: every member of ObservationSearchRequest maps to a filter (none is ignored), values of
// one member OR, members AND, time-stamp bounds inclusive in UTC, and the members that reach through the unit
// (germplasm, study, trial, program, location, crop, levels). A program, trial, two studies and a location are
// created here with distinctive "SPO" names, with two units (raw Cypher: the unit API is not under test here) and
// three observations; the level members use the demo field layout. Everything created is removed afterwards.
import { expect } from 'chai';
import { loadSpec } from '../../src/openapi/spec.js';
import { removeWhere } from '../support/graph.js';
import { api, createRecords, server } from '../support/server.js';
import { search, searchIds } from '../support/search.js';

const HEIGHT = 'variable-plant-height-cm';
const LODGING = 'variable-lodging-score';
const YIELD = 'variable-seed-yield-kg-ha';

const create = async (path: string, idField: string, records: object[]) => (await createRecords(path, records)).map((r) => r[idField] as string);

/** The search finds exactly these observations (any order) and ignores no member. */
async function finds(body: object, expected: string[]) {
  expect(await searchIds('observations', 'observationDbId', body), JSON.stringify(body)).to.deep.equal([...expected].sort());
}

describe('search: observations', () => {
  let P: string, T: string, S1: string, S2: string, L: string, O1: string, O2: string, O3: string, lee: string;
  const U1 = 'spo-unit-1';
  const U2 = 'spo-unit-2';

  before(async () => {
    [P] = await create('programs', 'programDbId', [{ programName: 'SPO Program', commonCropName: 'SPOCrop' }]);
    [T] = await create('trials', 'trialDbId', [{ trialName: 'SPO Trial', programDbId: P }]);
    [L] = await create('locations', 'locationDbId', [{ locationName: 'SPO Field Station' }]);
    [S1, S2] = await create('studies', 'studyDbId', [
      { studyName: 'SPO Study One', trialDbId: T, commonCropName: 'SPOStudyCrop', locationDbId: L },
      { studyName: 'SPO Study Two', trialDbId: T },
    ]);
    await server().graph.write(
      `UNWIND $units AS unit MATCH (s:Study {studyDbId: unit[1]}), (g:Germplasm {germplasmDbId: unit[2]})
       CREATE (s)<-[:IN_STUDY]-(:ObservationUnit {observationUnitDbId: unit[0], observationUnitName: unit[0], spoTest: true})-[:OF_GERMPLASM]->(g)`,
      { units: [[U1, S1, 'soy-lee'], [U2, S2, 'soy-amsoy']] },
    );
    lee = (await api('GET', '/germplasm/soy-lee')).json.result.germplasmName;
    [O1, O2, O3] = await create('observations', 'observationDbId', [
      { observationUnitDbId: U1, observationVariableDbId: HEIGHT, value: '50', observationTimeStamp: '2030-05-01T10:00:00Z',
        externalReferences: [{ referenceId: 'spo-1', referenceSource: 'SPO App' }] },
      { observationUnitDbId: U2, observationVariableDbId: LODGING, value: '2', observationTimeStamp: '2030-05-02T10:00:00Z',
        season: { seasonDbId: 'season-2024-summer' }, externalReferences: [{ referenceId: 'spo-2', referenceSource: 'SPO App' }] },
      // 10:00+02:00 is 08:00 UTC.
      { observationUnitDbId: U2, observationVariableDbId: YIELD, value: '1000', observationTimeStamp: '2030-05-03T10:00:00+02:00',
        externalReferences: [{ referenceId: 'spo-3', referenceSource: 'Other App' }] },
    ]);
  });

  after(async () => {
    await removeWhere({ spoTest: [true], observationDbId: [O1, O2, O3], studyDbId: [S1, S2], trialDbId: [T], programDbId: [P], locationDbId: [L] });
  });

  it('maps every member of ObservationSearchRequest to a filter', async () => {
    const names = loadSpec().schemaProperties('Phenotyping', 'ObservationSearchRequest');
    expect(names).to.include.members(['observationLevels', 'observationLevelRelationships', 'externalReferenceIDs', 'trialNames']);
    const sample = (name: string): unknown => {
      if (name.endsWith('RangeStart') || name.endsWith('RangeEnd')) return '2030-01-01T00:00:00Z';
      if (name === 'observationLevels' || name === 'observationLevelRelationships') return [{ levelName: 'spo-none' }];
      return ['spo-none'];
    };
    for (const name of names.filter((n) => n !== 'page' && n !== 'pageSize')) {
      const found = await search('observations', { [name]: sample(name) });
      expect(found.warnings, name).to.deep.equal([]);
    }
  });

  it('reaches program, trial, study and location through the unit; ORs values, ANDs members', async () => {
    await finds({ programDbIds: [P] }, [O1, O2, O3]);
    await finds({ programNames: ['SPO Program'] }, [O1, O2, O3]);
    await finds({ trialNames: ['SPO Trial'] }, [O1, O2, O3]);
    await finds({ trialDbIds: [T, 'trial-nope'] }, [O1, O2, O3]);
    await finds({ studyNames: ['SPO Study Two'] }, [O2, O3]);
    await finds({ studyDbIds: [S1] }, [O1]);
    await finds({ studyDbIds: [S1, S2] }, [O1, O2, O3]);
    await finds({ locationNames: ['SPO Field Station'] }, [O1]);
    await finds({ locationDbIds: [L] }, [O1]);
    await finds({ studyDbIds: [S1, S2], locationDbIds: [L] }, [O1]);
    await finds({ studyDbIds: ['study-nope'] }, []);
  });

  it('matches the crop of the unit\'s study, else of its program', async () => {
    await finds({ commonCropNames: ['SPOStudyCrop'] }, [O1]);
    await finds({ commonCropNames: ['SPOCrop'] }, [O2, O3]);
    await finds({ commonCropNames: ['SPOCrop', 'SPOStudyCrop'] }, [O1, O2, O3]);
  });

  it('matches germplasm, variables, units, seasons, DbIds and external references', async () => {
    await finds({ germplasmNames: [lee], programDbIds: [P] }, [O1]);
    await finds({ germplasmDbIds: ['soy-amsoy', 'soy-nope'], programDbIds: [P] }, [O2, O3]);
    await finds({ observationVariableNames: ['Lodging_Visual_1to5'], programDbIds: [P] }, [O2]);
    await finds({ observationVariablePUIs: ['urn:demo:soybean:variable:seed-yield-kg-ha', 'urn:demo:soybean:variable:plant-height-cm'], programDbIds: [P] }, [O1, O3]);
    await finds({ observationVariableDbIds: [LODGING, YIELD], studyDbIds: [S1] }, []);
    await finds({ observationUnitDbIds: [U2] }, [O2, O3]);
    await finds({ observationDbIds: [O1, O3] }, [O1, O3]);
    await finds({ seasonDbIds: ['season-2024-summer'], programDbIds: [P] }, [O2]);
    await finds({ externalReferenceIds: ['spo-1', 'spo-3'] }, [O1, O3]);
    await finds({ externalReferenceIDs: ['spo-2'] }, [O2]);
    await finds({ externalReferenceSources: ['SPO App'] }, [O1, O2]);
    await finds({ externalReferenceSources: ['SPO App'], externalReferenceIds: ['spo-3'] }, []);
  });

  it('takes observationTimeStampRangeStart/End as inclusive UTC instants', async () => {
    await finds({ observationTimeStampRangeStart: '2030-05-02T10:00:00Z', observationTimeStampRangeEnd: '2030-05-03T08:00:00Z' }, [O2, O3]);
    await finds({ observationTimeStampRangeStart: '2030-05-02T12:00:00+02:00', observationTimeStampRangeEnd: '2030-05-03T10:00:00+02:00' }, [O2, O3]);
    await finds({ observationTimeStampRangeStart: '2030-05-02T10:00:00.001Z', observationTimeStampRangeEnd: '2030-05-03T08:00:00Z' }, [O3]);
    await finds({ observationTimeStampRangeEnd: '2030-05-01T10:00:00Z', programDbIds: [P] }, [O1]);
    const bad = await api('POST', '/search/observations', { observationTimeStampRangeStart: 'soon' });
    expect(bad.status).to.equal(400);
    expect(bad.text).to.contain('observationTimeStampRangeStart');
  });

  it('matches observationLevels and observationLevelRelationships of the unit, member by member', async () => {
    const plants = ['obs-urbana-2024-plot-101-plant-1-height', 'obs-urbana-2024-plot-101-plant-2-height'];
    await finds({ observationLevels: [{ levelName: 'plant' }] }, plants);
    await finds({ observationLevels: [{ levelName: 'plant' }, { levelName: 'plot', levelCode: 'R1-2' }] }, [...plants, 'obs-stoneville-2023-plot-2-yield']);
    await finds({ observationLevels: [{ levelName: 'plot', levelOrder: 3, levelCode: '104' }], observationVariableDbIds: [YIELD] }, ['obs-urbana-2024-plot-104-yield']);
    const block2Lodging = ['201', '202', '203', '204'].map((p) => `obs-urbana-2024-plot-${p}-lodging`);
    await finds({ observationLevelRelationships: [{ levelName: 'block', levelCode: 'B2' }], observationVariableDbIds: [LODGING] }, block2Lodging);
    await finds({ observationLevelRelationships: [{ observationUnitDbId: 'ou-urbana-2024-plot-101' }] }, plants);
    // The members of one object must hold for the same relationship: no field has code B2.
    await finds({ observationLevelRelationships: [{ levelName: 'field', levelCode: 'B2' }] }, []);
  });
});

// MIAPPE v1.1 experimental factors and observation units (DM-60 to DM-63 and DM-69 to DM-74 of service-spec.md's
// mapping table): each mapped element is posted in an observation unit of a study made here, read back with
// GET /observationunits/{id}, and compared at the mapped path. Everything made here is removed afterwards.
import { expect } from 'chai';
import { removeWhere } from '../support/graph.js';
import { api } from '../support/server.js';
import { storeAndReadBack } from '../support/miappe.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';

let study: string;
let field: string;
const made: string[] = [];

const IRRIGATED = { factor: 'irrigation', modality: 'drip irrigation, 25 mm per week from R1' };
const RAINFED = { factor: 'irrigation', modality: 'rain-fed' };
const DENSITY = { factor: 'planting density', modality: '345,000 seeds per hectare' };

/** A plot of the test study: every member of its position given, so whole objects compare exactly. */
function plot(code: string, extra: Record<string, unknown> = {}) {
  return {
    observationUnitName: `MIAPPE plot ${code}`,
    studyDbId: study,
    germplasmDbId: 'soy-williams-82',
    observationUnitPosition: {
      entryType: 'TEST',
      observationLevel: { levelName: 'plot', levelOrder: 2, levelCode: code },
      observationLevelRelationships: [{ levelName: 'field', levelOrder: 1, levelCode: 'MF-1', observationUnitDbId: field }],
      positionCoordinateX: code,
      positionCoordinateXType: 'GRID_COL',
      positionCoordinateY: '1',
      positionCoordinateYType: 'GRID_ROW',
      geoCoordinates: {
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [[[-88.2291, 40.0617], [-88.229, 40.0617], [-88.229, 40.0618], [-88.2291, 40.0618], [-88.2291, 40.0617]]] },
      },
    },
    ...extra,
  };
}

/** POSTs units, keeps their DbIds for clean-up, and returns the first as GET /observationunits/{id} answers it. */
async function roundTrip(...units: object[]) {
  const { record, created } = await storeAndReadBack('observationunits', 'observationUnitDbId', units);
  made.push(...created.map((u: any) => u.observationUnitDbId));
  return record;
}

describe('MIAPPE experimental factors and observation units', () => {
  before(async () => {
    const res = await api('POST', '/studies', [{ studyName: 'MIAPPE observation unit study', trialDbId: 'trial-uniform-soybean-2024' }]);
    expect(res.status, res.text).to.equal(200);
    study = res.json.result.data[0].studyDbId;
    const f = await api('POST', '/observationunits', [{ observationUnitName: 'MIAPPE field', studyDbId: study, observationUnitPosition: { observationLevel: { levelName: 'field', levelOrder: 1, levelCode: 'MF-1' } } }]);
    expect(f.status, f.text).to.equal(200);
    field = f.json.result.data[0].observationUnitDbId;
    made.push(field);
  });

  after(async () => {
    await removeWhere({ observationUnitDbId: made, studyDbId: [study] });
  });

  it('DM-60 Experimental factor: observationUnit.treatments[]', async () => {
    const record = await roundTrip(plot('1', { treatments: [IRRIGATED, DENSITY] }));
    expect(record.treatments).to.deep.equal([IRRIGATED, DENSITY]);
  });

  it('DM-61 Experimental factor type: observationUnit.treatments[].factor', async () => {
    const record = await roundTrip(plot('2', { treatments: [RAINFED, DENSITY] }));
    expect(record.treatments.map((t: any) => t.factor)).to.deep.equal(['irrigation', 'planting density']);
  });

  it('DM-62 Experimental factor description: observationUnit.treatments[].modality', async () => {
    const record = await roundTrip(plot('3', { treatments: [IRRIGATED] }));
    expect(record.treatments[0].modality).to.equal(IRRIGATED.modality);
  });

  it('DM-63 Experimental factor values: observationUnit.treatments[].modality (across the study\'s units)', async () => {
    await roundTrip(plot('4', { treatments: [RAINFED] }), plot('5', { treatments: [IRRIGATED] }));
    const res = await api('GET', `/observationunits?studyDbId=${study}`);
    expectValidResponse('get', '/observationunits', 200, res.json);
    const values = new Set(res.json.result.data.flatMap((u: any) => (u.treatments ?? []).filter((t: any) => t.factor === 'irrigation').map((t: any) => t.modality)));
    expect([...values].sort()).to.deep.equal([IRRIGATED.modality, RAINFED.modality].sort());
  });

  it('DM-69 Observation unit: ObservationUnit', async () => {
    const sent = plot('6', { observationUnitPUI: 'https://example.org/miappe/ou/6', treatments: [DENSITY], additionalInfo: { sowing: '2024-05-14' } });
    const record = await roundTrip(sent);
    expectAllFields('Phenotyping', 'ObservationUnit', record);
    const { studyDbId, germplasmDbId, observationUnitName, observationUnitPUI, observationUnitPosition, treatments, additionalInfo } = record;
    expect({ studyDbId, germplasmDbId, observationUnitName, observationUnitPUI, observationUnitPosition, treatments, additionalInfo }).to.deep.equal(sent);
  });

  it('DM-70 Observation unit ID: observationUnit.observationUnitDbId', async () => {
    const record = await roundTrip(plot('7'));
    expect(record.observationUnitDbId).to.be.a('string').and.not.empty;
    const found = await api('GET', `/observationunits?observationUnitDbId=${encodeURIComponent(record.observationUnitDbId)}`);
    expect(found.json.result.data.map((u: any) => u.observationUnitName)).to.deep.equal(['MIAPPE plot 7']);
  });

  it('DM-71 Observation unit type: observationUnit.observationUnitPosition.observationLevel', async () => {
    const record = await roundTrip(plot('8'));
    expect(record.observationUnitPosition.observationLevel).to.deep.equal({ levelName: 'plot', levelOrder: 2, levelCode: '8' });
    const found = await api('GET', `/observationunits?studyDbId=${study}&observationUnitLevelName=plot&observationUnitLevelCode=8`);
    expect(found.json.result.data.map((u: any) => u.observationUnitDbId)).to.deep.equal([record.observationUnitDbId]);
  });

  it('DM-72 External ID: observationUnit.observationUnitPUI', async () => {
    const record = await roundTrip(plot('9', { observationUnitPUI: 'https://www.ebi.ac.uk/biosamples/samples/SAMEA0000009' }));
    expect(record.observationUnitPUI).to.equal('https://www.ebi.ac.uk/biosamples/samples/SAMEA0000009');
  });

  it('DM-73 Spatial distribution: observationUnit.observationUnitPosition', async () => {
    const sent = plot('10');
    const record = await roundTrip(sent);
    expect(record.observationUnitPosition).to.deep.equal(sent.observationUnitPosition);
  });

  it('DM-74 Observation unit factor value: observationUnit.treatments[]', async () => {
    const record = await roundTrip(plot('11', { treatments: [RAINFED, DENSITY] }));
    expect(record.treatments).to.deep.equal([RAINFED, DENSITY]);
  });
});

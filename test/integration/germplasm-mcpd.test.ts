// GET /germplasm/{germplasmDbId}/mcpd, the germplasm filters that go through studies, trials and programs, and the
// GeoJSON check on germplasmOrigin.
import { expect } from 'chai';
import { count, HISTORY, removeNodes, removeRun, removeWhere } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';
import { runIds } from '../support/run-ids.js';

const run = runIds('mcpd').run;

async function mcpd(germplasmDbId: string) {
  const res = await api('GET', `/germplasm/${encodeURIComponent(germplasmDbId)}/mcpd`);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('get', '/germplasm/{germplasmDbId}/mcpd', 200, res.json);
  expectAllFields('Germplasm', 'GermplasmMCPD', res.json.result);
  return res.json.result;
}

async function germplasmIds(query: string) {
  const res = await api('GET', `/germplasm?${query}`);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('get', '/germplasm', 200, res.json);
  return res;
}
const idsOf = (res: { json: any }) => res.json.result.data.map((g: any) => g.germplasmDbId).sort();

const point = (coordinates: number[]) => ({ type: 'Feature', geometry: { type: 'Point', coordinates } });

describe('GET /germplasm/{germplasmDbId}/mcpd', () => {
  // What the tests post: DbIds under the run's prefix, or (given by the service) names that start with it.
  after(async () => {
    await removeRun(run);
    await removeNodes('Germplasm', 'germplasmName', { startsWith: run }, HISTORY);
  });
  it('maps a richly described accession to every MCPD descriptor', async () => {
    expect(await mcpd('germplasm-demo-pi-468916')).to.deep.equal({
      accessionNames: ['PI 468916', 'PI 468916 (wild soybean)'],
      accessionNumber: 'PI 468916',
      acquisitionDate: '1982-09-20',
      acquisitionSourceCode: '15',
      alternateIDs: ['Glycine soja PI 468916', 'HLJ-1981-0417'],
      ancestralData: null,
      biologicalStatusOfAccessionCode: '100',
      breedingInstitutes: null,
      collectingInfo: {
        collectingDate: '1981-09-12',
        collectingInstitutes: [
          { instituteAddress: 'Urbana, IL, USA', instituteCode: 'USA033', instituteName: 'USDA-ARS Soybean Germplasm Collection' },
          { instituteAddress: 'Harbin, Heilongjiang, China', instituteCode: 'CHN017', instituteName: 'Heilongjiang Academy of Agricultural Sciences' },
        ],
        collectingMissionIdentifier: 'US-China wild soybean exploration 1981',
        collectingNumber: 'HLJ-81-417',
        collectingSite: {
          coordinateUncertainty: '2000',
          elevation: '150',
          georeferencingMethod: 'GPS',
          latitudeDecimal: '45.75',
          latitudeDegrees: '454500N',
          locationDescription: 'River bank 10 km east of Harbin',
          longitudeDecimal: '126.63',
          longitudeDegrees: '1263748E',
          spatialReferenceSystem: 'WGS84',
        },
      },
      commonCropName: 'Soybean',
      countryOfOrigin: 'CHN',
      donorInfo: {
        donorAccessionNumber: 'HLJ-1981-0417',
        donorAccessionPui: 'urn:demo:donor:HLJ-1981-0417',
        donorInstitute: { instituteCode: 'CHN017', instituteName: 'Heilongjiang Academy of Agricultural Sciences' },
      },
      genus: 'Glycine',
      germplasmDbId: 'germplasm-demo-pi-468916',
      germplasmPUI: 'urn:demo:usda-grin:accession:PI-468916',
      instituteCode: 'USA033',
      mlsStatus: '0',
      remarks: 'COLLSRC:riverside thicket',
      safetyDuplicateInstitutes: [
        { instituteCode: 'USA995', instituteName: 'National Laboratory for Genetic Resources Preservation, Fort Collins, CO' },
      ],
      species: 'max',
      speciesAuthority: '(L.) Merr.',
      storageTypeCodes: ['13'],
      subtaxon: 'subsp. soja',
      subtaxonAuthority: '(Siebold & Zucc.) H. Ohashi',
    });
  });

  it('gives a breeding line its stored pedigree, breeder and storage types', async () => {
    const line = await mcpd('germplasm-demo-scd-18-3321');
    expect(line).to.deep.include({
      ancestralData: 'Williams 82/Forrest',
      biologicalStatusOfAccessionCode: '410',
      breedingInstitutes: [{ instituteCode: null, instituteName: 'Soybean Cultivar Development program (demo)' }],
      storageTypeCodes: ['11', '20'],
      acquisitionSourceCode: '40',
      mlsStatus: '',
      donorInfo: null,
      countryOfOrigin: 'USA',
    });
    expect(line.collectingInfo.collectingSite).to.include({ latitudeDecimal: '40.0834', longitudeDecimal: '-88.2272', elevation: '222' });
  });

  it('answers for a SoyBase cultivar with what is known and null for the rest', async () => {
    const w82 = await mcpd('soy-williams-82');
    expect(w82).to.deep.include({
      germplasmDbId: 'soy-williams-82',
      accessionNames: ['Williams 82'],
      accessionNumber: 'PI 548585',
      ancestralData: 'Williams 7/Kingwa',
      genus: 'Glycine',
      species: 'max',
      commonCropName: 'Soybean',
      collectingInfo: null,
      donorInfo: null,
      storageTypeCodes: null,
      remarks: null,
    });
    expect(w82.alternateIDs).to.include('PI 548585');
  });

  it('computes the ancestral data from the graph pedigree when none is stored', async () => {
    const node = (name: string, parents?: unknown[]) => ({ germplasmDbId: `${run}-${name}`, germplasmName: `${run} ${name}`, parents });
    const res = await api('POST', '/pedigree', [
      node('mother'),
      node('father'),
      node('child', [
        { germplasmDbId: `${run}-mother`, parentType: 'FEMALE' },
        { germplasmDbId: `${run}-father`, parentType: 'MALE' },
      ]),
    ]);
    expect(res.status, res.text).to.equal(200);
    expect((await mcpd(`${run}-child`)).ancestralData).to.equal(`${run} mother/${run} father`);
    expect((await mcpd(`${run}-mother`)).ancestralData).to.equal(null);
  });

  it('keeps only valid MCPD codes and reads no coordinates from a polygon', async () => {
    const polygon = { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[-88.3, 40.0], [-88.2, 40.0], [-88.2, 40.1], [-88.3, 40.0]]] } };
    const res = await api('POST', '/germplasm', [{
      germplasmName: `${run} odd codes`,
      additionalInfo: { COLLSRC: 'riverbank', MLSSTAT: 'yes', BREDCODE: 'USA001;USA002', BREDNAME: 'Breeder A' },
      germplasmOrigin: [{ coordinateUncertainty: '500', coordinates: polygon }],
    }]);
    expect(res.status, res.text).to.equal(200);
    const record = await mcpd(res.json.result.data[0].germplasmDbId);
    expect(record).to.deep.include({ acquisitionSourceCode: null, mlsStatus: null });
    expect(record.breedingInstitutes).to.deep.equal([
      { instituteCode: 'USA001', instituteName: 'Breeder A' },
      { instituteCode: 'USA002', instituteName: null },
    ]);
    expect(record.collectingInfo.collectingSite).to.include({ coordinateUncertainty: '500', latitudeDecimal: null, longitudeDecimal: null });
  });

  it('answers 404 in plain text for an unknown germplasm', async () => {
    const res = await api('GET', '/germplasm/soy-no-such-line/mcpd');
    expect(res.status).to.equal(404);
    expect(res.headers.get('content-type')).to.match(/^text\/plain/);
    expect(res.text).to.contain('soy-no-such-line');
  });
});

describe('GET /germplasm filters through studies, trials and programs', () => {
  // Observation units place germplasm in studies (the observation-unit API arrives later, so raw Cypher):
  // trial 1 has study A (Williams 82, Essex) and study B (Essex, SCD18-3321); trial 2 has study C (Forrest).
  // The program also has a crossing project with Lee as a potential parent and Clark as a planned cross's parent,
  // and a seed lot holding Amsoy. Every node made here carries `testRun` and is removed afterwards.
  const P = `${run}-program`;
  const T1 = `${run}-trial-1`;
  const T2 = `${run}-trial-2`;
  const [SA, SB, SC] = ['a', 'b', 'c'].map((s) => `${run}-study-${s}`);

  before(async () => {
    await server().graph.write(
      `CREATE (p:Program {programDbId: $P, testRun: $run})
       CREATE (t1:Trial {trialDbId: $T1, testRun: $run})-[:IN_PROGRAM]->(p), (t2:Trial {trialDbId: $T2, testRun: $run})-[:IN_PROGRAM]->(p)
       CREATE (sa:Study {studyDbId: $SA, testRun: $run})-[:IN_TRIAL]->(t1), (sb:Study {studyDbId: $SB, testRun: $run})-[:IN_TRIAL]->(t1),
              (sc:Study {studyDbId: $SC, testRun: $run})-[:IN_TRIAL]->(t2)
       WITH p, sa, sb, sc
       UNWIND [[sa, 'soy-williams-82'], [sa, 'soy-essex'], [sb, 'soy-essex'], [sb, 'germplasm-demo-scd-18-3321'], [sc, 'soy-forrest']] AS placed
       WITH p, placed[0] AS s, placed[1] AS gid
       MATCH (g:Germplasm {germplasmDbId: gid})
       CREATE (g)<-[:OF_GERMPLASM]-(:ObservationUnit {observationUnitDbId: s.studyDbId + '-' + gid, testRun: $run})-[:IN_STUDY]->(s)
       WITH DISTINCT p
       MATCH (lee:Germplasm {germplasmDbId: 'soy-lee'}), (clark:Germplasm {germplasmDbId: 'soy-clark'}), (amsoy:Germplasm {germplasmDbId: 'soy-amsoy'})
       CREATE (cp:CrossingProject {crossingProjectDbId: $run + '-project', testRun: $run})-[:IN_PROGRAM]->(p),
              (cp)-[:POTENTIAL_PARENT]->(lee),
              (:PlannedCross {plannedCrossDbId: $run + '-planned', testRun: $run})-[:IN_PROJECT]->(cp),
              (:SeedLot {seedLotDbId: $run + '-lot', testRun: $run})-[:IN_PROGRAM]->(p)
       WITH cp, clark, amsoy
       MATCH (pc:PlannedCross {testRun: $run}), (lot:SeedLot {testRun: $run})
       CREATE (pc)-[:FIRST_PARENT]->(clark), (lot)-[:CONTAINS]->(amsoy)`,
      { run, P, T1, T2, SA, SB, SC },
    );
  });
  after(async () => {
    await removeWhere({ testRun: [run] });
  });

  it('filters by study, trial and program through observation units (repeated values: any of them)', async () => {
    expect(idsOf(await germplasmIds(`studyDbId=${SA}`))).to.deep.equal(['soy-essex', 'soy-williams-82']);
    expect(idsOf(await germplasmIds(`studyDbId=${SB}&studyDbId=${SC}`))).to.deep.equal(['germplasm-demo-scd-18-3321', 'soy-essex', 'soy-forrest']);
    expect(idsOf(await germplasmIds(`trialDbId=${T1}`))).to.deep.equal(['germplasm-demo-scd-18-3321', 'soy-essex', 'soy-williams-82']);
    expect(idsOf(await germplasmIds(`trialDbId=${T2}`))).to.deep.equal(['soy-forrest']);
  });

  it('filters by program through its studies, crossing projects, crosses and seed lots', async () => {
    expect(idsOf(await germplasmIds(`programDbId=${P}`))).to.deep.equal([
      'germplasm-demo-scd-18-3321', 'soy-amsoy', 'soy-clark', 'soy-essex', 'soy-forrest', 'soy-lee', 'soy-williams-82',
    ]);
  });

  it('ANDs them with each other and with the other filters', async () => {
    expect(idsOf(await germplasmIds(`studyDbId=${SA}&germplasmName=Essex`))).to.deep.equal(['soy-essex']);
    expect(idsOf(await germplasmIds(`studyDbId=${SA}&studyDbId=${SB}&trialDbId=${T1}&accessionNumber=PI%20548585`))).to.deep.equal(['soy-williams-82']);
    expect(idsOf(await germplasmIds(`programDbId=${P}&trialDbId=${T2}`))).to.deep.equal(['soy-forrest']);
    expect(idsOf(await germplasmIds(`programDbId=${P}&parentDbId=soy-lee`))).to.deep.equal(['soy-essex']);
    expect((await germplasmIds(`studyDbId=${SC}&germplasmName=Essex`)).json.result.data).to.deep.equal([]);
  });

  it('answers an unknown study, trial or program with an empty page and an INFO naming it', async () => {
    for (const [name, value] of [['studyDbId', 'study-nothing'], ['trialDbId', 'trial-nothing'], ['programDbId', 'program-nothing']]) {
      const res = await germplasmIds(`${name}=${value}`);
      expect(res.json.result.data).to.deep.equal([]);
      expect(res.json.metadata.pagination.totalCount).to.equal(0);
      const info = res.json.metadata.status.filter((s: any) => s.messageType === 'INFO').map((s: any) => s.message).join(' ');
      expect(info, name).to.contain(value);
    }
    // A known program with no germplasm is just empty.
    expect((await germplasmIds('programDbId=program-soybean-pedigree&germplasmName=Essex')).json.result.data).to.deep.equal([]);
  });
});

describe('germplasmOrigin coordinates are checked GeoJSON', () => {
  after(() => removeNodes('Germplasm', 'germplasmName', { startsWith: run }, HISTORY));
  it('stores and returns a valid Point and Polygon unchanged', async () => {
    const origins = [
      { coordinateUncertainty: '10', coordinates: point([-88.2272, 40.0834, 222]) },
      {
        coordinateUncertainty: null,
        coordinates: { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[-88.23, 40.08], [-88.22, 40.08], [-88.22, 40.09], [-88.23, 40.09], [-88.23, 40.08]]] } },
      },
    ];
    const res = await api('POST', '/germplasm', [{ germplasmName: `${run} geo`, germplasmOrigin: origins }]);
    expect(res.status, res.text).to.equal(200);
    const id = res.json.result.data[0].germplasmDbId;
    expect((await api('GET', `/germplasm/${id}`)).json.result.germplasmOrigin).to.deep.equal(origins);
  });

  it('rejects a malformed geometry with 400 naming the member, on POST and PUT, and writes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [point([-88.2, 95]), 'germplasmOrigin[0].coordinates.geometry.coordinates'],
      [point([200, 40]), 'longitude'],
      // Some shapes already break the request schema; the message names the member all the same.
      [{ type: 'Feature', geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] } }, 'germplasmOrigin[0].coordinates.geometry'],
      [{ type: 'Feature', geometry: { type: 'LineString', coordinates: [0, 0] } }, 'germplasmOrigin[0].coordinates.geometry.type'],
      [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] } }, 'closed'],
      [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]] } }, 'crosses itself'],
      [{ type: 'Feature' }, 'germplasmOrigin[0].coordinates.geometry'],
    ];
    const before = await count('MATCH (g:Germplasm) RETURN count(g) AS n');
    for (const [coordinates, named] of cases) {
      const res = await api('POST', '/germplasm', [{ germplasmName: `${run} ok` }, { germplasmName: `${run} bad`, germplasmOrigin: [{ coordinates }] }]);
      expect(res.status, JSON.stringify(coordinates)).to.equal(400);
      expect(res.text).to.contain('body[1]').and.contain(named);
    }
    const after = await count('MATCH (g:Germplasm) RETURN count(g) AS n');
    expect(after).to.equal(before);

    const put = await api('PUT', '/germplasm/germplasm-demo-scd-18-3321', {
      germplasmOrigin: [{ coordinates: point([-88.2, 40.1]) }, { coordinates: point([-88.2]) }],
    });
    expect(put.status).to.equal(400);
    expect(put.text).to.contain('body.germplasmOrigin[1].coordinates');
    const kept = await api('GET', '/germplasm/germplasm-demo-scd-18-3321');
    expect(kept.json.result.germplasmOrigin[0].coordinates).to.deep.equal(point([-88.2272, 40.0834, 222]));
  });
});

// Observations: the demo observations of study-urbana-2024 and study-stoneville-2023, every list filter (through the
// unit to germplasm, study, trial, program, location), inclusive time-stamp ranges in UTC, create / update / bulk
// update round trips with the unit's germplasm and study, the scale and season checks, the table (JSON, CSV, TSV)
// and POST /delete/observations. Records written here are removed afterwards.
import { expect } from 'chai';
import { count, removeNodes } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { list } from '../support/list.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';
import { search } from '../support/search.js';
import { observationsOfUnits } from '../../src/modules/phenotyping/observations/queries.js';

const HEIGHT = 'variable-plant-height-cm';
const LODGING = 'variable-lodging-score';
const YIELD = 'variable-seed-yield-kg-ha';
const MATURITY = 'variable-days-to-maturity';
const PLOT = (n: string) => `ou-urbana-2024-plot-${n}`;
const S2024 = { seasonDbId: 'season-2024-summer', seasonName: 'Summer', year: 2024 };
const STONEVILLE = ['obs-stoneville-2023-plot-1-lodging', 'obs-stoneville-2023-plot-1-yield', 'obs-stoneville-2023-plot-2-yield'];
const BLOCK_1_HEIGHTS = ['101', '102', '103', '104'].map((p) => `obs-urbana-2024-plot-${p}-height`);

/** The demo observations (ids starting with obs-) a query finds, sorted. */
async function demo(query: string) {
  return (await list('observations', query)).ids.filter((id) => id.startsWith('obs-')).sort();
}

const countObservations = () => count('MATCH (o:Observation) RETURN count(o) AS n');

describe('observations', () => {
  // Everything created here carries this collector, so after() can remove it.
  const MARK = 'obs-test-collector';
  afterEach(async () => {
    await removeNodes('Observation', 'collector', [MARK]);
  });

  async function post(records: object[]) {
    return api('POST', '/observations', records.map((r) => ({ collector: MARK, ...r })));
  }

  describe('GET /observations', () => {
    it('shows an observation with its unit, variable, season, and the unit\'s germplasm and study', async () => {
      const res = await api('GET', '/observations/obs-urbana-2024-plot-202-lodging');
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('get', '/observations/{observationDbId}', 200, res.json);
      expect(res.json.result).to.deep.equal({
        additionalInfo: null,
        collector: 'Li Wei',
        externalReferences: null,
        geoCoordinates: null,
        germplasmDbId: 'soy-essex',
        germplasmName: 'Essex',
        observationDbId: 'obs-urbana-2024-plot-202-lodging',
        observationTimeStamp: '2024-09-03T15:10:00Z',
        observationUnitDbId: PLOT('202'),
        observationUnitName: 'Urbana 2024 plot 202',
        observationVariableDbId: LODGING,
        observationVariableName: 'Lodging_Visual_1to5',
        season: S2024,
        studyDbId: 'study-urbana-2024',
        uploadedBy: 'maria.gonzalez',
        value: '2',
      });
      const missing = await api('GET', '/observations/obs-nope');
      expect(missing.status).to.equal(404);
      expect(missing.text).to.contain('obs-nope');
    });

    it('lists the demo observations with their links as relationships', async () => {
      const { ids, res } = await list('observations', 'pageSize=1000');
      expect(ids.filter((id) => id.startsWith('obs-'))).to.have.length(29);
      expect(ids).to.include.members([...STONEVILLE, 'obs-urbana-2024-plot-101-plant-1-height']);
      const plant = res.json.result.data.find((o: any) => o.observationDbId === 'obs-urbana-2024-plot-101-plant-2-height');
      expect(plant).to.include({ observationUnitDbId: 'ou-urbana-2024-plot-101-plant-2', germplasmDbId: 'soy-williams-82', value: '59' });
      expect(plant.geoCoordinates).to.deep.equal({ type: 'Feature', geometry: { type: 'Point', coordinates: [-88.22838, 40.08313] } });
      expect(await count(
        `MATCH (o:Observation)-[:OF_UNIT]->(:ObservationUnit)-[:IN_STUDY]->(:Study {studyDbId: 'study-urbana-2024'})
         WHERE (o)-[:OF_VARIABLE]->(:ObservationVariable) AND (o)-[:IN_SEASON]->(:Season {seasonDbId: 'season-2024-summer'}) RETURN count(o) AS n`,
      )).to.equal(26);
    });

    it('filters by each parameter, through the unit for germplasm, study, trial, program and location', async () => {
      expect(await demo('observationDbId=obs-urbana-2024-plot-101-yield')).to.deep.equal(['obs-urbana-2024-plot-101-yield']);
      expect(await demo(`observationUnitDbId=${PLOT('101')}`)).to.deep.equal(
        ['obs-urbana-2024-plot-101-height', 'obs-urbana-2024-plot-101-maturity', 'obs-urbana-2024-plot-101-yield']);
      expect(await demo(`observationVariableDbId=${LODGING}`)).to.deep.equal([
        'obs-stoneville-2023-plot-1-lodging', ...['201', '202', '203', '204'].map((p) => `obs-urbana-2024-plot-${p}-lodging`)]);
      expect(await demo('seasonDbId=season-2023-summer')).to.deep.equal(STONEVILLE);
      expect(await demo('locationDbId=location-stoneville-ms')).to.deep.equal(STONEVILLE);
      expect(await demo('trialDbId=trial-uniform-soybean-2023')).to.deep.equal(STONEVILLE);
      expect(await demo('studyDbId=study-stoneville-2023')).to.deep.equal(STONEVILLE);
      expect(await demo('germplasmDbId=soy-clark')).to.deep.equal(['obs-stoneville-2023-plot-1-lodging', 'obs-stoneville-2023-plot-1-yield']);
      expect(await demo('germplasmDbId=soy-essex')).to.deep.equal([
        'obs-urbana-2024-plot-102-height', 'obs-urbana-2024-plot-102-maturity', 'obs-urbana-2024-plot-102-yield',
        'obs-urbana-2024-plot-202-height', 'obs-urbana-2024-plot-202-lodging', 'obs-urbana-2024-plot-202-yield']);
      expect(await demo('programDbId=program-soybean-main')).to.have.length(29);
      expect(await demo('programDbId=program-soybean-pedigree')).to.deep.equal([]);
      expect(await demo('commonCropName=Soybean')).to.have.length(29);
      expect(await demo('commonCropName=Maize')).to.deep.equal([]);
      expect(await demo('externalReferenceId=fieldbook:urbana-2024:101-height')).to.deep.equal(['obs-urbana-2024-plot-101-height']);
      expect(await demo('externalReferenceID=fieldbook:urbana-2024:101-height')).to.deep.equal(['obs-urbana-2024-plot-101-height']);
      expect(await demo('externalReferenceSource=Field%20Book')).to.have.length(8);
    });

    it('filters by the unit\'s level and its level relationships', async () => {
      const plants = ['obs-urbana-2024-plot-101-plant-1-height', 'obs-urbana-2024-plot-101-plant-2-height'];
      expect(await demo('observationUnitLevelName=plant')).to.deep.equal(plants);
      expect(await demo('observationUnitLevelOrder=4')).to.deep.equal(plants);
      expect(await demo('observationUnitLevelName=plot&observationUnitLevelCode=R1-2')).to.deep.equal(['obs-stoneville-2023-plot-2-yield']);
      expect(await demo(`observationUnitLevelRelationshipDbId=${PLOT('101')}`)).to.deep.equal(plants);
      expect(await demo('observationUnitLevelRelationshipName=rep&observationUnitLevelRelationshipCode=R1')).to.deep.equal(STONEVILLE);
      expect(await demo('observationUnitLevelRelationshipName=block&observationUnitLevelRelationshipCode=B2&observationVariableDbId=' + LODGING))
        .to.deep.equal(['201', '202', '203', '204'].map((p) => `obs-urbana-2024-plot-${p}-lodging`));
      expect(await demo('observationUnitLevelRelationshipOrder=2&observationUnitLevelName=plant')).to.deep.equal(plants);
    });

    it('ANDs parameters, ORs repeated values, and explains an empty answer', async () => {
      expect(await demo(`observationVariableDbId=${LODGING}&studyDbId=study-stoneville-2023`)).to.deep.equal(['obs-stoneville-2023-plot-1-lodging']);
      expect(await demo(`observationVariableDbId=${YIELD}&germplasmDbId=soy-lee`)).to.deep.equal(['obs-urbana-2024-plot-104-yield', 'obs-urbana-2024-plot-204-yield']);
      expect(await demo(`observationUnitDbId=${PLOT('103')}&observationUnitDbId=${PLOT('203')}&observationVariableDbId=${MATURITY}`))
        .to.deep.equal(['obs-urbana-2024-plot-103-maturity']);
      const unknown = await list('observations', 'observationUnitDbId=ou-nope&observationVariableDbId=variable-nope');
      expect(unknown.ids).to.deep.equal([]);
      expect(unknown.messages).to.match(/^INFO: /m).and.contain('ou-nope').and.contain('variable-nope');
      const none = await list('observations', `germplasmDbId=soy-clark&studyDbId=study-urbana-2024`);
      expect(none.ids).to.deep.equal([]);
      expect(none.messages).to.contain('INFO: No Observation matches these filters.');
    });

    it('takes observationTimeStampRangeStart/End as inclusive instants, compared in UTC', async () => {
      // Block 1 heights were written in Central time (09:05-05:00 is 14:05Z); block 2 ones in UTC from 15:05Z.
      const window = 'observationTimeStampRangeStart=2024-09-03T14:05:00Z&observationTimeStampRangeEnd=2024-09-03T15:05:00Z';
      const expected = [...BLOCK_1_HEIGHTS, 'obs-urbana-2024-plot-201-height', 'obs-urbana-2024-plot-201-lodging'];
      expect(await demo(window)).to.deep.equal(expected);
      // The same bounds written with offsets or with milliseconds.
      expect(await demo('observationTimeStampRangeStart=2024-09-03T10:05:00-04:00&observationTimeStampRangeEnd=2024-09-03T17:05:00.000%2B02:00'))
        .to.deep.equal(expected);
      // One millisecond inside either bound drops the observation exactly on it.
      expect(await demo('observationTimeStampRangeStart=2024-09-03T14:05:00.001Z&observationTimeStampRangeEnd=2024-09-03T15:04:59.999Z'))
        .to.deep.equal(BLOCK_1_HEIGHTS.slice(1));
      // A date-only end takes in the whole (UTC) day; a date-only start begins at its midnight.
      expect(await demo('observationTimeStampRangeStart=2024-09-03&observationTimeStampRangeEnd=2024-09-03')).to.have.length(12);
      expect(await demo('observationTimeStampRangeEnd=2023-12-31')).to.deep.equal(STONEVILLE);
      expect(await demo('observationTimeStampRangeStart=2024-10-16T18:20:00Z')).to.deep.equal(['obs-urbana-2024-plot-204-yield']);
      const bad = await api('GET', '/observations?observationTimeStampRangeStart=last%20week');
      expect(bad.status).to.equal(400);
      expect(bad.text).to.contain('observationTimeStampRangeStart');
    });
  });

  describe('POST, PUT /observations', () => {
    it('creates observations on units and variables; germplasm and study come from the unit', async () => {
      const before = await countObservations();
      const res = await post([
        { observationUnitDbId: PLOT('103'), observationVariableDbId: HEIGHT, value: '84', observationTimeStamp: '2024-09-10T08:00:00-05:00', season: { seasonDbId: 'season-2024-summer' } },
        // Repeating the unit's germplasm and study is fine.
        { observationUnitDbId: PLOT('203'), observationVariableDbId: LODGING, value: '3', germplasmDbId: 'soy-forrest', germplasmName: 'Forrest', studyDbId: 'study-urbana-2024' },
      ]);
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('post', '/observations', 200, res.json);
      const [height, lodging] = res.json.result.data;
      expect(height.observationDbId).to.be.a('string').and.not.equal('');
      expect(height).to.include({ observationUnitDbId: PLOT('103'), observationUnitName: 'Urbana 2024 plot 103', germplasmDbId: 'soy-forrest', studyDbId: 'study-urbana-2024', value: '84', collector: MARK });
      // Sent with its DbId only, the season shows its name and year from the graph.
      expect(height.season).to.deep.equal({ seasonDbId: 'season-2024-summer', seasonName: 'Summer', year: 2024 });
      expect(lodging).to.include({ germplasmDbId: 'soy-forrest', germplasmName: 'Forrest', observationVariableName: 'Lodging_Visual_1to5', value: '3' });
      expect(await countObservations()).to.equal(before + 2);
      expect((await api('GET', `/observations/${height.observationDbId}`)).json.result).to.deep.equal(height);
      expect(await count(
        `MATCH (o:Observation {observationDbId: $id})-[:OF_UNIT]->(:ObservationUnit {observationUnitDbId: $unit})
         MATCH (o)-[:OF_VARIABLE]->(:ObservationVariable {observationVariableDbId: $variable}), (o)-[:IN_SEASON]->(:Season {seasonDbId: 'season-2024-summer'})
         RETURN count(o) AS n`, { id: height.observationDbId, unit: PLOT('103'), variable: HEIGHT })).to.equal(1);
      // 08:00-05:00 is 13:00Z: inside a UTC window that starts then.
      expect((await list('observations', 'observationTimeStampRangeStart=2024-09-10T13:00:00Z&observationTimeStampRangeEnd=2024-09-10T13:00:00Z')).ids)
        .to.deep.equal([height.observationDbId]);
      // BRAVA posts an empty observation.
      const empty = await api('POST', '/observations', [{}]);
      expect(empty.status, empty.text).to.equal(200);
      expect(empty.json.result.data[0]).to.include({ observationUnitDbId: null, germplasmDbId: null, studyDbId: null, value: null });
      await removeNodes('Observation', 'observationDbId', [empty.json.result.data[0].observationDbId]);
    });

    it('rejects a germplasm or study that is not the unit\'s, an unknown unit, variable or season: 400 naming it, nothing written', async () => {
      const before = await countObservations();
      const fine = { observationUnitDbId: PLOT('101'), observationVariableDbId: HEIGHT, value: '90' };
      const cases: Array<[object, string[]]> = [
        [{ ...fine, germplasmDbId: 'soy-essex' }, ['germplasmDbId', 'soy-essex', 'soy-williams-82']],
        [{ ...fine, studyDbId: 'study-urbana-2023' }, ['studyDbId', 'study-urbana-2023']],
        [{ observationVariableDbId: HEIGHT, value: '90', germplasmDbId: 'soy-essex' }, ['germplasmDbId', 'soy-essex']],
        [{ ...fine, observationUnitDbId: 'ou-nope' }, ['observationUnitDbId', 'ou-nope']],
        [{ ...fine, observationVariableDbId: 'variable-nope' }, ['observationVariableDbId', 'variable-nope']],
        [{ ...fine, season: { seasonDbId: 'season-nope' } }, ['season', 'season-nope']],
        [{ ...fine, season: { seasonDbId: 'season-2024-summer', year: 2023 } }, ['body[1].season.year', '2023', '2024']],
        [{ ...fine, geoCoordinates: { type: 'Feature', geometry: { type: 'Point', coordinates: [200, 95] } } }, ['geoCoordinates']],
        [{ ...fine, observationTimeStamp: 'tuesday' }, ['observationTimeStamp']],
      ];
      for (const [bad, named] of cases) {
        const res = await post([fine, bad]);
        expect(res.status, `${JSON.stringify(bad)}: ${res.text}`).to.equal(400);
        for (const part of named) expect(res.text, JSON.stringify(bad)).to.contain(part);
      }
      expect(await countObservations()).to.equal(before);
    });

    it('holds the value to the variable\'s scale: a number for a numerical scale, a category for an ordinal one', async () => {
      const before = await countObservations();
      const height = await post([{ observationUnitDbId: PLOT('101'), observationVariableDbId: HEIGHT, value: '90' }, { observationUnitDbId: PLOT('102'), observationVariableDbId: HEIGHT, value: 'tall' }]);
      expect(height.status).to.equal(400);
      expect(height.text).to.contain('body[1].value "tall"').and.contain('a number').and.contain(HEIGHT);
      const lodging = await post([{ observationUnitDbId: PLOT('201'), observationVariableDbId: LODGING, value: '7' }]);
      expect(lodging.status).to.equal(400);
      expect(lodging.text).to.contain('body[0].value "7"').and.contain('1, 2, 3, 4, 5');
      expect(await countObservations()).to.equal(before);
      // Numbers in any decimal form, category values, and an empty value pass; the value is stored as sent.
      const ok = await post([
        { observationUnitDbId: PLOT('101'), observationVariableDbId: HEIGHT, value: '90.50' },
        { observationUnitDbId: PLOT('201'), observationVariableDbId: LODGING, value: '5' },
        { observationUnitDbId: PLOT('202'), observationVariableDbId: YIELD, value: '' },
      ]);
      expect(ok.status, ok.text).to.equal(200);
      expect(ok.json.result.data.map((o: any) => o.value)).to.deep.equal(['90.50', '5', '']);
    });

    it('updates one observation: named fields change, null clears, a new unit brings its germplasm', async () => {
      const [created] = (await post([{ observationUnitDbId: PLOT('104'), observationVariableDbId: HEIGHT, value: '100', uploadedBy: 'someone' }])).json.result.data;
      const id = created.observationDbId;
      const res = await api('PUT', `/observations/${id}`, { value: '101', uploadedBy: null, observationUnitDbId: PLOT('202') });
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('put', '/observations/{observationDbId}', 200, res.json);
      expect(res.json.result).to.include({ observationDbId: id, value: '101', uploadedBy: null, collector: MARK, observationUnitDbId: PLOT('202'), germplasmDbId: 'soy-essex', observationVariableDbId: HEIGHT });
      expect(await count('MATCH (:Observation {observationDbId: $id})-[r:OF_UNIT]->() RETURN count(r) AS n', { id })).to.equal(1);
      // A value the scale refuses, or a germplasm not the unit's: 400, and nothing changes.
      const bad = await api('PUT', `/observations/${id}`, { value: 'n/a', collector: 'changed' });
      expect(bad.status).to.equal(400);
      expect(bad.text).to.contain(`observation "${id}".value "n/a"`);
      expect((await api('PUT', `/observations/${id}`, { germplasmDbId: 'soy-lee' })).status).to.equal(400);
      expect((await api('GET', `/observations/${id}`)).json.result).to.include({ value: '101', collector: MARK, germplasmDbId: 'soy-essex' });
      const missing = await api('PUT', '/observations/obs-nope', { value: '1' });
      expect(missing.status).to.equal(404);
      expect(missing.text).to.contain('obs-nope');
    });

    it('updates several observations with a map keyed by DbId, all or none', async () => {
      const [a, b] = (await post([
        { observationUnitDbId: PLOT('101'), observationVariableDbId: YIELD, value: '3000' },
        { observationUnitDbId: PLOT('102'), observationVariableDbId: YIELD, value: '3100' },
      ])).json.result.data.map((o: any) => o.observationDbId);
      const res = await api('PUT', '/observations', { [a]: { value: '3001' }, [b]: { value: '3101', observationVariableDbId: MATURITY } });
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('put', '/observations', 200, res.json);
      expect(res.json.result.data.map((o: any) => [o.observationDbId, o.value, o.observationVariableDbId])).to.deep.equal([[a, '3001', YIELD], [b, '3101', MATURITY]]);
      const unknown = await api('PUT', '/observations', { [a]: { value: '1' }, 'obs-nope': { value: '2' } });
      expect(unknown.status).to.equal(404);
      expect(unknown.text).to.contain('obs-nope');
      const invalid = await api('PUT', '/observations', { [a]: { value: '1' }, [b]: { observationVariableDbId: LODGING } });
      expect(invalid.status).to.equal(400);
      expect(invalid.text).to.contain(`observation "${b}".value "3101"`);
      expect((await api('GET', `/observations/${a}`)).json.result.value).to.equal('3001');
      expect((await api('PUT', '/observations', {})).status).to.equal(200);
    });
  });

  describe('GET /observations/table', () => {
    it('answers the sparse table: a row per unit and time stamp, a column per variable', async () => {
      const res = await api('GET', '/observations/table?studyDbId=study-urbana-2024&observationVariableDbId=variable-plant-height-cm&observationVariableDbId=variable-lodging-score&observationUnitLevelName=plot');
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('get', '/observations/table', 200, res.json);
      const table = res.json.result;
      expect(table.headerRow).to.deep.equal(['observationTimeStamp', 'observationUnitDbId', 'observationUnitName', 'studyDbId', 'studyName',
        'germplasmDbId', 'germplasmName', 'positionCoordinateX', 'positionCoordinateY', 'year', 'field', 'block', 'plot']);
      expect(table.observationVariables).to.deep.equal([
        { observationVariableDbId: LODGING, observationVariableName: 'Lodging_Visual_1to5' },
        { observationVariableDbId: HEIGHT, observationVariableName: 'PlantHeight_Ruler_cm' },
      ]);
      expect(res.json.metadata.pagination).to.include({ totalCount: 8, currentPage: 0 });
      // Plot 202: height and lodging scored in one pass are one row.
      expect(table.data).to.deep.include(['2024-09-03T15:10:00Z', PLOT('202'), 'Urbana 2024 plot 202', 'study-urbana-2024', 'UST MG IV 2024 - Urbana South Farm',
        'soy-essex', 'Essex', '2', '2', '2024', 'SF-12', 'B2', '202', '2', '79']);
      expect(table.data).to.deep.include(['2024-09-03T09:05:00-05:00', PLOT('101'), 'Urbana 2024 plot 101', 'study-urbana-2024', 'UST MG IV 2024 - Urbana South Farm',
        'soy-williams-82', 'Williams 82', '1', '1', '2024', 'SF-12', 'B1', '101', '', '95']);
      const second = await api('GET', '/observations/table?studyDbId=study-urbana-2024&observationVariableDbId=variable-plant-height-cm&observationVariableDbId=variable-lodging-score&observationUnitLevelName=plot&page=1&pageSize=3');
      expect(second.json.result.data.map((r: string[]) => r[1])).to.deep.equal([PLOT('104'), PLOT('201'), PLOT('202')]);
      expect(second.json.result.headerRow).to.deep.equal(table.headerRow);
    });

    it('answers CSV and TSV as the Accept header asks, 406 for a format it has not', async () => {
      const query = `/observations/table?observationUnitDbId=${PLOT('201')}&observationVariableDbId=${HEIGHT}&observationVariableDbId=${LODGING}`;
      const csv = await api('GET', query, undefined, { accept: 'text/csv' });
      expect(csv.status).to.equal(200);
      expect(csv.headers.get('content-type')).to.match(/^text\/csv/);
      const header = '"observationTimeStamp","observationUnitDbId","observationUnitName","studyDbId","studyName","germplasmDbId","germplasmName","positionCoordinateX","positionCoordinateY","year","field","block","plot"';
      expect(csv.text.split('\n')).to.deep.equal([
        `${header},"${LODGING}","${HEIGHT}"`,
        '"","","","","","","","","","","","","","Lodging_Visual_1to5","PlantHeight_Ruler_cm"',
        `"2024-09-03T15:05:00Z","${PLOT('201')}","Urbana 2024 plot 201","study-urbana-2024","UST MG IV 2024 - Urbana South Farm","soy-williams-82","Williams 82","1","2","2024","SF-12","B2","201","1","97"`,
        '',
      ]);
      const tsv = await api('GET', query, undefined, { accept: 'text/tsv' });
      expect(tsv.headers.get('content-type')).to.match(/^text\/tsv/);
      expect(tsv.text.split('\n')[2].split('\t')).to.have.length(15);
      expect(tsv.text.split('\n')[2]).to.equal(csv.text.split('\n')[2].replace(/","/g, '"\t"'));
      const json = await api('GET', query, undefined, { accept: '*/*' });
      expect(json.json.result.data).to.have.length(1);
      const flapjack = await api('GET', query, undefined, { accept: 'application/flapjack' });
      expect(flapjack.status).to.equal(406);
      expect(flapjack.text).to.contain('text/csv');
    });

    it('tables the results of a saved search, and an empty match', async () => {
      const saved = await search('observations', { germplasmDbIds: ['soy-clark', 'soy-harosoy'], observationVariableDbIds: [YIELD] });
      const res = await api('GET', `/observations/table?searchResultsDbId=${saved.id}`);
      expect(res.status, res.text).to.equal(200);
      expect(res.json.result.data.map((r: string[]) => [r[1], r[r.length - 1]])).to.deep.equal([['ou-stoneville-2023-plot-1', '3560'], ['ou-stoneville-2023-plot-2', '3310']]);
      expect(res.json.result.headerRow).to.include.members(['field', 'rep', 'plot']);
      expect((await api('GET', '/observations/table?searchResultsDbId=nope')).status).to.equal(404);
      // The deprecated observationLevel parameter is the unit's level name.
      const plants = await api('GET', '/observations/table?observationLevel=plant');
      expect(plants.json.result.data.map((r: string[]) => r[1])).to.deep.equal(['ou-urbana-2024-plot-101-plant-1', 'ou-urbana-2024-plot-101-plant-2']);
      expect(plants.json.result.headerRow.slice(10)).to.deep.equal(['field', 'block', 'plot', 'plant']);
      const empty = await api('GET', '/observations/table?studyDbId=study-urbana-2023');
      expect(empty.status).to.equal(200);
      expectValidResponse('get', '/observations/table', 200, empty.json);
      expect(empty.json.result).to.deep.include({ data: null, observationVariables: [] });
    });
  });

  describe('POST /delete/observations', () => {
    async function created(n: number) {
      const res = await post(Array.from({ length: n }, (_, i) => ({
        observationUnitDbId: PLOT('203'), observationVariableDbId: HEIGHT, value: String(80 + i), observationTimeStamp: `2031-06-0${i + 1}T12:00:00Z`,
      })));
      return res.json.result.data.map((o: any) => o.observationDbId as string).sort();
    }

    it('deletes the observations a request names, with their relationships', async () => {
      const [a, b, c] = await created(3);
      await server().graph.write(`MATCH (o:Observation {observationDbId: $a}) CREATE (:ObsTestImage)-[:DEPICTS]->(o)`, { a });
      const res = await api('POST', '/delete/observations', { observationDbIds: [a, b] });
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('post', '/delete/observations', 200, res.json);
      expect(res.json.result.observationDbIds).to.deep.equal([a, b].sort());
      expect((await api('GET', `/observations/${a}`)).status).to.equal(404);
      expect((await api('GET', `/observations/${c}`)).status).to.equal(200);
      expect(await count('MATCH (i:ObsTestImage) OPTIONAL MATCH (i)-[r:DEPICTS]->() RETURN count(r) AS n')).to.equal(0);
      await server().graph.write('MATCH (i:ObsTestImage) DELETE i');
    });

    it('deletes what matches every member of the request (a search request), in one transaction', async () => {
      const ids = await created(2);
      const before = await countObservations();
      // Members AND: these observations are not in study-stoneville-2023, so nothing goes.
      const none = await api('POST', '/delete/observations', { observationDbIds: ids, observationUnitDbIds: [PLOT('203')], studyDbIds: ['study-stoneville-2023'] });
      expect(none.status, none.text).to.equal(200);
      expect(none.json.result.observationDbIds).to.deep.equal([]);
      expect(await countObservations()).to.equal(before);
      // Without DbIds: every observation of plot 203 or 204 in the future window (only the two made here).
      const both = await api('POST', '/delete/observations', [
        { observationUnitDbIds: [PLOT('203'), PLOT('204')], observationTimeStampRangeStart: '2031-01-01T00:00:00Z' },
        { observationDbIds: [ids[0]] },
      ]);
      expect(both.status, both.text).to.equal(200);
      expect(both.json.result.observationDbIds).to.deep.equal(ids);
      expect(await countObservations()).to.equal(before - 2);
      expect((await api('GET', '/observations/obs-urbana-2024-plot-203-height')).status).to.equal(200);
    });

    it('is all or nothing: an unknown observationDbId is a 404 naming it; an empty request deletes nothing', async () => {
      const [a] = await created(1);
      const before = await countObservations();
      const res = await api('POST', '/delete/observations', { observationDbIds: [a, 'obs-nope'] });
      expect(res.status).to.equal(404);
      expect(res.text).to.contain('obs-nope').and.not.contain(a);
      expect((await api('GET', `/observations/${a}`)).status).to.equal(200);
      for (const body of [{}, [{}], []]) {
        const empty = await api('POST', '/delete/observations', body);
        expect(empty.status, empty.text).to.equal(200);
        expectValidResponse('post', '/delete/observations', 200, empty.json);
        expect(empty.json.result.observationDbIds).to.deep.equal([]);
      }
      expect(await countObservations()).to.equal(before);
      const bad = await api('POST', '/delete/observations', { observationDbIds: 'obs-1' });
      expect(bad.status).to.equal(400);
      expect(bad.text).to.contain('observationDbIds');
    });
  });

  describe('observationsOfUnits', () => {
    it('reads the observations of units in the Observation schema', async () => {
      const units: Array<Record<string, any>> = [PLOT('204'), 'ou-stoneville-2023-plot-2', 'ou-urbana-2024-field'].map((id) => ({ observationUnitDbId: id }));
      await observationsOfUnits(server().graph, units);
      const [plot, stoneville, field] = units.map((u) => u.observations as Array<Record<string, unknown>>);
      expect(field).to.deep.equal([]);
      expect(stoneville.map((o) => o.observationDbId)).to.deep.equal(['obs-stoneville-2023-plot-2-yield']);
      const lodging = plot.find((o) => o.observationDbId === 'obs-urbana-2024-plot-204-lodging');
      expect(lodging).to.include({ germplasmDbId: 'soy-lee', value: '4', observationUnitName: 'Urbana 2024 plot 204' });
      expectAllFields('Phenotyping', 'Observation', lodging as object);
    });
  });
});

// Ontologies, traits, methods, scales and observation variables: list filters (through the graph for variables'
// parts, ontologies and the studies / trials / programs where a variable was observed), get, create, update, and the
// shared parts (a variable shows its trait, method and scale as their current records). Records made here carry
// "PV" names and are removed afterwards; observations are raw Cypher (the observation API is not under test here).
import { expect } from 'chai';
import { byIds, count, removeWhere } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { list } from '../support/list.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';

const CO = 'ontology-co-336';
const LOCAL = 'ontology-brapi-demo';
const DEMO_VARIABLES = ['variable-days-to-maturity', 'variable-lodging-score', 'variable-plant-height-cm', 'variable-seed-yield-kg-ha'];

async function create(path: string, records: object[]): Promise<any[]> {
  const res = await api('POST', `/${path}`, records);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('post', `/${path}`, 200, res.json);
  return res.json.result.data;
}

const created: string[] = [];

describe('phenotyping: ontologies, traits, methods, scales, variables', () => {
  before(async () => {
    // Study A observed height and yield; study B lodging (each in a trial and program of its own).
    places = await observedIn({ A: ['variable-plant-height-cm', 'variable-seed-yield-kg-ha'], B: ['variable-lodging-score'] });
  });

  after(async () => {
    await removeWhere({ pvTest: [true], ...byIds(['programDbId', 'trialDbId', 'studyDbId', 'ontologyDbId', 'traitDbId', 'methodDbId', 'scaleDbId', 'observationVariableDbId'], created) });
  });

  describe('ontologies', () => {
    const call = (query = '') => list('ontologies', query);

    it('lists the demo ontologies and filters by each parameter, ANDs two, explains an empty answer', async () => {
      const { res, ids } = await call();
      expect(ids).to.include.members([LOCAL, CO]);
      expect(res.json.result.data.find((o: any) => o.ontologyDbId === CO)).to.include({
        ontologyName: 'CO_336 Soybean ontology', licence: 'CC BY 4.0', documentationURL: 'https://cropontology.org/ontology/CO_336',
      });
      expect((await call(`ontologyDbId=${CO}`)).ids).to.deep.equal([CO]);
      expect((await call('ontologyName=Soybean%20Program%20Local%20Terms')).ids).to.deep.equal([LOCAL]);
      expect((await call(`ontologyDbId=${CO}&ontologyDbId=${LOCAL}`)).ids).to.deep.equal([LOCAL, CO]);
      expect((await call(`ontologyDbId=${CO}&ontologyName=CO_336%20Soybean%20ontology`)).ids).to.deep.equal([CO]);
      expect((await call(`ontologyDbId=${CO}&ontologyName=Soybean%20Program%20Local%20Terms`)).ids).to.deep.equal([]);
      const empty = await call('ontologyDbId=ontology-nope');
      expect(empty.ids).to.deep.equal([]);
      expect(empty.messages).to.match(/^INFO: .*ontology-nope/m);
    });

    it('creates, gets and updates an ontology; 404 and 400', async () => {
      const [made] = await create('ontologies', [{ ontologyName: 'PV Ontology', version: '1.0', authors: 'PV', additionalInfo: { k: 'v' } }]);
      created.push(made.ontologyDbId);
      expect(made).to.include({ ontologyName: 'PV Ontology', version: '1.0', copyright: null });
      const got = await api('GET', `/ontologies/${made.ontologyDbId}`);
      expectValidResponse('get', '/ontologies/{ontologyDbId}', 200, got.json);
      expect(got.json.result).to.deep.equal(made);
      const put = await api('PUT', `/ontologies/${made.ontologyDbId}`, { version: '1.1', authors: null });
      expect(put.status, put.text).to.equal(200);
      expectValidResponse('put', '/ontologies/{ontologyDbId}', 200, put.json);
      expect(put.json.result).to.include({ ontologyName: 'PV Ontology', version: '1.1', authors: null });
      expect(put.json.result.additionalInfo).to.deep.equal({ k: 'v' });
      const missing = await api('GET', '/ontologies/ontology-nope');
      expect(missing.status).to.equal(404);
      expect(missing.text).to.contain('ontology-nope');
      expect((await api('PUT', '/ontologies/ontology-nope', { version: '2' })).status).to.equal(404);
      const bad = await api('POST', '/ontologies', [{ ontologyName: 7 }]);
      expect(bad.status).to.equal(400);
      expect(bad.text).to.contain('ontologyName');
    });
  });

  // Traits, methods and scales are declared alike: the same checks for each, with its own demo records.
  const PARTS = [
    {
      path: 'traits', idField: 'traitDbId', schema: 'Trait', nameField: 'traitName', field: 'trait',
      demo: ['trait-days-to-maturity', 'trait-lodging', 'trait-plant-height', 'trait-seed-yield'],
      inCo: ['trait-days-to-maturity', 'trait-lodging', 'trait-plant-height', 'trait-seed-yield'],
      ofHeight: 'trait-plant-height', ofYield: 'trait-seed-yield', ofLodging: 'trait-lodging',
      extra: { traitClass: 'Morphological', synonyms: ['PV one', 'PV two'] },
    },
    {
      path: 'methods', idField: 'methodDbId', schema: 'Method', nameField: 'methodName', field: 'method',
      demo: ['method-calendar-count', 'method-combine-harvest', 'method-ruler-measurement', 'method-visual-rating'],
      inCo: ['method-calendar-count', 'method-ruler-measurement'],
      ofHeight: 'method-ruler-measurement', ofYield: 'method-combine-harvest', ofLodging: 'method-visual-rating',
      extra: { methodClass: 'Measurement', formula: 'a + b' },
    },
    {
      path: 'scales', idField: 'scaleDbId', schema: 'Scale', nameField: 'scaleName', field: 'scale',
      demo: ['scale-cm', 'scale-days', 'scale-kg-per-ha', 'scale-lodging-1-5'],
      inCo: ['scale-cm', 'scale-days', 'scale-kg-per-ha'],
      ofHeight: 'scale-cm', ofYield: 'scale-kg-per-ha', ofLodging: 'scale-lodging-1-5',
      extra: { dataType: 'Nominal', validValues: { categories: [{ value: 'a', label: 'A' }], minimumValue: null, maximumValue: null } },
    },
  ];

  /** A program > trial > study chain per name, and observations of the given variables in each study (raw Cypher). */
  async function observedIn(observed: Record<string, string[]>) {
    const out: Record<string, { programDbId: string; trialDbId: string; studyDbId: string }> = {};
    for (const [name, variables] of Object.entries(observed)) {
      const [program] = await create('programs', [{ programName: `PV Program ${name}` }]);
      const [trial] = await create('trials', [{ trialName: `PV Trial ${name}`, programDbId: program.programDbId }]);
      const [study] = await create('studies', [{ studyName: `PV Study ${name}`, trialDbId: trial.trialDbId }]);
      created.push(program.programDbId, trial.trialDbId, study.studyDbId);
      await server().graph.write(
        `MATCH (s:Study {studyDbId: $study})
         CREATE (u:ObservationUnit {observationUnitDbId: 'pv-ou-' + $study, pvTest: true})-[:IN_STUDY]->(s)
         WITH u UNWIND $variables AS variable
         MATCH (v:ObservationVariable {observationVariableDbId: variable})
         CREATE (u)<-[:OF_UNIT]-(:Observation {observationDbId: 'pv-obs-' + $study + '-' + variable, pvTest: true})-[:OF_VARIABLE]->(v)`,
        { study: study.studyDbId, variables },
      );
      out[name] = { programDbId: program.programDbId, trialDbId: trial.trialDbId, studyDbId: study.studyDbId };
    }
    return out;
  }

  let places: Awaited<ReturnType<typeof observedIn>>;

  for (const part of PARTS) {
    describe(part.path, () => {
      const call = (query = '') => list(part.path, query);
      const item = `/${part.path}/{${part.idField}}`;

      it('lists the demo records with their ontology reference', async () => {
        const { res, ids } = await call();
        expect(ids).to.include.members(part.demo);
        const height = res.json.result.data.find((r: any) => r[part.idField] === part.ofHeight);
        expect(height.ontologyReference).to.deep.include({ ontologyDbId: CO, ontologyName: 'CO_336 Soybean ontology' });
        expect(await count(`MATCH (p {${part.idField}: $id})-[:IN_ONTOLOGY]->(o:Ontology {ontologyDbId: $co}) RETURN count(o) AS n`, { id: part.ofHeight, co: CO })).to.equal(1);
      });

      it('filters by each parameter (variable, ontology, crop and program through the graph), ANDs two', async () => {
        expect((await call(`${part.idField}=${part.ofYield}`)).ids).to.deep.equal([part.ofYield]);
        expect((await call(`${part.idField}=${part.ofYield}&${part.idField}=${part.ofHeight}`)).ids).to.deep.equal([part.ofHeight, part.ofYield].sort());
        expect((await call('observationVariableDbId=variable-lodging-score')).ids).to.deep.equal([part.ofLodging]);
        expect((await call(`ontologyDbId=${CO}`)).ids).to.include.members(part.inCo);
        for (const other of part.demo.filter((id) => !part.inCo.includes(id))) expect((await call(`ontologyDbId=${CO}`)).ids).to.not.include(other);
        expect((await call('commonCropName=Soybean')).ids).to.include.members(part.demo);
        expect((await call('commonCropName=Maize')).ids).to.not.include(part.ofHeight);
        expect((await call(`programDbId=${places.A.programDbId}`)).ids).to.deep.equal([part.ofHeight, part.ofYield].sort());
        expect((await call(`programDbId=${places.B.programDbId}`)).ids).to.deep.equal([part.ofLodging]);
        expect((await call(`programDbId=${places.A.programDbId}&${part.idField}=${part.ofYield}`)).ids).to.deep.equal([part.ofYield]);
        expect((await call(`programDbId=${places.B.programDbId}&${part.idField}=${part.ofYield}`)).ids).to.deep.equal([]);
        const empty = await call(`observationVariableDbId=variable-nope`);
        expect(empty.ids).to.deep.equal([]);
        expect(empty.messages).to.match(/^INFO: .*variable-nope/m);
      });

      it('creates (ontology as a relationship), gets, updates; external references filter; 404 and 400', async () => {
        const [made] = await create(part.path, [{
          [part.nameField]: `PV ${part.path}`,
          ontologyReference: { ontologyDbId: LOCAL, ontologyName: 'Soybean Program Local Terms' },
          externalReferences: [{ referenceId: `pv-${part.path}`, referenceSource: 'PV source' }],
          ...part.extra,
        }]);
        const id = made[part.idField];
        created.push(id);
        expect(made).to.include({ [part.nameField]: `PV ${part.path}` });
        for (const [k, v] of Object.entries(part.extra)) expect(made[k], k).to.deep.equal(v);
        const got = await api('GET', `/${part.path}/${id}`);
        expect(got.status).to.equal(200);
        expectValidResponse('get', item, 200, got.json);
        expect(got.json.result).to.deep.equal(made);
        expect((await call(`externalReferenceId=pv-${part.path}&externalReferenceSource=PV%20source`)).ids).to.deep.equal([id]);
        expect((await call(`externalReferenceID=pv-${part.path}&ontologyDbId=${LOCAL}`)).ids).to.deep.equal([id]);
        expect((await call(`ontologyDbId=${CO}&${part.idField}=${id}`)).ids).to.deep.equal([]);

        const put = await api('PUT', `/${part.path}/${id}`, { ontologyReference: { ontologyDbId: CO, ontologyName: 'CO_336 Soybean ontology' }, externalReferences: null });
        expect(put.status, put.text).to.equal(200);
        expectValidResponse('put', item, 200, put.json);
        expect(put.json.result).to.include({ [part.nameField]: `PV ${part.path}`, externalReferences: null });
        expect((await call(`ontologyDbId=${CO}&${part.idField}=${id}`)).ids).to.deep.equal([id]);
        expect((await call(`externalReferenceId=pv-${part.path}`)).ids).to.deep.equal([]);

        const unknown = await api('POST', `/${part.path}`, [{ [part.nameField]: 'PV bad', ontologyReference: { ontologyDbId: 'ontology-nope', ontologyName: 'x' } }]);
        expect(unknown.status).to.equal(400);
        expect(unknown.text).to.contain('ontology-nope');
        expect(await count(`MATCH (p {${part.nameField}: 'PV bad'}) RETURN count(p) AS n`)).to.equal(0);
        expect((await api('GET', `/${part.path}/nope-${part.path}`)).status).to.equal(404);
        expect((await api('PUT', `/${part.path}/nope-${part.path}`, { [part.nameField]: 'x' })).status).to.equal(404);
        expect((await api('POST', `/${part.path}`, [{ [part.nameField]: ['not', 'a', 'string'] }])).status).to.equal(400);
      });
    });
  }

  describe('scales: valid values and data types', () => {
    it('an ordinal 1-5 lodging scale with its categories; numerical scales with bounds', async () => {
      const res = await api('GET', '/scales/scale-lodging-1-5');
      expectValidResponse('get', '/scales/{scaleDbId}', 200, res.json);
      const lodging = res.json.result;
      expect(lodging).to.include({ dataType: 'Ordinal', scaleName: 'Lodging score 1-5', decimalPlaces: 0 });
      expect(lodging.validValues).to.include({ minimumValue: '1', maximumValue: '5' });
      expect(lodging.validValues.categories.map((c: any) => c.value)).to.deep.equal(['1', '2', '3', '4', '5']);
      expect(lodging.validValues.categories[0].label).to.equal('Almost all plants erect');
      const cm = (await api('GET', '/scales/scale-cm')).json.result;
      expect(cm).to.include({ dataType: 'Numerical', units: 'cm' });
      expect(cm.validValues).to.deep.equal({ categories: null, minimumValue: '0', maximumValue: '200' });
    });

    it('takes the deprecated min / max as minimumValue / maximumValue; rejects an unknown data type', async () => {
      const [made] = await create('scales', [{ scaleName: 'PV percent', dataType: 'Numerical', validValues: { min: 0, max: 100 } }]);
      created.push(made.scaleDbId);
      expect(made.validValues).to.include({ minimumValue: '0', maximumValue: '100', categories: null });
      const bad = await api('POST', '/scales', [{ scaleName: 'PV bad', dataType: 'Percent' }]);
      expect(bad.status).to.equal(400);
      expect(bad.text).to.contain('dataType');
    });
  });

  describe('observation variables', () => {
    const call = (query = '') => list('variables', query);

    it('lists the demo variables with their whole trait, method and scale', async () => {
      const { res, ids } = await call();
      expect(ids).to.include.members(DEMO_VARIABLES);
      const lodging = res.json.result.data.find((v: any) => v.observationVariableDbId === 'variable-lodging-score');
      expect(lodging).to.include({ observationVariableName: 'Lodging_Visual_1to5', commonCropName: 'Soybean' });
      expect(lodging.ontologyReference).to.include({ ontologyDbId: LOCAL });
      expectAllFields('Phenotyping', 'Trait', lodging.trait);
      expectAllFields('Phenotyping', 'Method', lodging.method);
      expectAllFields('Phenotyping', 'Scale', lodging.scale);
      expect(lodging.trait).to.include({ traitDbId: 'trait-lodging', traitName: 'Lodging', traitClass: 'Agronomical' });
      expect(lodging.method).to.include({ methodDbId: 'method-visual-rating', methodClass: 'Estimation' });
      expect(lodging.scale).to.include({ scaleDbId: 'scale-lodging-1-5', dataType: 'Ordinal' });
      expect(lodging.scale.validValues.categories).to.have.length(5);
      // The nested records are exactly what the part's own call answers.
      expect(lodging.trait).to.deep.equal((await api('GET', '/traits/trait-lodging')).json.result);
      expect(lodging.scale).to.deep.equal((await api('GET', '/scales/scale-lodging-1-5')).json.result);
      const height = res.json.result.data.find((v: any) => v.observationVariableDbId === 'variable-plant-height-cm');
      expect([height.trait.traitName, height.method.methodName, height.scale.scaleName]).to.deep.equal(['Plant height', 'Ruler measurement', 'Centimetres']);
      const links = await server().graph.read<{ rel: string; id: string }>(
        `MATCH (:ObservationVariable {observationVariableDbId: 'variable-plant-height-cm'})-[r]->(t)
         RETURN type(r) AS rel, coalesce(t.traitDbId, t.methodDbId, t.scaleDbId, t.ontologyDbId) AS id ORDER BY rel`,
      );
      expect(links).to.deep.equal([
        { rel: 'IN_ONTOLOGY', id: CO }, { rel: 'MEASURES', id: 'trait-plant-height' },
        { rel: 'ON_SCALE', id: 'scale-cm' }, { rel: 'USES_METHOD', id: 'method-ruler-measurement' },
      ]);
    });

    it('filters by its own fields and by its trait, method and scale', async () => {
      const ids = async (query: string) => (await call(query)).ids;
      expect(await ids('observationVariableDbId=variable-seed-yield-kg-ha')).to.deep.equal(['variable-seed-yield-kg-ha']);
      expect(await ids('observationVariableName=PlantHeight_Ruler_cm&observationVariableName=Maturity_Count_d')).to.deep.equal(['variable-days-to-maturity', 'variable-plant-height-cm']);
      expect(await ids('observationVariablePUI=urn:demo:soybean:variable:lodging-score')).to.deep.equal(['variable-lodging-score']);
      expect(await ids('traitClass=Agronomical&commonCropName=Soybean')).to.include.members(['variable-lodging-score', 'variable-seed-yield-kg-ha']).and.not.include('variable-plant-height-cm');
      expect(await ids('traitDbId=trait-plant-height')).to.deep.equal(['variable-plant-height-cm']);
      expect(await ids('traitName=Days%20to%20maturity')).to.deep.equal(['variable-days-to-maturity']);
      expect(await ids('traitPUI=urn:demo:soybean:trait:seed-yield')).to.deep.equal(['variable-seed-yield-kg-ha']);
      expect(await ids('methodDbId=method-visual-rating')).to.deep.equal(['variable-lodging-score']);
      expect(await ids('methodName=Ruler%20measurement')).to.deep.equal(['variable-plant-height-cm']);
      expect(await ids('methodPUI=urn:demo:soybean:method:calendar-count')).to.deep.equal(['variable-days-to-maturity']);
      expect(await ids('scaleDbId=scale-kg-per-ha')).to.deep.equal(['variable-seed-yield-kg-ha']);
      expect(await ids('scaleName=Days')).to.deep.equal(['variable-days-to-maturity']);
      expect(await ids('scalePUI=urn:demo:soybean:scale:cm&scalePUI=urn:demo:soybean:scale:lodging-1-5')).to.deep.equal(['variable-lodging-score', 'variable-plant-height-cm']);
      expect(await ids(`ontologyDbId=${LOCAL}&commonCropName=Soybean`)).to.include.members(['variable-lodging-score', 'variable-seed-yield-kg-ha']).and.not.include('variable-plant-height-cm');
      expect(await ids(`ontologyDbId=${CO}&traitClass=Phenological`)).to.deep.equal(['variable-days-to-maturity']);
      expect(await ids('externalReferenceId=PH_cm&externalReferenceSource=Field%20Book')).to.deep.equal(['variable-plant-height-cm']);
      expect(await ids('externalReferenceID=LDG_1to5')).to.deep.equal(['variable-lodging-score']);
      expect(await ids('traitDbId=trait-plant-height&scaleDbId=scale-kg-per-ha')).to.deep.equal([]);
      const empty = await call('scaleDbId=scale-nope');
      expect(empty.ids).to.deep.equal([]);
      expect(empty.messages).to.match(/^INFO: .*scale-nope/m);
    });

    it('filters by the studies, trials and programs where it was observed (observations -> units -> study)', async () => {
      const ids = async (query: string) => (await call(query)).ids;
      const { A, B } = places;
      expect(await ids(`studyDbId=${A.studyDbId}`)).to.deep.equal(['variable-plant-height-cm', 'variable-seed-yield-kg-ha']);
      expect(await ids(`studyDbId=${A.studyDbId}&studyDbId=${B.studyDbId}`)).to.deep.equal(['variable-lodging-score', 'variable-plant-height-cm', 'variable-seed-yield-kg-ha']);
      expect(await ids(`trialDbId=${B.trialDbId}`)).to.deep.equal(['variable-lodging-score']);
      expect(await ids(`programDbId=${A.programDbId}`)).to.deep.equal(['variable-plant-height-cm', 'variable-seed-yield-kg-ha']);
      expect(await ids(`programDbId=${A.programDbId}&traitClass=Morphological`)).to.deep.equal(['variable-plant-height-cm']);
      expect(await ids(`studyDbId=${B.studyDbId}&trialDbId=${A.trialDbId}`)).to.deep.equal([]);
      const empty = await call('studyDbId=study-nope');
      expect(empty.ids).to.deep.equal([]);
      expect(empty.messages).to.match(/^INFO: .*study-nope/m);
    });

    it('gets one variable, 404 for an unknown one', async () => {
      const res = await api('GET', '/variables/variable-days-to-maturity');
      expect(res.status).to.equal(200);
      expectValidResponse('get', '/variables/{observationVariableDbId}', 200, res.json);
      expect(res.json.result).to.include({ observationVariableDbId: 'variable-days-to-maturity', growthStage: 'R7 to R8' });
      expect(res.json.result.method.bibliographicalReference).to.match(/^Fehr, W\.R\., Caviness/);
      const missing = await api('GET', '/variables/variable-nope');
      expect(missing.status).to.equal(404);
      expect(missing.text).to.contain('variable-nope');
    });

    it('creates a variable linking existing parts and creating new ones, in one transaction', async () => {
      const traitsBefore = await count('MATCH (t:Trait) RETURN count(t) AS n');
      const [made] = await create('variables', [{
        observationVariableName: 'PV_PodCount_Visual',
        commonCropName: 'PVCrop',
        ontologyReference: { ontologyDbId: LOCAL, ontologyName: 'Soybean Program Local Terms' },
        trait: { traitName: 'PV pods per plant', traitClass: 'Agronomical', ontologyReference: { ontologyDbId: CO, ontologyName: 'CO_336 Soybean ontology' } },
        method: { methodDbId: 'method-visual-rating' },
        scale: { scaleName: 'PV pods', dataType: 'Numerical', validValues: { minimumValue: '0', maximumValue: '400' } },
      }]);
      created.push(made.observationVariableDbId, made.trait.traitDbId, made.scale.scaleDbId);
      expect(made.trait).to.include({ traitName: 'PV pods per plant', traitClass: 'Agronomical' });
      expect(made.trait.traitDbId).to.be.a('string').and.not.empty;
      expect(made.method).to.deep.equal((await api('GET', '/methods/method-visual-rating')).json.result);
      expect(made.scale.validValues).to.deep.equal({ categories: null, minimumValue: '0', maximumValue: '400' });
      expect(await count('MATCH (t:Trait) RETURN count(t) AS n')).to.equal(traitsBefore + 1);
      // The new parts are records of their own, with their ontology link, reachable from their calls.
      const trait = await api('GET', `/traits/${made.trait.traitDbId}`);
      expect(trait.json.result).to.deep.equal(made.trait);
      expect((await list('traits', `ontologyDbId=${CO}&commonCropName=PVCrop`)).ids).to.deep.equal([made.trait.traitDbId]);
      expect((await list('scales', `observationVariableDbId=${made.observationVariableDbId}`)).ids).to.deep.equal([made.scale.scaleDbId]);
      expect((await call('commonCropName=PVCrop&methodDbId=method-visual-rating')).ids).to.deep.equal([made.observationVariableDbId]);
    });

    it('rejects an unknown part DbId with 400 naming it, and writes nothing (not even the new parts)', async () => {
      const counts = async () => count('MATCH (n) WHERE n:Trait OR n:Method OR n:Scale OR n:ObservationVariable RETURN count(n) AS n');
      const before = await counts();
      const res = await api('POST', '/variables', [
        { observationVariableName: 'PV fine', trait: { traitName: 'PV new trait' }, method: { methodName: 'PV new method' }, scale: { scaleDbId: 'scale-cm' } },
        { observationVariableName: 'PV bad', trait: { traitDbId: 'trait-nope' }, scale: { scaleName: 'PV new scale' } },
      ]);
      expect(res.status).to.equal(400);
      expect(res.text).to.contain('trait-nope');
      expect(await counts()).to.equal(before);
      const badScale = await api('POST', '/variables', [{ observationVariableName: 'PV bad', scale: { scaleName: 'PV s', ontologyReference: { ontologyDbId: 'ontology-nope', ontologyName: 'x' } } }]);
      expect(badScale.status).to.equal(400);
      expect(badScale.text).to.contain('ontology-nope');
      expect(await counts()).to.equal(before);
      const badType = await api('POST', '/variables', [{ observationVariableName: 'PV bad', trait: { traitDbId: 42 } }]);
      expect(badType.status).to.equal(400);
      expect(badType.text).to.contain('traitDbId');
    });

    it('shares parts: a nested DbId only links (other members ignored), an edited trait shows in every variable', async () => {
      const [trait] = await create('traits', [{ traitName: 'PV shared trait', traitClass: 'Physiological' }]);
      created.push(trait.traitDbId);
      const [one, two] = await create('variables', [
        { observationVariableName: 'PV shared 1', trait: { traitDbId: trait.traitDbId, traitName: 'ignored rename' }, scale: { scaleDbId: 'scale-cm' } },
        { observationVariableName: 'PV shared 2', trait: { traitDbId: trait.traitDbId }, scale: { scaleDbId: 'scale-days' } },
      ]);
      created.push(one.observationVariableDbId, two.observationVariableDbId);
      expect(one.trait.traitName).to.equal('PV shared trait');
      expect((await api('GET', `/traits/${trait.traitDbId}`)).json.result.traitName).to.equal('PV shared trait');
      const put = await api('PUT', `/traits/${trait.traitDbId}`, { traitName: 'PV shared trait, renamed', traitDescription: 'now described' });
      expect(put.status, put.text).to.equal(200);
      const both = await call(`traitDbId=${trait.traitDbId}`);
      expect(both.ids).to.deep.equal([one.observationVariableDbId, two.observationVariableDbId].sort());
      for (const v of both.res.json.result.data) expect(v.trait).to.include({ traitName: 'PV shared trait, renamed', traitDescription: 'now described' });
      expect((await call(`traitName=PV%20shared%20trait,%20renamed`)).ids).to.have.length(2);
    });

    it('updates a variable: fields, relinked and new parts, null unlinks, left-out parts stay; 404', async () => {
      const [made] = await create('variables', [{
        observationVariableName: 'PV update me', trait: { traitDbId: 'trait-plant-height' }, method: { methodDbId: 'method-ruler-measurement' }, scale: { scaleDbId: 'scale-cm' },
        synonyms: ['PVU'],
      }]);
      created.push(made.observationVariableDbId);
      const path = `/variables/${made.observationVariableDbId}`;
      const put = await api('PUT', path, {
        observationVariableName: 'PV updated', synonyms: null, growthStage: 'R5',
        method: null, scale: { scaleName: 'PV inches', dataType: 'Numerical', units: 'in' },
      });
      expect(put.status, put.text).to.equal(200);
      expectValidResponse('put', '/variables/{observationVariableDbId}', 200, put.json);
      const v = put.json.result;
      created.push(v.scale.scaleDbId);
      expect(v).to.include({ observationVariableName: 'PV updated', synonyms: null, growthStage: 'R5', method: null });
      expect(v.trait.traitDbId).to.equal('trait-plant-height');
      expect(v.scale).to.include({ scaleName: 'PV inches', units: 'in' });
      expect(v.scale.scaleDbId).to.not.equal('scale-cm');
      expect((await api('GET', path)).json.result).to.deep.equal(v);
      expect(await count('MATCH (:ObservationVariable {observationVariableDbId: $id})-[:USES_METHOD]->(m) RETURN count(m) AS n', { id: v.observationVariableDbId })).to.equal(0);
      // The old scale is untouched and still in use by the demo variable.
      expect((await api('GET', '/scales/scale-cm')).json.result.scaleName).to.equal('Centimetres');
      const relink = await api('PUT', path, { scale: { scaleDbId: 'scale-cm' } });
      expect(relink.json.result.scale.scaleDbId).to.equal('scale-cm');
      expect((await api('PUT', path, { trait: { traitDbId: 'trait-nope' } })).status).to.equal(400);
      expect((await api('GET', path)).json.result.trait.traitDbId).to.equal('trait-plant-height');
      const missing = await api('PUT', '/variables/variable-nope', { observationVariableName: 'x' });
      expect(missing.status).to.equal(404);
    });

    it('accepts the empty records BRAVA sends (POST [{}], PUT {})', async () => {
      const [made] = await create('variables', [{}]);
      created.push(made.observationVariableDbId);
      expect(made).to.include({ trait: null, method: null, scale: null, observationVariableName: null });
      const put = await api('PUT', `/variables/${made.observationVariableDbId}`, {});
      expect(put.status).to.equal(200);
      expectValidResponse('put', '/variables/{observationVariableDbId}', 200, put.json);
    });
  });
});

// POST /search/variables with every member of ObservationVariableSearchRequest: OR within a member, AND across members,
// a term matching nothing is no error, and no member is ignored. Everything is created here with "SPV" names and
// removed afterwards; observations (variable -> unit -> study) are raw Cypher, since that API is not under test here.
import { expect } from 'chai';
import { byIds, removeWhere } from '../support/graph.js';
import { api, createRecords, server } from '../support/server.js';
import { search, searchIds } from '../support/search.js';

const found = (body: object) => searchIds('variables', 'observationVariableDbId', body);
const create = createRecords;

describe('search variables: every member of the search request', () => {
  const created: string[] = [];
  let P1: string, P2: string, T1: string, T2: string, S1: string, S2: string, O1: string, O2: string;
  let V1: string, V2: string, V3: string, M1: string;

  before(async () => {
    [P1, P2] = (await create('programs', [{ programName: 'SPV Program Alpha' }, { programName: 'SPV Program Beta' }])).map((r) => r.programDbId);
    [T1, T2] = (await create('trials', [
      { trialName: 'SPV Trial One', programDbId: P1 },
      { trialName: 'SPV Trial Two', programDbId: P2 },
    ])).map((r) => r.trialDbId);
    [S1, S2] = (await create('studies', [
      { studyName: 'SPV Study One', trialDbId: T1 },
      { studyName: 'SPV Study Two', trialDbId: T2 },
    ])).map((r) => r.studyDbId);
    [O1, O2] = (await create('ontologies', [{ ontologyName: 'SPV Ontology 1' }, { ontologyName: 'SPV Ontology 2' }])).map((r) => r.ontologyDbId);
    const trait = (n: number, traitClass: string, entity: string, attribute: string) => ({
      traitName: `SPV trait ${n}`, traitPUI: `spv:trait:${n}`, traitClass, entity, entityPUI: `spv:${entity}`, attribute, attributePUI: `spv:${attribute}`,
    });
    const variable = (n: number, crop: string, ontology: string, source: string) => ({
      observationVariableName: `SPV variable ${n}`,
      observationVariablePUI: `spv:variable:${n}`,
      commonCropName: crop,
      ontologyReference: { ontologyDbId: ontology },
      externalReferences: [{ referenceId: `spv-x${n}`, referenceSource: source }],
    });
    const [v1] = await create('variables', [{
      ...variable(1, 'SPVCrop', O1, 'SPV source'),
      trait: trait(1, 'SPV morphological', 'leaf', 'color'),
      method: { methodName: 'SPV method 1', methodPUI: 'spv:method:1' },
      scale: { scaleName: 'SPV scale 1', scalePUI: 'spv:scale:1', dataType: 'Nominal' },
    }]);
    M1 = v1.method.methodDbId;
    const [v2, v3] = await create('variables', [
      {
        ...variable(2, 'SPVCrop', O2, 'SPV source'),
        trait: trait(2, 'SPV agronomic', 'pod', 'length'),
        method: { methodName: 'SPV method 2', methodPUI: 'spv:method:2' },
        scale: { scaleName: 'SPV scale 2', scalePUI: 'spv:scale:2', dataType: 'Numerical' },
      },
      {
        ...variable(3, 'SPVCrop2', O1, 'SPV other'),
        trait: trait(3, 'SPV morphological', 'pod', 'color'),
        method: { methodDbId: M1 },
        scale: { scaleName: 'SPV scale 3', scalePUI: 'spv:scale:3', dataType: 'Numerical' },
      },
    ]);
    [V1, V2, V3] = [v1, v2, v3].map((v) => v.observationVariableDbId);
    created.push(P1, P2, T1, T2, S1, S2, O1, O2, M1, v2.method.methodDbId);
    for (const v of [v1, v2, v3]) created.push(v.observationVariableDbId, v.trait.traitDbId, v.scale.scaleDbId);
    // Study One observed V1 and V2, Study Two V2 and V3.
    await server().graph.write(
      `UNWIND $observed AS pair
       MATCH (v:ObservationVariable {observationVariableDbId: pair[0]}), (s:Study {studyDbId: pair[1]})
       CREATE (v)<-[:OF_VARIABLE]-(:Observation {observationDbId: 'spv-obs-' + pair[0] + '-' + pair[1], spvTest: true})
              -[:OF_UNIT]->(:ObservationUnit {observationUnitDbId: 'spv-ou-' + pair[0] + '-' + pair[1], spvTest: true})-[:IN_STUDY]->(s)`,
      { observed: [[V1, S1], [V2, S1], [V2, S2], [V3, S2]] },
    );
  });

  after(async () => {
    await removeWhere({ spvTest: [true], ...byIds(['programDbId', 'trialDbId', 'studyDbId', 'ontologyDbId', 'observationVariableDbId', 'traitDbId', 'methodDbId', 'scaleDbId'], created) });
  });

  const SPV = { commonCropNames: ['SPVCrop', 'SPVCrop2'] };

  it('the variable\'s own members: DbIds, names, PUIs, crops, ontologies, external references', async () => {
    expect(await found({ observationVariableDbIds: [V1, V3] })).to.deep.equal([V1, V3].sort());
    expect(await found({ observationVariableNames: ['SPV variable 2', 'SPV variable 3'] })).to.deep.equal([V2, V3].sort());
    expect(await found({ observationVariablePUIs: ['spv:variable:1'] })).to.deep.equal([V1]);
    expect(await found({ commonCropNames: ['SPVCrop'] })).to.deep.equal([V1, V2].sort());
    expect(await found(SPV)).to.deep.equal([V1, V2, V3].sort());
    expect(await found({ ontologyDbIds: [O1] })).to.deep.equal([V1, V3].sort());
    expect(await found({ ontologyDbIds: [O1, O2] })).to.deep.equal([V1, V2, V3].sort());
    expect(await found({ ontologyDbIds: [O1], commonCropNames: ['SPVCrop'] })).to.deep.equal([V1]);
    expect(await found({ externalReferenceIds: ['spv-x1', 'spv-x3'] })).to.deep.equal([V1, V3].sort());
    expect(await found({ externalReferenceIDs: ['spv-x2'] })).to.deep.equal([V2]);
    expect(await found({ externalReferenceSources: ['SPV source'] })).to.deep.equal([V1, V2].sort());
    expect(await found({ externalReferenceSources: ['SPV source'], externalReferenceIds: ['spv-x2', 'spv-x3'] })).to.deep.equal([V2]);
  });

  it('through the trait: DbIds, names, PUIs, classes, entities and attributes (and their PUIs)', async () => {
    const [t1, t2] = (await api('GET', `/variables?observationVariableDbId=${V1}&observationVariableDbId=${V2}`)).json.result.data.map((v: any) => v.trait.traitDbId);
    expect(await found({ traitDbIds: [t1, t2] })).to.deep.equal([V1, V2].sort());
    expect(await found({ traitNames: ['SPV trait 3'] })).to.deep.equal([V3]);
    expect(await found({ traitPUIs: ['spv:trait:1', 'spv:trait:2'] })).to.deep.equal([V1, V2].sort());
    expect(await found({ traitClasses: ['SPV morphological'] })).to.deep.equal([V1, V3].sort());
    expect(await found({ traitEntities: ['pod'], ...SPV })).to.deep.equal([V2, V3].sort());
    expect(await found({ traitEntityPUIs: ['spv:leaf'] })).to.deep.equal([V1]);
    expect(await found({ traitAttributes: ['color'], ...SPV })).to.deep.equal([V1, V3].sort());
    expect(await found({ traitAttributePUIs: ['spv:length', 'spv:color'] })).to.deep.equal([V1, V2, V3].sort());
    expect(await found({ traitEntities: ['pod'], traitClasses: ['SPV morphological'] })).to.deep.equal([V3]);
  });

  it('through the method and the scale: DbIds, names, PUIs, data types', async () => {
    expect(await found({ methodDbIds: [M1] })).to.deep.equal([V1, V3].sort());
    expect(await found({ methodNames: ['SPV method 2'] })).to.deep.equal([V2]);
    expect(await found({ methodPUIs: ['spv:method:1', 'spv:method:2'] })).to.deep.equal([V1, V2, V3].sort());
    const scales = (await api('GET', `/variables?commonCropName=SPVCrop2`)).json.result.data.map((v: any) => v.scale.scaleDbId);
    expect(await found({ scaleDbIds: scales })).to.deep.equal([V3]);
    expect(await found({ scaleNames: ['SPV scale 1', 'SPV scale 2'] })).to.deep.equal([V1, V2].sort());
    expect(await found({ scalePUIs: ['spv:scale:3'] })).to.deep.equal([V3]);
    expect(await found({ dataTypes: ['Numerical'], ...SPV })).to.deep.equal([V2, V3].sort());
    expect(await found({ dataTypes: ['Numerical', 'Nominal'], ...SPV })).to.deep.equal([V1, V2, V3].sort());
    expect(await found({ dataTypes: ['Numerical'], methodDbIds: [M1] })).to.deep.equal([V3]);
  });

  it('where observed: studies (studyDbId and studyDbIds), study names, trials, programs', async () => {
    expect(await found({ studyDbId: [S1] })).to.deep.equal([V1, V2].sort());
    expect(await found({ studyDbIds: [S2] })).to.deep.equal([V2, V3].sort());
    expect(await found({ studyDbIds: [S1, S2] })).to.deep.equal([V1, V2, V3].sort());
    expect(await found({ studyNames: ['SPV Study One'] })).to.deep.equal([V1, V2].sort());
    expect(await found({ trialDbIds: [T2] })).to.deep.equal([V2, V3].sort());
    expect(await found({ trialNames: ['SPV Trial One', 'SPV Trial Two'] })).to.deep.equal([V1, V2, V3].sort());
    expect(await found({ programDbIds: [P1] })).to.deep.equal([V1, V2].sort());
    expect(await found({ programNames: ['SPV Program Beta'] })).to.deep.equal([V2, V3].sort());
    expect(await found({ programNames: ['SPV Program Alpha'], studyNames: ['SPV Study Two'] })).to.deep.equal([V2]);
    expect(await found({ programDbIds: [P1], traitClasses: ['SPV morphological'] })).to.deep.equal([V1]);
  });

  it('a term that matches nothing is an empty result; a bad member is a 400 naming it; records are whole', async () => {
    expect(await found({ traitNames: ['SPV no such trait'] })).to.deep.equal([]);
    expect(await found({ studyDbIds: ['study-nope'], ...SPV })).to.deep.equal([]);
    const bad = await api('POST', '/search/variables', { dataTypes: ['Percent'] });
    expect(bad.status).to.equal(400);
    expect(bad.text).to.contain('dataTypes');
    const result = await search('variables', { observationVariableDbIds: [V3] });
    const [record] = result.res.json.result.data;
    expect(record.trait).to.include({ traitName: 'SPV trait 3', entity: 'pod' });
    expect(record.method).to.include({ methodDbId: M1, methodName: 'SPV method 1' });
    expect(record.scale).to.include({ scaleName: 'SPV scale 3', dataType: 'Numerical' });
  });
});

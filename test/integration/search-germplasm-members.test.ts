// POST /search/germplasm, /search/attributes, /search/attributevalues and /search/pedigree with the members that reach
// through other records (institute codes, program/study/trial names, the trait, scale and ontology of an attribute).
// Everything is created here with distinctive "SGM" names and removed afterwards; observation units (germplasm ->
// study) are raw Cypher, since the observation-unit API is not under test here.
import { expect } from 'chai';
import { byIds, removeWhere } from '../support/graph.js';
import { createRecords, server } from '../support/server.js';
import { searchIds } from '../support/search.js';

const found = searchIds;
const create = createRecords;

describe('search members of the Germplasm module that reach through other records', () => {
  const created: string[] = [];
  let P1: string, P2: string, T1: string, T2: string, S1: string, S2: string;
  let G1: string, G2: string, G3: string, A1: string, A2: string, A3: string, V1: string, V2: string, V3: string;

  before(async () => {
    [P1, P2] = (await create('programs', [{ programName: 'SGM Program Alpha' }, { programName: 'SGM Program Beta' }])).map((r) => r.programDbId);
    [T1, T2] = (await create('trials', [
      { trialName: 'SGM Trial One', programDbId: P1 },
      { trialName: 'SGM Trial Two', programDbId: P2 },
    ])).map((r) => r.trialDbId);
    [S1, S2] = (await create('studies', [
      { studyName: 'SGM Study One', trialDbId: T1 },
      { studyName: 'SGM Study Two', trialDbId: T2 },
    ])).map((r) => r.studyDbId);
    [G1, G2, G3] = (await create('germplasm', [
      { germplasmName: 'SGM Line 1', instituteCode: 'SGM001', commonCropName: 'SGMCrop' },
      { germplasmName: 'SGM Line 2', instituteCode: 'SGM001', commonCropName: 'SGMCrop' },
      { germplasmName: 'SGM Line 3', instituteCode: 'SGM002', commonCropName: 'SGMCrop' },
    ])).map((r) => r.germplasmDbId);
    // G1 grows in S1, G2 in S1 and S2, G3 in S2.
    await server().graph.write(
      `UNWIND $placed AS placed
       MATCH (g:Germplasm {germplasmDbId: placed[0]}), (s:Study {studyDbId: placed[1]})
       CREATE (g)<-[:OF_GERMPLASM]-(:ObservationUnit {observationUnitDbId: 'sgm-ou-' + placed[0] + '-' + placed[1], sgmTest: true})-[:IN_STUDY]->(s)`,
      { placed: [[G1, S1], [G2, S1], [G2, S2], [G3, S2]] },
    );
    // The ontologies the attributes refer to (an attribute's ontologyReference is a relationship to its ontology).
    await server().graph.write(
      "UNWIND ['sgm-onto-1', 'sgm-onto-2'] AS id CREATE (:Ontology {ontologyDbId: id, ontologyName: id, sgmTest: true})",
    );
    const attribute = (n: number, traitClass: string, entity: string, attr: string, dataType: string, ontology: string) => ({
      attributeName: `SGM attribute ${n}`,
      commonCropName: 'SGMCrop',
      trait: {
        traitDbId: `sgm-trait-${n}`, traitName: `SGM trait ${n}`, traitClass,
        entity, entityPUI: `sgm:${entity}`, attribute: attr, attributePUI: `sgm:${attr}`,
      },
      method: { methodDbId: `sgm-method-${n}`, methodName: `SGM method ${n}` },
      scale: { scaleDbId: `sgm-scale-${n}`, scaleName: `SGM scale ${n}`, dataType },
      ontologyReference: { ontologyDbId: ontology, ontologyName: ontology },
    });
    [A1, A2, A3] = (await create('attributes', [
      attribute(1, 'SGM morphological', 'leaf', 'color', 'Nominal', 'sgm-onto-1'),
      attribute(2, 'SGM agronomic', 'pod', 'length', 'Numerical', 'sgm-onto-2'),
      attribute(3, 'SGM morphological', 'pod', 'color', 'Numerical', 'sgm-onto-1'),
    ])).map((r) => r.attributeDbId);
    [V1, V2, V3] = (await create('attributevalues', [
      { attributeDbId: A1, germplasmDbId: G1, value: 'purple' },
      { attributeDbId: A2, germplasmDbId: G2, value: '42' },
      { attributeDbId: A3, germplasmDbId: G3, value: '7' },
    ])).map((r) => r.attributeValueDbId);
    created.push(P1, P2, T1, T2, S1, S2, G1, G2, G3, A1, A2, A3, V1, V2, V3);
  });

  after(async () => {
    await removeWhere(byIds(['programDbId', 'trialDbId', 'studyDbId', 'germplasmDbId', 'attributeDbId', 'attributeValueDbId'], created), { unless: 'ObservationUnit' });
    await removeWhere({ sgmTest: [true] });
  });

  it('germplasm: instituteCodes, programNames, studyNames, trialNames (OR within, AND across)', async () => {
    const hits = async (body: object) => found('germplasm', 'germplasmDbId', body);
    expect(await hits({ instituteCodes: ['SGM001'] })).to.deep.equal([G1, G2].sort());
    expect(await hits({ instituteCodes: ['SGM001', 'SGM002'] })).to.deep.equal([G1, G2, G3].sort());
    expect(await hits({ instituteCodes: ['SGM001'], germplasmNames: ['SGM Line 2', 'SGM Line 3'] })).to.deep.equal([G2]);
    expect(await hits({ studyNames: ['SGM Study One'] })).to.deep.equal([G1, G2].sort());
    expect(await hits({ trialNames: ['SGM Trial Two'] })).to.deep.equal([G2, G3].sort());
    expect(await hits({ programNames: ['SGM Program Alpha', 'SGM Program Beta'] })).to.deep.equal([G1, G2, G3].sort());
    expect(await hits({ programNames: ['SGM Program Alpha'], studyNames: ['SGM Study Two'] })).to.deep.equal([G2]);
    expect(await hits({ trialNames: ['SGM Trial One'], instituteCodes: ['SGM002'] })).to.deep.equal([]);
  });

  it('attributes: through the germplasm with values (names, studies, trials, programs)', async () => {
    const hits = async (body: object) => found('attributes', 'attributeDbId', body);
    expect(await hits({ germplasmNames: ['SGM Line 1', 'SGM Line 3'] })).to.deep.equal([A1, A3].sort());
    expect(await hits({ studyDbId: [S1] })).to.deep.equal([A1, A2].sort());
    expect(await hits({ studyDbIds: [S2] })).to.deep.equal([A2, A3].sort());
    expect(await hits({ studyNames: ['SGM Study One'] })).to.deep.equal([A1, A2].sort());
    expect(await hits({ trialDbIds: [T1] })).to.deep.equal([A1, A2].sort());
    expect(await hits({ trialNames: ['SGM Trial One', 'SGM Trial Two'] })).to.deep.equal([A1, A2, A3].sort());
    expect(await hits({ programNames: ['SGM Program Beta'] })).to.deep.equal([A2, A3].sort());
    expect(await hits({ programNames: ['SGM Program Alpha'], trialNames: ['SGM Trial Two'] })).to.deep.equal([A2]);
  });

  it('attributes: by scale data type, trait class/entity/attribute (and PUIs), ontology', async () => {
    const hits = async (body: object) => found('attributes', 'attributeDbId', body);
    expect(await hits({ dataTypes: ['Numerical'], commonCropNames: ['SGMCrop'] })).to.deep.equal([A2, A3].sort());
    expect(await hits({ dataTypes: ['Numerical', 'Nominal'], commonCropNames: ['SGMCrop'] })).to.deep.equal([A1, A2, A3].sort());
    expect(await hits({ traitClasses: ['SGM morphological'] })).to.deep.equal([A1, A3].sort());
    expect(await hits({ traitEntities: ['pod'], commonCropNames: ['SGMCrop'] })).to.deep.equal([A2, A3].sort());
    expect(await hits({ traitEntities: ['pod'], traitClasses: ['SGM morphological'] })).to.deep.equal([A3]);
    expect(await hits({ traitEntityPUIs: ['sgm:leaf'] })).to.deep.equal([A1]);
    expect(await hits({ traitAttributes: ['color'], commonCropNames: ['SGMCrop'] })).to.deep.equal([A1, A3].sort());
    expect(await hits({ traitAttributePUIs: ['sgm:length', 'sgm:color'] })).to.deep.equal([A1, A2, A3].sort());
    expect(await hits({ ontologyDbIds: ['sgm-onto-1'] })).to.deep.equal([A1, A3].sort());
    expect(await hits({ ontologyDbIds: ['sgm-onto-1'], dataTypes: ['Numerical'] })).to.deep.equal([A3]);
  });

  it('attributevalues: by germplasm name, program name, and the attribute\'s trait, method, scale and ontology', async () => {
    const hits = async (body: object) => found('attributevalues', 'attributeValueDbId', body);
    expect(await hits({ germplasmNames: ['SGM Line 1', 'SGM Line 2'] })).to.deep.equal([V1, V2].sort());
    expect(await hits({ programNames: ['SGM Program Beta'] })).to.deep.equal([V2, V3].sort());
    expect(await hits({ dataTypes: ['Numerical'], germplasmNames: ['SGM Line 1', 'SGM Line 2', 'SGM Line 3'] })).to.deep.equal([V2, V3].sort());
    expect(await hits({ methodDbIds: ['sgm-method-1', 'sgm-method-3'] })).to.deep.equal([V1, V3].sort());
    expect(await hits({ scaleDbIds: ['sgm-scale-2'] })).to.deep.equal([V2]);
    expect(await hits({ traitDbIds: ['sgm-trait-1', 'sgm-trait-2'], programNames: ['SGM Program Beta'] })).to.deep.equal([V2]);
    expect(await hits({ ontologyDbIds: ['sgm-onto-1'] })).to.deep.equal([V1, V3].sort());
    expect(await hits({ traitClasses: ['SGM agronomic'] })).to.deep.equal([V2]);
  });

  it('pedigree: the slice of the germplasm a new member selects', async () => {
    const shape = { includeParents: false, includeProgeny: false };
    const hits = async (body: object) => found('pedigree', 'germplasmDbId', { ...shape, ...body });
    expect(await hits({ instituteCodes: ['SGM002'] })).to.deep.equal([G3]);
    expect(await hits({ programNames: ['SGM Program Alpha'], studyNames: ['SGM Study One', 'SGM Study Two'] })).to.deep.equal([G1, G2].sort());
    expect(await hits({ trialNames: ['SGM Trial Two'], instituteCodes: ['SGM002'] })).to.deep.equal([G3]);
  });
});

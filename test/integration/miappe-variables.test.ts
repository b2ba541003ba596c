// MIAPPE v1.1 observed variables (DM-82 to DM-93, service-spec.md's mapping table): each mapped element is posted in
// an observation variable (its trait, method and scale created with it), read back with GET /variables/{id}, and
// compared at the mapped path. Row with no direct mapping, so no test: DM-94 (time scale).
import { expect } from 'chai';
import { byIds, removeWhere } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { storeAndReadBack } from '../support/miappe.js';
import { expectAllFields } from '../support/schema.js';

const CO_336 = {
  ontologyDbId: 'ontology-co-336',
  ontologyName: 'CO_336 Soybean ontology',
  version: '2023-05',
  documentationLinks: [{ URL: 'https://cropontology.org/ontology/CO_336', type: 'WEBPAGE' }],
};

const created: string[] = [];

/** POSTs one variable (with a new trait, method and scale unless given) and returns it as GET /variables/{id} answers. */
async function roundTrip(fields: Record<string, unknown>) {
  const { record, created: [made] } = await storeAndReadBack('variables', 'observationVariableDbId', [{
    observationVariableName: 'MIAPPE variable',
    commonCropName: 'Soybean',
    trait: { traitName: 'MIAPPE trait' },
    method: { methodName: 'MIAPPE method' },
    scale: { scaleName: 'MIAPPE scale', dataType: 'Numerical' },
    ...fields,
  }]);
  created.push(made.observationVariableDbId, made.trait.traitDbId, made.method.methodDbId, made.scale.scaleDbId);
  return record;
}

describe('MIAPPE observed variables (variables)', () => {
  after(async () => {
    await removeWhere(byIds(['observationVariableDbId', 'traitDbId', 'methodDbId', 'scaleDbId'], created));
  });

  it('DM-82 Observed variable: ObservationVariable', async () => {
    const record = await roundTrip({ observationVariableName: 'DM-82 variable' });
    expectAllFields('Phenotyping', 'ObservationVariable', record);
    for (const [field, schema] of [['trait', 'Trait'], ['method', 'Method'], ['scale', 'Scale']]) expectAllFields('Phenotyping', schema, record[field]);
    expect(record.observationVariableName).to.equal('DM-82 variable');
  });

  it('DM-83 Variable ID: observationVariable.observationVariableDbId', async () => {
    const record = await roundTrip({ observationVariablePUI: 'urn:miappe:DM-83' });
    expect(record.observationVariableDbId).to.be.a('string').and.not.empty;
    const found = await api('GET', `/variables?observationVariableDbId=${encodeURIComponent(record.observationVariableDbId)}`);
    expect(found.json.result.data.map((v: any) => v.observationVariablePUI)).to.deep.equal(['urn:miappe:DM-83']);
  });

  it('DM-84 Variable name: observationVariable.observationVariableName', async () => {
    const record = await roundTrip({ observationVariableName: 'PlantHeight_Ruler_cm DM-84' });
    expect(record.observationVariableName).to.equal('PlantHeight_Ruler_cm DM-84');
    const found = await api('GET', '/variables?observationVariableName=PlantHeight_Ruler_cm%20DM-84');
    expect(found.json.result.data.map((v: any) => v.observationVariableDbId)).to.deep.equal([record.observationVariableDbId]);
  });

  it('DM-85 Variable accession number: observationVariable.ontologyReference', async () => {
    const record = await roundTrip({ ontologyReference: CO_336 });
    expect(record.ontologyReference).to.deep.equal(CO_336);
    const linked = await server().graph.read<{ id: string }>(
      'MATCH (:ObservationVariable {observationVariableDbId: $id})-[:IN_ONTOLOGY]->(o:Ontology) RETURN o.ontologyDbId AS id',
      { id: record.observationVariableDbId },
    );
    expect(linked.map((l) => l.id)).to.deep.equal(['ontology-co-336']);
  });

  it('DM-86 Trait: observationVariable.trait.traitName', async () => {
    expect((await roundTrip({ trait: { traitName: 'Plant height DM-86' } })).trait.traitName).to.equal('Plant height DM-86');
  });

  it('DM-87 Trait accession number: observationVariable.trait.ontologyReference', async () => {
    const record = await roundTrip({ trait: { traitName: 'DM-87 trait', ontologyReference: CO_336 } });
    expect(record.trait.ontologyReference).to.deep.equal(CO_336);
    expect((await api('GET', `/traits/${record.trait.traitDbId}`)).json.result.ontologyReference).to.deep.equal(CO_336);
  });

  it('DM-88 Method: observationVariable.method.methodName (the mapping\'s method.name)', async () => {
    expect((await roundTrip({ method: { methodName: 'Ruler measurement DM-88' } })).method.methodName).to.equal('Ruler measurement DM-88');
  });

  it('DM-89 Method accession number: observationVariable.method.ontologyReference', async () => {
    const record = await roundTrip({ method: { methodName: 'DM-89 method', ontologyReference: CO_336 } });
    expect(record.method.ontologyReference).to.deep.equal(CO_336);
  });

  it('DM-90 Method description: observationVariable.method.description', async () => {
    const text = 'Measured from the soil surface to the tip of the main stem at R8, on five plants per plot.';
    expect((await roundTrip({ method: { methodName: 'DM-90 method', description: text } })).method.description).to.equal(text);
  });

  it('DM-91 Method reference: observationVariable.method.bibliographicalReference', async () => {
    const reference = 'Fehr, W.R., Caviness, C.E., Burmood, D.T., Pennington, J.S. (1971) Stage of development descriptions for soybeans, Glycine max (L.) Merrill. Crop Science 11: 929-931.';
    expect((await roundTrip({ method: { methodName: 'DM-91 method', bibliographicalReference: reference } })).method.bibliographicalReference).to.equal(reference);
  });

  it('DM-92 Scale: observationVariable.scale.scaleName', async () => {
    expect((await roundTrip({ scale: { scaleName: 'Centimetres DM-92', units: 'cm' } })).scale).to.include({ scaleName: 'Centimetres DM-92', units: 'cm' });
  });

  it('DM-93 Scale accession number: observationVariable.scale.ontologyReference', async () => {
    const record = await roundTrip({ scale: { scaleName: 'DM-93 scale', ontologyReference: CO_336 } });
    expect(record.scale.ontologyReference).to.deep.equal(CO_336);
  });
});

import type { EntityDef, RefSpec } from '../../../entities/types.js';

export const ontologyEntity: EntityDef = {
  path: 'ontologies',
  label: 'Ontology',
  idField: 'ontologyDbId',
  module: 'Phenotyping',
  schema: 'Ontology',
  jsonFields: ['additionalInfo'],
  refs: [],
  filters: {
    ontologyDbId: { kind: 'eq', prop: 'ontologyDbId' },
    ontologyName: { kind: 'eq', prop: 'ontologyName' },
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['ontologyName'],
};

/**
 * The ontology a variable, trait, method or scale belongs to: ontologyReference is stored as sent (documentation links
 * as the client gave them; name and version shown from the ontology) and its ontologyDbId is a relationship,
 * -[:IN_ONTOLOGY]->(:Ontology).
 */
export const inOntology: RefSpec = {
  field: 'ontologyReference',
  rel: 'IN_ONTOLOGY',
  target: { label: ontologyEntity.label, idProp: ontologyEntity.idField },
  key: 'ontologyDbId',
  shows: { ontologyName: 't.ontologyName', version: 't.version' },
};

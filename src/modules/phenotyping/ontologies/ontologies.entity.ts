import type { EntityDef } from '../../../entities/types.js';

// Placeholder (issue 5): declared so the registry and the graph model know the label; no calls yet.
export const ontologyEntity: EntityDef = {
  path: 'ontologies',
  label: 'Ontology',
  idField: 'ontologyDbId',
  module: 'Phenotyping',
  schema: 'Ontology',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};

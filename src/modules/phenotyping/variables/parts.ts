// Traits, methods and scales: the parts of an observation variable, each an entity of its own that several variables
// share, (:ObservationVariable)-[:MEASURES|USES_METHOD|ON_SCALE]->(part). The three are declared alike.
import { relatedFilters } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { inOntology } from '../ontologies/ontologies.entity.js';

/** From a variable to the studies, trials and programs it was observed in: through its observations' units. */
export const TO_STUDY = '<-[:OF_VARIABLE]-(:Observation)-[:OF_UNIT]->(:ObservationUnit)-[:IN_STUDY]->';
export const TO_TRIAL = `${TO_STUDY}(:Study)-[:IN_TRIAL]->`;
export const TO_PROGRAM = `${TO_TRIAL}(:Trial)-[:IN_PROGRAM]->`;

type PartDef = Pick<EntityDef, 'path' | 'label' | 'idField' | 'schema' | 'normalize'> & {
  /** Relationship from a variable to this part. */
  rel: string;
  /** JSON fields besides additionalInfo, externalReferences and ontologyReference. */
  jsonFields?: string[];
};

export function variablePart({ rel, jsonFields = [], ...def }: PartDef): EntityDef {
  const variables = `<-[:${rel}]-`;
  return {
    ...def,
    module: 'Phenotyping',
    jsonFields: ['additionalInfo', 'externalReferences', 'ontologyReference', ...jsonFields],
    refs: [inOntology],
    filters: {
      [def.idField]: { kind: 'eq', prop: def.idField },
      ...relatedFilters(variables, 'ObservationVariable', ['observationVariableDbId']),
      ...relatedFilters('-[:IN_ONTOLOGY]->', 'Ontology', ['ontologyDbId']),
      // A part has no crop or program of its own: those of the variables that use it (the variable's crop; the
      // programs whose trials observed the variable).
      ...relatedFilters(variables, 'ObservationVariable', ['commonCropName']),
      ...relatedFilters(`${variables}(:ObservationVariable)${TO_PROGRAM}`, 'Program', ['programDbId']),
      ...externalReferenceFilters,
    },
    operations: ['list', 'get', 'create', 'update'],
    indexes: [],
    derive: deriveExternalReferences,
  };
}

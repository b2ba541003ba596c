// Every entity the service serves, in one list. Labels, relationship types and property names used in Cypher come
// only from these declarations.
import { loadSpec } from '../openapi/spec.js';
import { listEntity } from '../modules/core/lists/lists.entity.js';
import { locationEntity } from '../modules/core/locations/locations.entity.js';
import { personEntity } from '../modules/core/people/people.entity.js';
import { programEntity } from '../modules/core/programs/programs.entity.js';
import { seasonEntity } from '../modules/core/seasons/seasons.entity.js';
import { studyEntity } from '../modules/core/studies/studies.entity.js';
import { trialEntity } from '../modules/core/trials/trials.entity.js';
import { attributeEntity } from '../modules/germplasm/attributes/attributes.entity.js';
import { attributeValueEntity } from '../modules/germplasm/attributevalues/attributevalues.entity.js';
import { breedingMethodEntity } from '../modules/germplasm/breedingmethods/breedingmethods.entity.js';
import { crossEntity } from '../modules/germplasm/crosses/crosses.entity.js';
import { crossingProjectEntity } from '../modules/germplasm/crossingprojects/crossingprojects.entity.js';
import { germplasmEntity } from '../modules/germplasm/germplasm/germplasm.entity.js';
import { plannedCrossEntity } from '../modules/germplasm/plannedcrosses/plannedcrosses.entity.js';
import { seedLotEntity } from '../modules/germplasm/seedlots/seedlots.entity.js';
import { seedLotTransactionEntity } from '../modules/germplasm/seedlots/transactions.entity.js';
import { sampleEntity } from '../modules/genotyping/samples/samples.entity.js';
import { eventEntity } from '../modules/phenotyping/events/events.entity.js';
import { imageEntity } from '../modules/phenotyping/images/images.entity.js';
import { methodEntity } from '../modules/phenotyping/methods/methods.entity.js';
import { observationEntity } from '../modules/phenotyping/observations/observations.entity.js';
import { observationUnitEntity } from '../modules/phenotyping/observationunits/observationunits.entity.js';
import { ontologyEntity } from '../modules/phenotyping/ontologies/ontologies.entity.js';
import { scaleEntity } from '../modules/phenotyping/scales/scales.entity.js';
import { traitEntity } from '../modules/phenotyping/traits/traits.entity.js';
import { observationVariableEntity } from '../modules/phenotyping/variables/variables.entity.js';
import type { EntityDef } from './types.js';

/** In dependency order: an entity comes after the entities it references (the demo loader relies on it). */
export const entities: EntityDef[] = [
  personEntity,
  programEntity,
  locationEntity,
  seasonEntity,
  trialEntity,
  studyEntity,
  listEntity,
  breedingMethodEntity,
  germplasmEntity,
  attributeEntity,
  attributeValueEntity,
  crossingProjectEntity,
  plannedCrossEntity,
  crossEntity,
  seedLotEntity,
  seedLotTransactionEntity,
  ontologyEntity,
  traitEntity,
  methodEntity,
  scaleEntity,
  observationVariableEntity,
  observationUnitEntity,
  observationEntity,
  eventEntity,
  imageEntity,
  sampleEntity,
];

const fieldCache = new Map<string, string[]>();

/** The BrAPI fields of an entity's records: the official response schema's properties, in the schema's order. */
export function schemaFields(entity: EntityDef, schema = entity.schema): string[] {
  const key = `${entity.module}/${schema}`;
  let fields = fieldCache.get(key);
  if (!fields) {
    fields = loadSpec().schemaProperties(entity.module, schema);
    if (!fields.includes(entity.idField)) throw new Error(`${schema} has no ${entity.idField} in the spec`);
    fieldCache.set(key, fields);
  }
  return fields;
}

// Every entity declaration, in one list: the registry serves them, and modules that need the whole list (the merge
// moves every relationship of a germplasm) import it from here rather than from the registry, which imports them.
import { listEntity } from './core/lists/lists.entity.js';
import { locationEntity } from './core/locations/locations.entity.js';
import { personEntity } from './core/people/people.entity.js';
import { programEntity } from './core/programs/programs.entity.js';
import { seasonEntity } from './core/seasons/seasons.entity.js';
import { studyEntity } from './core/studies/studies.entity.js';
import { trialEntity } from './core/trials/trials.entity.js';
import { attributeEntity } from './germplasm/attributes/attributes.entity.js';
import { attributeValueEntity } from './germplasm/attributevalues/attributevalues.entity.js';
import { breedingMethodEntity } from './germplasm/breedingmethods/breedingmethods.entity.js';
import { crossEntity } from './germplasm/crosses/crosses.entity.js';
import { crossingProjectEntity } from './germplasm/crossingprojects/crossingprojects.entity.js';
import { germplasmEntity } from './germplasm/germplasm/germplasm.entity.js';
import { plannedCrossEntity } from './germplasm/plannedcrosses/plannedcrosses.entity.js';
import { seedLotEntity } from './germplasm/seedlots/seedlots.entity.js';
import { seedLotTransactionEntity } from './germplasm/seedlots/transactions.entity.js';
import { plateEntity } from './genotyping/plates/plates.entity.js';
import { sampleEntity } from './genotyping/samples/samples.entity.js';
import { callSetEntity } from './genotyping/callsets/callsets.entity.js';
import { referenceEntity } from './genotyping/references/references.entity.js';
import { referenceSetEntity } from './genotyping/referencesets/referencesets.entity.js';
import { variantEntity } from './genotyping/variants/variants.entity.js';
import { markerPositionEntity } from './genotyping/maps/markerpositions.entity.js';
import { variantSetEntity } from './genotyping/variantsets/variantsets.entity.js';
import { eventEntity } from './phenotyping/events/events.entity.js';
import { imageEntity } from './phenotyping/images/images.entity.js';
import { methodEntity } from './phenotyping/methods/methods.entity.js';
import { observationEntity } from './phenotyping/observations/observations.entity.js';
import { observationUnitEntity } from './phenotyping/observationunits/observationunits.entity.js';
import { ontologyEntity } from './phenotyping/ontologies/ontologies.entity.js';
import { scaleEntity } from './phenotyping/scales/scales.entity.js';
import { traitEntity } from './phenotyping/traits/traits.entity.js';
import { observationVariableEntity } from './phenotyping/variables/variables.entity.js';
import type { EntityDef } from '../entities/types.js';

/**
 * In dependency order: an entity comes after the entities it references (the demo loader relies on it). One cycle:
 * a cross parent may name the observation unit it came from, and a unit its cross; the demo crosses name none.
 */
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
  // Before attributes: an attribute's ontologyReference, like a variable's, refers to an ontology.
  ontologyEntity,
  attributeEntity,
  attributeValueEntity,
  crossingProjectEntity,
  plannedCrossEntity,
  crossEntity,
  seedLotEntity,
  seedLotTransactionEntity,
  traitEntity,
  methodEntity,
  scaleEntity,
  observationVariableEntity,
  observationUnitEntity,
  observationEntity,
  eventEntity,
  imageEntity,
  plateEntity,
  sampleEntity,
  referenceSetEntity,
  referenceEntity,
  variantSetEntity,
  variantEntity,
  // The variants again, as the markers of the maps (their reference sets): read only, nothing stored of their own.
  markerPositionEntity,
  callSetEntity,
];

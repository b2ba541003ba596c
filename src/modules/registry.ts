// What the modules serve: every entity declaration, every search and every route, in three lists that
// src/app.ts registers. Labels, relationship types and property names used in Cypher come only from the
// declarations. The order of the routes does not matter (src/http/routes.ts sorts them).
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
import { entityRoutes } from '../entities/routes.js';
import type { EntityDef } from '../entities/types.js';
import type { RouteDef } from '../http/routes.js';
import { searchRoutes } from '../search/routes.js';
import { entitySearchables, type Searchable } from '../search/searchables.js';
import { routes as commonCropNameRoutes } from './core/commoncropnames/routes.js';
import { routes as listDataRoutes } from './core/lists/routes.js';
import { routes as serverInfoRoutes } from './core/serverinfo/routes.js';
import { routes as studyTypeRoutes } from './core/studies/studytypes.routes.js';
import { routes as kinshipRoutes } from './extensions/kinship/routes.js';
import { breedingValueOperations } from './extensions/breeding-values/openapi.js';
import { routes as breedingValueRoutes } from './extensions/breeding-values/routes.js';
import { germplasmComparisonOperations } from './extensions/germplasm-comparison/openapi.js';
import { routes as germplasmComparisonRoutes } from './extensions/germplasm-comparison/routes.js';
import { germplasmMergeOperations } from './extensions/germplasm-merge/openapi.js';
import { routes as germplasmMergeRoutes } from './extensions/germplasm-merge/routes.js';
import { pedigreeCheckOperations } from './extensions/pedigree-check/openapi.js';
import { kinshipOperations } from './extensions/kinship/openapi.js';
import { routes as pedigreeCheckRoutes } from './extensions/pedigree-check/routes.js';
import { germplasmSuggestionOperations } from './extensions/germplasm-suggestions/openapi.js';
import { routes as germplasmSuggestionRoutes } from './extensions/germplasm-suggestions/routes.js';
import { pedigreeHistoryOperations } from './extensions/pedigree-history/openapi.js';
import { imageContentOperations } from './phenotyping/images/openapi.js';
import { routes as pedigreeHistoryRoutes } from './extensions/pedigree-history/routes.js';
import { duplicateCrossOperations } from './extensions/duplicate-crosses/openapi.js';
import { routes as duplicateCrossRoutes } from './extensions/duplicate-crosses/routes.js';
import { pedigreeQualityOperations } from './extensions/pedigree-quality/openapi.js';
import { routes as pedigreeQualityRoutes } from './extensions/pedigree-quality/routes.js';
import { relationshipOperations } from './extensions/relationship/openapi.js';
import { routes as relationshipRoutes } from './extensions/relationship/routes.js';
import type { ExtensionOperation } from '../openapi/document.js';
import { routes as attributeCategoryRoutes } from './germplasm/attributes/categories.routes.js';
import { routes as mcpdRoutes } from './germplasm/germplasm/mcpd.routes.js';
import { routes as pedigreeRoutes } from './germplasm/pedigree/routes.js';
import { pedigreeSearchable } from './germplasm/pedigree/search.js';
import { routes as seedLotTransactionRoutes } from './germplasm/seedlots/routes.js';
import { routes as alleleMatrixRoutes } from './genotyping/allelematrix/routes.js';
import { routes as callRoutes } from './genotyping/calls/routes.js';
import { routes as mapRoutes } from './genotyping/maps/routes.js';
import { routes as referenceBasesRoutes } from './genotyping/references/routes.js';
import { routes as variantSetRoutes } from './genotyping/variantsets/routes.js';
import { routes as vendorRoutes } from './genotyping/vendor/routes.js';
import { routes as imageRoutes } from './phenotyping/images/routes.js';
import { routes as observationRoutes } from './phenotyping/observations/routes.js';
import { routes as observationUnitRoutes } from './phenotyping/observationunits/routes.js';

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

/** Every search: the entities' (where the spec has a search call) and the pedigree's. */
export const searchables: Searchable[] = [...entitySearchables(entities), pedigreeSearchable];

/** Every BrAPI route: the generic calls of each entity, each search, and the modules' own calls. */
export const routes: RouteDef[] = [
  ...entities.flatMap(entityRoutes),
  ...searchRoutes(searchables),
  ...serverInfoRoutes,
  ...commonCropNameRoutes,
  ...studyTypeRoutes,
  ...listDataRoutes,
  ...attributeCategoryRoutes,
  ...mcpdRoutes,
  ...pedigreeRoutes,
  ...seedLotTransactionRoutes,
  ...imageRoutes,
  ...observationRoutes,
  ...observationUnitRoutes,
  ...kinshipRoutes,
  ...breedingValueRoutes,
  ...germplasmComparisonRoutes,
  ...germplasmMergeRoutes,
  ...pedigreeCheckRoutes,
  ...pedigreeHistoryRoutes,
  ...callRoutes,
  ...alleleMatrixRoutes,
  ...variantSetRoutes,
  ...mapRoutes,
  ...vendorRoutes,
  ...referenceBasesRoutes,
  ...relationshipRoutes,
  ...pedigreeQualityRoutes,
  ...duplicateCrossRoutes,
  ...germplasmSuggestionRoutes,
];

/** Extension calls declared in the OpenAPI document (/docs) beside the official ones. */
export const extensionOperations: ExtensionOperation[] = [
  ...pedigreeHistoryOperations,
  ...germplasmComparisonOperations,
  ...germplasmMergeOperations,
  ...germplasmSuggestionOperations,
  ...relationshipOperations,
  ...pedigreeQualityOperations,
  ...duplicateCrossOperations,
  ...pedigreeCheckOperations,
  ...kinshipOperations,
  ...breedingValueOperations,
  ...imageContentOperations,
];

// What the modules serve: every search and every route, in lists that src/app.ts registers, and the entity
// declarations (src/modules/entities.ts) re-exported. Labels, relationship types and property names used in Cypher
// come only from the declarations. The order of the routes does not matter (src/http/routes.ts sorts them).
import { entityRoutes } from '../entities/routes.js';
import { entities } from './entities.js';
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
import { routes as vendorRoutes } from './genotyping/lab/routes.js';
import { routes as imageRoutes } from './phenotyping/images/routes.js';
import { routes as observationRoutes } from './phenotyping/observations/routes.js';
import { routes as observationUnitRoutes } from './phenotyping/observationunits/routes.js';


export { entities };

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

// A unit's level and level relationships as filters (levels.ts indexes them as levelProps): declared here, apart from
// the unit entity, because observations apply the same filters through their unit (observations.entity.ts) while the
// unit entity reads observations for its includeObservations view.
import type { FilterSpec } from '../../../entities/types.js';

export const UNIT_LABEL = 'ObservationUnit';

const integer = (prop: string): FilterSpec => ({ kind: 'contains', prop, type: 'integer' });

export const levelFilters: Record<string, FilterSpec> = {
  // The unit's own level and its relationships, as levelProps (levels.ts) indexes them.
  observationUnitLevelName: { kind: 'eq', prop: 'levelName' },
  observationUnitLevelOrder: { kind: 'eq', prop: 'levelOrder', type: 'integer' },
  observationUnitLevelCode: { kind: 'eq', prop: 'levelCode' },
  observationUnitLevelRelationshipName: { kind: 'contains', prop: 'relationshipLevelNames' },
  observationUnitLevelRelationshipOrder: integer('relationshipLevelOrders'),
  observationUnitLevelRelationshipCode: { kind: 'contains', prop: 'relationshipLevelCodes' },
  // The units it is PART_OF (a graph edge per relationship naming a unit).
  observationUnitLevelRelationshipDbId: { kind: 'related', path: '-[:PART_OF]->', label: 'ObservationUnit', prop: 'observationUnitDbId' },
  // Search members (observationLevels, observationLevelRelationships): objects matched member by member, one
  // relationship at a time. A plain value is a level name (the table's deprecated observationLevel parameter).
  observationLevel: {
    kind: 'object',
    members: { levelName: { prop: 'levelName' }, levelCode: { prop: 'levelCode' }, levelOrder: { prop: 'levelOrder', type: 'integer' } },
  },
  observationLevelRelationship: {
    kind: 'object',
    list: true,
    members: {
      levelName: { prop: 'relationshipLevelNames' },
      levelCode: { prop: 'relationshipLevelCodes' },
      levelOrder: { prop: 'relationshipLevelOrders', type: 'integer' },
      observationUnitDbId: { prop: 'relationshipUnitDbIds' },
    },
  },
};

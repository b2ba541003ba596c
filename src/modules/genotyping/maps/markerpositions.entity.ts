// Marker positions (BrAPI-Genotyping /markerpositions): a variant as a marker of the physical map of its reference
// set (maps.ts). Nothing is stored for them: each variant is one marker position, read from the variant, its
// reference (the linkage group) and that reference's set (the map). `position` is the VCF POS, 1-based as maps give
// positions: the variant's 0-based `start` + 1.
import { relatedFilters } from '../../../entities/declare.js';
import type { EntityDef } from '../../../entities/types.js';

const MAP = '-[:ON_REFERENCE]->(:Reference)-[:IN_REFERENCE_SET]->';

export const markerPositionEntity: EntityDef = {
  path: 'markerpositions',
  label: 'Variant',
  idField: 'variantDbId',
  module: 'Genotyping',
  schema: 'MarkerPosition',
  jsonFields: [],
  refs: [],
  computed: {
    // The variant's QUAL and INFO stay on the variant.
    additionalInfo: 'null',
    mapDbId: `head([(n)${MAP}(s:ReferenceSet) | s.referenceSetDbId])`,
    mapName: `head([(n)${MAP}(s:ReferenceSet) | s.referenceSetName])`,
    linkageGroupName: 'head([(n)-[:ON_REFERENCE]->(r:Reference) | r.referenceName])',
    position: 'n.start + 1',
    // A VCF row without an ID (`.`) has no name: its DbId stands for it.
    variantName: 'coalesce(head(n.variantNames), n.variantDbId)',
  },
  filters: {
    ...relatedFilters(MAP, 'ReferenceSet', { mapDbId: 'referenceSetDbId' }),
    ...relatedFilters('-[:ON_REFERENCE]->', 'Reference', { linkageGroupName: 'referenceName' }),
    variantDbId: { kind: 'eq', prop: 'variantDbId' },
    minPosition: { kind: 'min', prop: 'start', type: 'integer', shift: 1 },
    maxPosition: { kind: 'max', prop: 'start', type: 'integer', shift: 1 },
  },
  operations: ['list'],
  // The variants' own declaration makes the DbId constraint and the index on start.
  indexes: [],
};

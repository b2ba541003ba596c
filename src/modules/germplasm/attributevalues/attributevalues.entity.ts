import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { ATTRIBUTE_DERIVED } from '../attributes/attributes.entity.js';
import { programThroughGermplasm } from '../germplasm/germplasm.entity.js';
import { namedRef, relatedFilters } from '../../../entities/declare.js';

const OF_GERMPLASM = '-[:OF_GERMPLASM]->';
const OF_ATTRIBUTE = '-[:OF_ATTRIBUTE]->';

export const attributeValueEntity: EntityDef = {
  path: 'attributevalues',
  label: 'GermplasmAttributeValue',
  idField: 'attributeValueDbId',
  module: 'Germplasm',
  schema: 'GermplasmAttributeValue',
  jsonFields: ['additionalInfo', 'externalReferences'],
  refs: [
    namedRef('attributeDbId', 'OF_ATTRIBUTE', { label: 'GermplasmAttribute', idProp: 'attributeDbId' }, 'attributeName'),
    namedRef('germplasmDbId', 'OF_GERMPLASM', { label: 'Germplasm', idProp: 'germplasmDbId' }, 'germplasmName'),
  ],
  filters: {
    attributeValueDbId: { kind: 'eq', prop: 'attributeValueDbId' },
    // The attribute, and its derived properties (traitDbId, dataType, ontologyDbId, ...).
    ...relatedFilters(OF_ATTRIBUTE, 'GermplasmAttribute', ['attributeDbId', 'attributeName', ...ATTRIBUTE_DERIVED]),
    // A value has no crop of its own: it is the crop of the germplasm it describes.
    ...relatedFilters(OF_GERMPLASM, 'Germplasm', ['germplasmDbId', 'germplasmName', 'commonCropName']),
    // The programs that use the germplasm (programThroughGermplasm).
    programDbId: programThroughGermplasm(OF_GERMPLASM),
    programName: programThroughGermplasm(OF_GERMPLASM, 'programName'),
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: [],
  derive: deriveExternalReferences,
};

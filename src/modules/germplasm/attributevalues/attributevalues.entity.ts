import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef, FilterSpec } from '../../../entities/types.js';
import { ATTRIBUTE_DERIVED } from '../attributes/attributes.entity.js';
import { programThroughGermplasm } from '../germplasm/germplasm.entity.js';

const OF_GERMPLASM = '-[:OF_GERMPLASM]->';
const OF_ATTRIBUTE = '-[:OF_ATTRIBUTE]->';

/** The attribute's derived properties (traitDbId, dataType, ontologyDbId, ...), matched through OF_ATTRIBUTE. */
const attributeFilters: Record<string, FilterSpec> = Object.fromEntries(
  ATTRIBUTE_DERIVED.map((prop) => [prop, { kind: 'related', path: OF_ATTRIBUTE, label: 'GermplasmAttribute', prop }]),
);

export const attributeValueEntity: EntityDef = {
  path: 'attributevalues',
  label: 'GermplasmAttributeValue',
  idField: 'attributeValueDbId',
  module: 'Germplasm',
  schema: 'GermplasmAttributeValue',
  jsonFields: ['additionalInfo', 'externalReferences'],
  refs: [
    {
      field: 'attributeDbId',
      rel: 'OF_ATTRIBUTE',
      target: { label: 'GermplasmAttribute', idProp: 'attributeDbId' },
      nameField: 'attributeName',
      nameExpr: 't.attributeName',
    },
    {
      field: 'germplasmDbId',
      rel: 'OF_GERMPLASM',
      target: { label: 'Germplasm', idProp: 'germplasmDbId' },
      nameField: 'germplasmName',
      nameExpr: 't.germplasmName',
    },
  ],
  filters: {
    attributeValueDbId: { kind: 'eq', prop: 'attributeValueDbId' },
    attributeDbId: { kind: 'related', path: OF_ATTRIBUTE, label: 'GermplasmAttribute', prop: 'attributeDbId' },
    attributeName: { kind: 'related', path: OF_ATTRIBUTE, label: 'GermplasmAttribute', prop: 'attributeName' },
    ...attributeFilters,
    germplasmDbId: { kind: 'related', path: OF_GERMPLASM, label: 'Germplasm', prop: 'germplasmDbId' },
    germplasmName: { kind: 'related', path: OF_GERMPLASM, label: 'Germplasm', prop: 'germplasmName' },
    // A value has no crop of its own: it is the crop of the germplasm it describes.
    commonCropName: { kind: 'related', path: OF_GERMPLASM, label: 'Germplasm', prop: 'commonCropName' },
    // The programs that use the germplasm (programThroughGermplasm).
    programDbId: programThroughGermplasm(OF_GERMPLASM),
    programName: programThroughGermplasm(OF_GERMPLASM, 'programName'),
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: [],
  derive: deriveExternalReferences,
};

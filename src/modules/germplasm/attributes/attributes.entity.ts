import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef, FilterSpec } from '../../../entities/types.js';
import { programThroughGermplasm, studyThroughGermplasm, trialThroughGermplasm } from '../germplasm/germplasm.entity.js';
import { relatedFilters } from '../../../entities/declare.js';
import { inOntology } from '../../phenotyping/ontologies/ontologies.entity.js';

/** Attribute -> the germplasm it has values for. */
const OF_GERMPLASM = '<-[:OF_ATTRIBUTE]-(:GermplasmAttributeValue)-[:OF_GERMPLASM]->';

// The trait, method and scale are nested objects stored whole; their DbId, name and PUI are also kept as plain
// properties (derived on every write) so the trait*/method*/scale* filters are simple equality matches.
const PARTS = {
  trait: ['traitDbId', 'traitName', 'traitPUI'],
  method: ['methodDbId', 'methodName', 'methodPUI'],
  scale: ['scaleDbId', 'scaleName', 'scalePUI'],
} as const;

const partFilters: Record<string, FilterSpec> = Object.fromEntries(
  Object.values(PARTS).flat().map((prop) => [prop, { kind: 'eq', prop }]),
);

// More members of the nested objects the search request matches on: derived property <- member of the part.
const MEMBERS = {
  trait: { traitClass: 'traitClass', traitEntity: 'entity', traitEntityPUI: 'entityPUI', traitAttribute: 'attribute', traitAttributePUI: 'attributePUI' },
  scale: { dataType: 'dataType' },
  ontologyReference: { ontologyDbId: 'ontologyDbId' },
} as const;

const memberFilters: Record<string, FilterSpec> = Object.fromEntries(
  Object.values(MEMBERS).flatMap((m) => Object.keys(m)).map((prop) => [prop, { kind: 'eq', prop }]),
);

/** The derived properties an attribute value filters on through its attribute (OF_ATTRIBUTE). */
export const ATTRIBUTE_DERIVED = [...Object.values(PARTS).flat(), ...Object.values(MEMBERS).flatMap((m) => Object.keys(m))];

function deriveParts(record: Record<string, unknown>): Record<string, unknown> {
  const derived: Record<string, unknown> = {};
  for (const [part, props] of Object.entries(PARTS)) {
    if (!Object.hasOwn(record, part)) continue;
    const value = (record[part] ?? {}) as Record<string, unknown>;
    for (const prop of props) derived[prop] = typeof value[prop] === 'string' ? value[prop] : null;
  }
  for (const [part, members] of Object.entries(MEMBERS)) {
    if (!Object.hasOwn(record, part)) continue;
    const value = (record[part] ?? {}) as Record<string, unknown>;
    for (const [prop, member] of Object.entries(members)) derived[prop] = typeof value[member] === 'string' ? value[member] : null;
  }
  return derived;
}

export const attributeEntity: EntityDef = {
  path: 'attributes',
  label: 'GermplasmAttribute',
  idField: 'attributeDbId',
  module: 'Germplasm',
  schema: 'GermplasmAttribute',
  jsonFields: ['additionalInfo', 'externalReferences', 'method', 'ontologyReference', 'scale', 'trait'],
  refs: [inOntology],
  filters: {
    attributeDbId: { kind: 'eq', prop: 'attributeDbId' },
    attributeName: { kind: 'eq', prop: 'attributeName' },
    attributePUI: { kind: 'eq', prop: 'attributePUI' },
    attributeCategory: { kind: 'eq', prop: 'attributeCategory' },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    ...partFilters,
    ...memberFilters,
    ...relatedFilters(OF_GERMPLASM, 'Germplasm', ['germplasmDbId', 'germplasmName']),
    // The programs that use, and the studies and trials that grow, a germplasm this attribute has a value for.
    programDbId: programThroughGermplasm(OF_GERMPLASM),
    programName: programThroughGermplasm(OF_GERMPLASM, 'programName'),
    studyDbId: studyThroughGermplasm(OF_GERMPLASM),
    studyName: studyThroughGermplasm(OF_GERMPLASM, 'studyName'),
    trialDbId: trialThroughGermplasm(OF_GERMPLASM),
    trialName: trialThroughGermplasm(OF_GERMPLASM, 'trialName'),
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['attributeName', 'attributeCategory', 'traitDbId', 'methodDbId', 'scaleDbId'],
  derive: (record) => ({ ...deriveExternalReferences(record), ...deriveParts(record) }),
};

// Observation variables: a trait measured by a method on a scale. The three parts are shared entities; a variable
// shows each as its whole current record, read through its relationship (RefSpec.embed).
//
// Writing a variable (POST, PUT): a nested trait / method / scale that names its DbId only links the variable to
// that record (400 if it does not exist); its other members are ignored, so a variable can never silently change a
// part other variables share (edit it with PUT /traits/{traitDbId} etc., and every variable using it shows the
// change). A nested object without a DbId is created as a new trait / method / scale, in the same transaction as
// the variable (all or nothing). null unlinks; a part left out of a PUT stays linked.
import { relatedFilters } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef, RefSpec } from '../../../entities/types.js';
import { methodEntity } from '../methods/methods.entity.js';
import { inOntology } from '../ontologies/ontologies.entity.js';
import { scaleEntity } from '../scales/scales.entity.js';
import { traitEntity } from '../traits/traits.entity.js';
import { TO_PROGRAM, TO_STUDY, TO_TRIAL } from './parts.js';

const part = (field: string, rel: string, embed: EntityDef): RefSpec => ({
  field,
  rel,
  target: { label: embed.label, idProp: embed.idField },
  key: embed.idField,
  embed,
});

const TRAIT = '-[:MEASURES]->';

export const observationVariableEntity: EntityDef = {
  path: 'variables',
  label: 'ObservationVariable',
  idField: 'observationVariableDbId',
  module: 'Phenotyping',
  schema: 'ObservationVariable',
  // trait, method and scale are listed as key references require, but never stored: they are read from their records.
  jsonFields: ['additionalInfo', 'externalReferences', 'ontologyReference', 'trait', 'method', 'scale'],
  refs: [
    part('trait', 'MEASURES', traitEntity),
    part('method', 'USES_METHOD', methodEntity),
    part('scale', 'ON_SCALE', scaleEntity),
    inOntology,
  ],
  filters: {
    observationVariableDbId: { kind: 'eq', prop: 'observationVariableDbId' },
    observationVariableName: { kind: 'eq', prop: 'observationVariableName' },
    observationVariablePUI: { kind: 'eq', prop: 'observationVariablePUI' },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    ...relatedFilters(TRAIT, 'Trait', ['traitDbId', 'traitName', 'traitPUI', 'traitClass']),
    // Search members on the trait's decomposition (traitEntities, traitAttributePUIs, ...).
    ...relatedFilters(TRAIT, 'Trait', { traitEntity: 'entity', traitEntityPUI: 'entityPUI', traitAttribute: 'attribute', traitAttributePUI: 'attributePUI' }),
    ...relatedFilters('-[:USES_METHOD]->', 'Method', ['methodDbId', 'methodName', 'methodPUI']),
    ...relatedFilters('-[:ON_SCALE]->', 'Scale', ['scaleDbId', 'scaleName', 'scalePUI', 'dataType']),
    // The variable's own ontology (ontologyReference), as /traits, /methods and /scales filter theirs.
    ...relatedFilters('-[:IN_ONTOLOGY]->', 'Ontology', ['ontologyDbId']),
    // Studies, trials and programs where the variable was observed (programName etc. are search members).
    ...relatedFilters(TO_STUDY, 'Study', ['studyDbId', 'studyName']),
    ...relatedFilters(TO_TRIAL, 'Trial', ['trialDbId', 'trialName']),
    ...relatedFilters(TO_PROGRAM, 'Program', ['programDbId', 'programName']),
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['observationVariableName', 'observationVariablePUI', 'commonCropName'],
  derive: deriveExternalReferences,
};

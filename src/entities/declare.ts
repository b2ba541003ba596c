// Shorthands for entity declarations: the same reference and filter shapes recur across entities.
import type { FilterSpec, RefSpec } from './types.js';

/**
 * A reference shown with the target's name, e.g. namedRef('trialDbId', 'IN_TRIAL', {label: 'Trial', idProp:
 * 'trialDbId'}, 'trialName'): the record's `trialName` is the target's `trialName` (or `nameProp`).
 */
export function namedRef(field: string, rel: string, target: RefSpec['target'], nameField: string, nameProp = nameField): RefSpec {
  return { field, rel, target, nameField, nameExpr: `t.${nameProp}` };
}

/**
 * Filters on properties of an entity reached by `path` (or any of several paths): filter name -> property, or a
 * list of names that are the properties themselves, e.g. relatedFilters(PROGRAM, 'Program', ['programDbId', 'programName']).
 */
export function relatedFilters(path: string | string[], label: string, props: string[] | Record<string, string>): Record<string, FilterSpec> {
  const entries = Array.isArray(props) ? props.map((p) => [p, p]) : Object.entries(props);
  return Object.fromEntries(entries.map(([name, prop]) => [name, { kind: 'related', path, label, prop } satisfies FilterSpec]));
}

/** The study, trial and program filters (DbId and name) of records that reach a study by `toStudy`. */
export function studyTrialProgramFilters(toStudy: string): Record<string, FilterSpec> {
  return {
    ...relatedFilters(toStudy, 'Study', ['studyDbId', 'studyName']),
    ...relatedFilters(`${toStudy}(:Study)-[:IN_TRIAL]->`, 'Trial', ['trialDbId', 'trialName']),
    ...relatedFilters(`${toStudy}(:Study)-[:IN_TRIAL]->(:Trial)-[:IN_PROGRAM]->`, 'Program', ['programDbId', 'programName']),
  };
}

// Views: boolean list parameters (and search members) that leave fields out of the records (includePotentialParents
// =false) or bring in fields read separately (an observation unit's observations with includeObservations=true).
import { BadRequestError } from '../errors.js';
import type { Graph } from '../graph/port.js';
import type { EntityDef } from './types.js';

/** Takes the entity's view parameters out of `input` (query strings "true"/"false", or booleans): name -> on. */
export function takeViews(entity: EntityDef, input: Record<string, unknown>): Record<string, boolean> {
  const chosen: Record<string, boolean> = {};
  for (const name of Object.keys(entity.views ?? {})) {
    const raw = input[name];
    delete input[name];
    if (raw === undefined || raw === null) continue;
    if (raw !== true && raw !== false && raw !== 'true' && raw !== 'false') {
      throw new BadRequestError(`${name} must be true or false; got ${JSON.stringify(raw)}.`);
    }
    chosen[name] = raw === true || raw === 'true';
  }
  return chosen;
}

/** Presented records as the views chosen (else their defaults) show them: off clears the fields, on loads them. */
export async function applyViews(graph: Graph, entity: EntityDef, records: Array<Record<string, unknown>>, chosen: Record<string, boolean>) {
  for (const [name, view] of Object.entries(entity.views ?? {})) {
    if (chosen[name] ?? view.default) await view.load?.(graph, records);
    else for (const record of records) for (const field of view.fields) record[field] = null;
  }
}

// Checks an observation write against the graph, inside its transaction (after the record and its links exist): the
// value is stored as sent (a string in v2.1), but it must fit its variable's scale type, and a season object's name
// and year, when sent, must be the season's. A failure is a 400 naming the observation and rolls the write back.
import { BadRequestError } from '../../../errors.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { Runner } from '../../../graph/port.js';
import { utcTimestamp } from '../../../entities/filters.js';

type Written = {
  i: number;
  value: unknown;
  variable: string | null;
  dataType: string | null;
  validValues: string | null;
  season: string | null;
  seasonName: string | null;
  year: number | null;
};

export const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** `where(i)` names the i-th written observation in messages (body[i] on create, its DbId on update). */
export async function checkObservations(tx: Runner, ids: string[], where: (i: number) => string) {
  if (!ids.length) return;
  for (const row of await tx.run<Written>(cypher('phenotyping/observations/written'), { ids })) {
    checkValue(row, where(row.i));
    checkSeason(row, where(row.i));
  }
}

function checkValue({ value, variable, dataType, validValues }: Written, where: string) {
  if (typeof value !== 'string' || value === '' || !dataType) return;
  const expected = (what: string) =>
    new BadRequestError(`${where}.value ${JSON.stringify(value)} is not ${what}, as the ${dataType} scale of variable "${variable}" requires.`);
  if (dataType === 'Numerical' && !NUMBER.test(value)) throw expected('a number');
  if (dataType === 'Date' && !utcTimestamp(value)) throw expected('an ISO 8601 date');
  if (dataType === 'Ordinal' || dataType === 'Nominal') {
    const categories = (validValues ? (JSON.parse(validValues) as { categories?: Array<{ value?: string; label?: string }> | null }).categories : null) ?? [];
    const allowed = categories.flatMap((c) => [c.value, c.label]).filter((v): v is string => typeof v === 'string');
    if (allowed.length && !allowed.includes(value)) {
      throw expected(`one of its categories (${categories.map((c) => c.value ?? c.label).join(', ')})`);
    }
  }
}

function checkSeason({ season, seasonName, year }: Written, where: string) {
  const sent = season ? (JSON.parse(season) as { seasonDbId?: string; seasonName?: string | null; season?: string | null; year?: number | null }) : null;
  if (!sent?.seasonDbId) return;
  for (const [member, given, actual] of [['seasonName', sent.seasonName, seasonName], ['season', sent.season, seasonName], ['year', sent.year, year]] as const) {
    if (given !== undefined && given !== null && given !== actual) {
      throw new BadRequestError(`${where}.season.${member} ${JSON.stringify(given)} is not the one of season "${sent.seasonDbId}" (${JSON.stringify(actual)}).`);
    }
  }
}

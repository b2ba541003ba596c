// Events (GET /events; no write call in the spec, so events come from the demo data and imports): the v2.1 ICASA
// form, with the date range and parameters stored whole as JSON and the study and units as relationships.
import { BadRequestError } from '../../../errors.js';
import { namedRef, relatedFilters } from '../../../entities/declare.js';
import type { EntityDef } from '../../../entities/types.js';

interface DateRange {
  discreteDates?: string[] | null;
  startDate?: string | null;
  endDate?: string | null;
}
type Parameter = Record<string, unknown>;

export const eventEntity: EntityDef = {
  path: 'events',
  label: 'Event',
  idField: 'eventDbId',
  module: 'Phenotyping',
  schema: 'Event',
  jsonFields: ['additionalInfo', 'eventDateRange', 'eventParameters'],
  refs: [
    namedRef('studyDbId', 'IN_STUDY', { label: 'Study', idProp: 'studyDbId' }, 'studyName'),
    { field: 'observationUnitDbIds', rel: 'FOR_UNIT', target: { label: 'ObservationUnit', idProp: 'observationUnitDbId' }, many: true },
  ],
  filters: {
    eventDbId: { kind: 'eq', prop: 'eventDbId' },
    eventType: { kind: 'eq', prop: 'eventType' },
    ...relatedFilters('-[:IN_STUDY]->', 'Study', ['studyDbId']),
    ...relatedFilters('-[:FOR_UNIT]->', 'ObservationUnit', ['observationUnitDbId']),
    // An event spans its earliest to its latest date (discrete dates, start, end) and matches when that span
    // overlaps the asked range, both bounds inclusive (the end bound takes in its whole day).
    dateRangeStart: { kind: 'min', prop: 'eventLastDate', type: 'date' },
    dateRangeEnd: { kind: 'max', prop: 'eventFirstDate', type: 'date' },
  },
  operations: ['list'],
  indexes: ['eventType'],
  normalize: (record) => ({ ...record, ...syncDates(record), ...modernParameters(record) }),
  validate: (record, where) => checkValuesByDate(record, where),
  derive: (record) => {
    if (!Object.hasOwn(record, 'eventDateRange')) return {};
    const range = (record.eventDateRange ?? {}) as DateRange;
    const dates = [...(range.discreteDates ?? []), range.startDate, range.endDate].filter((d): d is string => typeof d === 'string').sort();
    return { eventFirstDate: dates[0] ?? null, eventLastDate: dates.at(-1) ?? null };
  },
};

/**
 * v2.0's `date` (deprecated, MIAPPE DM-68) and v2.1's eventDateRange.discreteDates are the same list: whichever a
 * record gives fills the other, so both kinds of client read the dates.
 */
function syncDates(record: Record<string, unknown>): Record<string, unknown> {
  const range = (record.eventDateRange ?? null) as DateRange | null;
  const discrete = range?.discreteDates ?? null;
  const date = Array.isArray(record.date) ? (record.date as string[]) : null;
  if (discrete?.length && !date) return { date: discrete };
  if (date && !discrete) return { eventDateRange: { ...range, discreteDates: date } };
  return {};
}

/**
 * eventParameters in the v2.1 form: the spec's own example writes `unit` for the `units` member; the deprecated
 * `key` and `rdfValue` stand for `name` and `code` when those are missing.
 */
function modernParameters(record: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(record.eventParameters)) return {};
  return {
    eventParameters: (record.eventParameters as Parameter[]).map((p) => {
      if (p === null || typeof p !== 'object') return p;
      const { unit, ...rest } = p;
      return {
        ...rest,
        ...(rest.units === undefined && unit !== undefined ? { units: unit } : {}),
        ...(rest.name === undefined && rest.key !== undefined ? { name: rest.key } : {}),
        ...(rest.code === undefined && rest.rdfValue !== undefined ? { code: rest.rdfValue } : {}),
      };
    }),
  };
}

/** A parameter has one value for the whole event, or one per discrete date (the spec: exactly as many). */
function checkValuesByDate(record: Record<string, unknown>, where: string) {
  const dates = ((record.eventDateRange ?? {}) as DateRange).discreteDates ?? [];
  ((record.eventParameters ?? []) as Parameter[]).forEach((p, i) => {
    const at = `${where}.eventParameters[${i}]`;
    if (!Array.isArray(p?.valuesByDate)) return;
    if (p.value !== undefined && p.value !== null) throw new BadRequestError(`${at} gives both value and valuesByDate; give one.`);
    if (p.valuesByDate.length !== dates.length) {
      throw new BadRequestError(`${at}.valuesByDate has ${p.valuesByDate.length} values for ${dates.length} eventDateRange.discreteDates.`);
    }
  });
}

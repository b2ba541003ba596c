// MIAPPE v1.1 on events and samples: one test per row of the mapping table (service-spec.md, DM-64..DM-68 and
// DM-75..DM-81). A sample is POSTed and read back with GET /samples/{sampleDbId}; the spec has no write call for
// events, so an event is stored through the same create path the demo data uses and read back with GET /events.
import { expect } from 'chai';
import { createEntities } from '../../src/entities/commands/createEntities.js';
import { eventEntity } from '../../src/modules/phenotyping/events/events.entity.js';
import { removeWhere } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { at, mappingTests, storeAndReadBack, type Check as MiappeCheck, type Row } from '../support/miappe.js';
import { expectValidResponse } from '../support/schema.js';

type Kind = 'events' | 'samples';

const EVENT: Record<string, unknown> = {
  eventType: 'fertilizer',
  eventTypeDbId: 'AGRO:00000012',
  eventDescription: 'Split nitrogen application on the MIAPPE test plots.',
  // Every member given, so the whole object compares exactly.
  eventDateRange: { discreteDates: ['2024-06-03T08:00:00Z', '2024-07-01T08:00:00Z'], startDate: '2024-06-03T08:00:00Z', endDate: '2024-07-01T08:00:00Z' },
  eventParameters: [
    { code: 'feamn', name: 'fertilizer_N_applied', description: 'Nitrogen in applied fertilizer', units: 'kg[N]/ha', value: null, valueDescription: null, valuesByDate: ['30', '20'] },
  ],
  studyDbId: 'study-urbana-2024',
  observationUnitDbIds: ['ou-urbana-2024-plot-101', 'ou-urbana-2024-plot-201'],
  additionalInfo: { operator: 'Wei Li' },
};

const SAMPLE: Record<string, unknown> = {
  sampleName: 'MIAPPE test sample',
  samplePUI: 'doi:10.5072/miappe-sample-1',
  sampleDescription: 'Youngest fully expanded trifoliate at V5 (BBCH 15), frozen in liquid nitrogen within 2 minutes.',
  tissueType: 'Leaf (PO:0025034)',
  sampleTimestamp: '2024-06-25T09:45:00Z',
  sampleType: 'Tissue',
  takenBy: 'Wei Li',
  observationUnitDbId: 'ou-urbana-2024-plot-101-plant-2',
  germplasmDbId: 'soy-williams-82',
  studyDbId: 'study-urbana-2024',
  trialDbId: 'trial-uniform-soybean-2024',
  programDbId: 'program-soybean-main',
};

const BODIES: Record<Kind, Record<string, unknown>> = { events: EVENT, samples: SAMPLE };
const ID_FIELD: Record<Kind, string> = { events: 'eventDbId', samples: 'sampleDbId' };

/** Stores the body, reads the record back (checked against the schema) and returns both. */
async function roundTrip(kind: Kind) {
  if (kind === 'events') {
    const [{ eventDbId: id }] = await createEntities(server().graph, { entity: eventEntity, records: [EVENT] });
    const got = await api('GET', `/events?eventDbId=${encodeURIComponent(id as string)}`);
    expect(got.status).to.equal(200);
    expectValidResponse('get', '/events', 200, got.json);
    return { id, record: got.json.result.data[0] };
  }
  return storeAndReadBack('samples', 'sampleDbId', [SAMPLE]);
}

type Check = MiappeCheck<Kind>;

const event = (...fields: string[]): Check => ({ kind: 'events', fields });
const sample = (...fields: string[]): Check => ({ kind: 'samples', fields });
const whole = (kind: Kind): Check => ({ kind, fields: Object.keys(BODIES[kind]) });
const ownId = (kind: Kind): Check => ({ kind, fields: [ID_FIELD[kind]], expected: (id) => [id] });

const ROWS: Array<Row<Kind>> = [
  ['DM-64', 'Event', 'Event', [whole('events')]],
  ['DM-65', 'Event type', 'event.eventType', [event('eventType')]],
  ['DM-66', 'Event accession number', 'event.eventTypeDbId', [event('eventTypeDbId')]],
  ['DM-67', 'Event description', 'event.eventDescription', [event('eventDescription')]],
  ['DM-68', 'Event date', 'event.date (v2.1: eventDateRange)', [
    event('eventDateRange.discreteDates', 'eventDateRange.startDate', 'eventDateRange.endDate'),
    // The deprecated v2.0 field the table names carries the same discrete dates.
    { kind: 'events', fields: ['date'], expected: () => [at(EVENT, 'eventDateRange.discreteDates')] },
  ]],
  ['DM-75', 'Sample', 'Sample', [whole('samples')]],
  ['DM-76', 'Sample ID', 'sample.sampleDbId', [ownId('samples')]],
  ['DM-77', 'Plant structure development stage', 'sample.tissueType, sample.sampleDescription', [sample('tissueType', 'sampleDescription')]],
  ['DM-78', 'Plant anatomical entity', 'sample.tissueType', [sample('tissueType')]],
  ['DM-79', 'Sample description', 'sample.sampleDescription', [sample('sampleDescription')]],
  ['DM-80', 'Collection date', 'sample.sampleTimestamp', [sample('sampleTimestamp')]],
  ['DM-81', 'External ID', 'sample.samplePUI', [sample('samplePUI')]],
];

describe('MIAPPE v1.1 mapping on events and samples', () => {
  after(async () => {
    await removeWhere({ eventTypeDbId: [EVENT.eventTypeDbId] }, { label: 'Event' });
    await removeWhere({ sampleName: [SAMPLE.sampleName] }, { label: 'Sample' });
  });

  mappingTests(ROWS, BODIES, roundTrip);
});

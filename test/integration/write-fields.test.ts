// No field silently dropped (issue 33, item 4): for each POST and PUT of each entity the generic route table serves,
// a body holding every member the official request schema defines (type-valid values, referenced DbIds that exist)
// plus one unknown member. Each field is then either stored and read back as sent, or the request is refused with a
// 400 naming it; the refused fields are listed below with the reason, so a new refusal (or a new drop) fails here.
import { expect } from 'chai';
import { entities } from '../../src/modules/registry.js';
import type { EntityDef } from '../../src/entities/types.js';
import { loadSpec } from '../../src/openapi/spec.js';
import { HISTORY, removeNodes, removeRecords } from '../support/graph.js';
import { api } from '../support/server.js';

const UNKNOWN = 'notABrapiField';

/**
 * Fields a write refuses, per entity path, with why; every other field of the request schema must round-trip.
 * `<field>`: refused when the value disagrees with what the graph shows (a computed field, or a referenced
 * record's name): the test sends a value of its own, so the refusal is what a client sending a wrong one meets.
 */
const REFUSED: Record<string, Record<string, string>> = {
  'seedlots/transactions': { units: 'a transaction moves seed in the units of its seed lots' },
  observationunits: { observationUnitPosition: 'its levels must fit the hierarchy of the study\'s other units' },
  observations: { value: 'the value must fit the scale of the variable (a number here)' },
  lists: { listSize: 'listSize counts the items of data' },
};

/**
 * Fields shown from elsewhere and refused with a value of the test's own, per entity: computed fields, the names of
 * referenced records, and JSON fields whose objects show members of the record they name (RefSpec.shows).
 */
function shownFromGraph(entity: EntityDef): Set<string> {
  const names = entity.refs.map((r) => r.nameField).filter((f): f is string => !!f);
  const shows = entity.refs.filter((r) => r.key && r.shows && !r.embed).map((r) => r.field);
  return new Set([...Object.keys(entity.computed ?? {}), ...names, ...shows]);
}

/**
 * The field without the members its references show from their targets (refused with the test's values): the
 * rest of it (a contact's type, a parent's parentType) must then be stored. Undefined when nothing is left to send.
 */
function withoutShown(entity: EntityDef, field: string, value: unknown): unknown {
  const refs = entity.refs.filter((r) => r.field === field && r.key && r.shows && !r.embed);
  if (!refs.length || value === null || typeof value !== 'object') return undefined;
  const strip = (item: unknown) => {
    if (item === null || typeof item !== 'object') return item;
    const out = { ...(item as Record<string, unknown>) };
    for (const ref of refs) for (const member of Object.keys(ref.shows!)) delete out[member];
    return out;
  };
  return Array.isArray(value) ? value.map(strip) : strip(value);
}

type Schema = Record<string, any>;
const spec = loadSpec();
const resolve = (s: Schema | undefined): Schema | undefined => spec.resolveSchema(s);

/** A DbId that exists for each referenced label (first record of its list), filled in before the tests. */
const existing = new Map<string, string>();

function targetOf(entity: EntityDef, field: string, key?: string) {
  return entity.refs.find((r) => r.field === field && (key === undefined ? !r.key : r.key === key));
}

/** A type-valid value for a schema; `salt` makes a second body differ from the first (for PUT). */
function valueFor(schema: Schema | undefined, name: string, salt: string, depth = 0, refTo?: (name: string) => string | undefined): unknown {
  const s = resolve(schema) ?? {};
  const id = refTo?.(name);
  if (id !== undefined) return id;
  if (depth > 6) return null;
  const choice = s.oneOf ?? s.anyOf;
  if (Array.isArray(choice)) {
    const first = choice.map(resolve).find((x: Schema | undefined) => x && x.type !== 'null');
    return valueFor(first, name, salt, depth + 1, refTo);
  }
  if (s.properties?.geometry) {
    return { type: 'Feature', geometry: { type: 'Point', coordinates: salt === 'a' ? [-76.5, 42.4, 120] : [-76.6, 42.5, 121] } };
  }
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (Array.isArray(s.enum)) {
    const values = s.enum.filter((v: unknown) => v !== null);
    return values[salt === 'a' ? 0 : Math.min(1, values.length - 1)];
  }
  switch (type ?? (s.properties ? 'object' : s.items ? 'array' : 'string')) {
    case 'string':
      if (s.format === 'date') return salt === 'a' ? '2024-05-06' : '2025-06-07';
      if (s.format === 'date-time') return salt === 'a' ? '2024-05-06T07:08:09.000Z' : '2025-06-07T08:09:10.000Z';
      if (s.format === 'uri' || s.format === 'url') return `https://example.org/${name}-${salt}`;
      if (s.format === 'email') return `${name}-${salt}@example.org`;
      // The one pattern of the request schemas (an image's mimeType).
      if (s.pattern === 'image/.*') return salt === 'a' ? 'image/png' : 'image/jpeg';
      return `${name}-${salt}`;
    case 'integer':
      return salt === 'a' ? 7 : 8;
    case 'number':
      return salt === 'a' ? 12.5 : 13.5;
    case 'boolean':
      return salt === 'a';
    case 'array':
      return [valueFor(s.items, name, salt, depth + 1, refTo)];
    case 'object': {
      if (!s.properties) return { [`${name}Key`]: `${name}-${salt}` };
      const out: Record<string, unknown> = {};
      for (const [member, sub] of Object.entries<Schema>(s.properties)) {
        if ((resolve(sub) ?? sub).deprecated || sub.deprecated) continue;
        out[member] = valueFor(sub, member, salt, depth + 1, refTo);
      }
      return out;
    }
    default:
      return `${name}-${salt}`;
  }
}

/** The record's request schema (the POST body's items), top level flattened. */
function requestSchema(entity: EntityDef): Schema {
  const body = spec.requestBodySchema('post', `/${entity.path}`);
  return resolve(resolve(body)?.items) ?? {};
}

/** A body with every request field of the entity and one unknown member. */
function fullBody(entity: EntityDef, salt: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, sub] of Object.entries<Schema>(requestSchema(entity).properties ?? {})) {
    if (field === entity.idField || (resolve(sub) ?? sub).deprecated || sub.deprecated) continue;
    const top = targetOf(entity, field);
    if (top) {
      const id = existing.get(top.target.label);
      out[field] = top.many ? [id] : id;
      continue;
    }
    const keyed = entity.refs.filter((r) => r.field === field && r.key);
    const refTo = (member: string) => {
      const ref = keyed.find((r) => r.key === member);
      return ref && !ref.embed ? existing.get(ref.target.label) : undefined;
    };
    let value = valueFor(sub, field, salt, 0, refTo);
    // An embedded part without its DbId is created whole with the record (RefSpec.embed).
    const embed = keyed.find((r) => r.embed);
    if (embed && value && typeof value === 'object') delete (value as Record<string, unknown>)[embed.key!];
    if (embed) value = stripNestedIds(value);
    out[field] = value;
  }
  out[UNKNOWN] = `unknown-${salt}`;
  return out;
}

/** Nested DbIds of an embedded part's own references would need records of their own: left out. */
function stripNestedIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripNestedIds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !k.endsWith('DbId')).map(([k, v]) => [k, stripNestedIds(v)]));
}

/** Whether `got` holds everything `sent` holds (objects may show more members, null when empty). */
function holds(sent: unknown, got: unknown): boolean {
  if (sent === null || typeof sent !== 'object') return sent === got || (typeof sent === 'string' && typeof got === 'string' && sameInstant(sent, got));
  if (Array.isArray(sent)) return Array.isArray(got) && got.length === sent.length && sent.every((v, i) => holds(v, got[i]));
  if (got === null || typeof got !== 'object') return false;
  return Object.entries(sent).every(([k, v]) => holds(v, (got as Record<string, unknown>)[k]));
}

function sameInstant(a: string, b: string) {
  return /^\d{4}-\d\d-\d\dT/.test(a) && Date.parse(a) === Date.parse(b);
}

/** The request's top-level field a 400 names (`body[0].field`, `body.field`, or the field as a word). */
function namedField(message: string, fields: string[]): string | undefined {
  const at = /body(?:\[[^\]]*\])?\.(\w+)/.exec(message)?.[1];
  if (at && fields.includes(at)) return at;
  // The field the message names first.
  const found = fields.map((f) => [f, message.search(new RegExp(`\\b${f}\\b`))] as const).filter(([, i]) => i >= 0);
  return found.sort((a, b) => a[1] - b[1])[0]?.[0];
}

interface Outcome {
  refused: Record<string, string>;
  record?: Record<string, unknown>;
  sent: Record<string, unknown>;
}

/**
 * Sends the body; on a 400 naming a field, records the refusal and sends the rest (the field without its shown
 * members, once, where it has some); ends with a stored record.
 */
async function writeUntilStored(entity: EntityDef, send: (body: Record<string, unknown>) => Promise<{ status: number; text: string; json: any }>, body: Record<string, unknown>): Promise<Outcome> {
  const refused: Record<string, string> = {};
  const sent = { ...body };
  for (;;) {
    const res = await send(sent);
    if (res.status === 200) return { refused, sent, record: res.json.result.data ? res.json.result.data[0] : res.json.result };
    const field = res.status === 400 ? namedField(res.text, Object.keys(sent)) : undefined;
    if (!field) throw new Error(`${res.status} naming no field of the request: ${res.text}`);
    const rest = Object.hasOwn(refused, field) ? undefined : withoutShown(entity, field, sent[field]);
    refused[field] = res.text;
    if (rest === undefined) delete sent[field];
    else sent[field] = rest;
  }
}

/** Records the tests made (and the parts they made with them), deleted after the tests so later files see the demo. */
const made: Array<{ label: string; idProp: string; id: string }> = [];

function remember(entity: EntityDef, record: Record<string, unknown> | undefined) {
  if (!record) return;
  made.push({ label: entity.label, idProp: entity.idField, id: record[entity.idField] as string });
  for (const ref of entity.refs.filter((r) => r.embed)) {
    const part = record[ref.field] as Record<string, unknown> | null;
    if (part && typeof part[ref.key!] === 'string') made.push({ label: ref.target.label, idProp: ref.target.idProp, id: part[ref.key!] as string });
  }
}

function dropped(_entity: EntityDef, sent: Record<string, unknown>, record: Record<string, unknown>): string[] {
  return Object.entries(sent).filter(([field, value]) => !holds(value, record[field])).map(([field, value]) =>
    `${field}: sent ${JSON.stringify(value)}, got ${JSON.stringify(record[field])}`);
}

const writable = entities.filter((e) => e.operations.includes('create'));

describe('every write stores each field or refuses it naming it (issue 33, item 4)', () => {
  before(async () => {
    for (const label of new Set(writable.flatMap((e) => e.refs.map((r) => r.target.label)))) {
      const target = entities.find((e) => e.label === label && e.operations.includes('list'));
      if (!target) continue;
      const res = await api('GET', `/${target.path}?pageSize=1`);
      const id = res.json?.result?.data?.[0]?.[target.idField];
      if (id) existing.set(label, id);
    }
  });
  after(async () => {
    // Germplasm go with their pedigree history, and so do the crosses' families, which take the cross's DbId.
    await removeNodes('Germplasm', 'germplasmDbId', made.filter((m) => m.label === 'Germplasm' || m.label === 'Cross').map((m) => m.id), HISTORY);
    await removeRecords(made.filter((m) => m.label !== 'Germplasm'));
  });

  for (const entity of writable) {
    const expected = () => ({ [UNKNOWN]: 'unknown', ...REFUSED[entity.path], ...Object.fromEntries([...shownFromGraph(entity)].map((f) => [f, 'shown from the graph'])) });
    const check = (outcome: Outcome, record: Record<string, unknown>) => {
      const problems = [
        ...Object.keys(outcome.refused).filter((f) => !Object.hasOwn(expected(), f)).map((f) => `refused ${f}: ${outcome.refused[f]}`),
        ...(Object.hasOwn(outcome.refused, UNKNOWN) ? [] : [`${UNKNOWN} (not a BrAPI field) was not refused`]),
        ...dropped(entity, outcome.sent, record).map((d) => `not stored as sent: ${d}`),
      ];
      expect(problems).to.deep.equal([]);
    };

    it(`POST /${entity.path}`, async () => {
      const outcome = await writeUntilStored(entity, (b) => api('POST', `/${entity.path}`, [b]), fullBody(entity, 'a'));
      const id = outcome.record![entity.idField] as string;
      const read = entity.operations.includes('get')
        ? (await api('GET', `/${entity.path}/${encodeURIComponent(id)}`)).json.result
        : (await api('GET', `/${entity.path}?${entity.idField}=${encodeURIComponent(id)}`)).json.result.data[0];
      remember(entity, read);
      check(outcome, read);
      // The create's answer (from what it wrote, or read back: entities/written.ts) is the record as GET shows it.
      if (entity.operations.includes('get')) expect(outcome.record).to.deep.equal(read);
    });

    for (const bulk of [false, true]) {
      if (!entity.operations.includes(bulk ? 'bulkUpdate' : 'update')) continue;
      it(`PUT /${entity.path}${bulk ? '' : `/{${entity.idField}}`}`, async () => {
        const created = await api('POST', `/${entity.path}`, [{}]);
        expect(created.status, created.text).to.equal(200);
        const id = created.json.result.data[0][entity.idField] as string;
        remember(entity, created.json.result.data[0]);
        const outcome = await writeUntilStored(entity, 
          (b) => bulk ? api('PUT', `/${entity.path}`, { [id]: b }) : api('PUT', `/${entity.path}/${encodeURIComponent(id)}`, b),
          fullBody(entity, 'b'),
        );
        const read = entity.operations.includes('get')
          ? (await api('GET', `/${entity.path}/${encodeURIComponent(id)}`)).json.result
          : (await api('GET', `/${entity.path}?${entity.idField}=${encodeURIComponent(id)}`)).json.result.data[0];
        remember(entity, read);
        check(outcome, read);
      });
    }
  }
});

describe('fields of a record that a write does not take are refused, not dropped', () => {
  it('a unit sent with observations (written through /observations) is refused naming them; sent back as read, it is taken', async () => {
    const [unit] = (await api('GET', '/observationunits?pageSize=1')).json.result.data;
    const observation = { observationVariableDbId: 'variable-days-to-maturity', value: '101' };
    const post = await api('POST', '/observationunits', [{ observationUnitName: 'with observations', studyDbId: unit.studyDbId, observations: [observation] }]);
    expect(post.status, post.text).to.equal(400);
    expect(post.text).to.contain('body[0].observations');
    const put = await api('PUT', `/observationunits/${encodeURIComponent(unit.observationUnitDbId)}`, { observations: [observation] });
    expect(put.status, put.text).to.equal(400);
    expect(put.text).to.contain('body.observations');
    const back = await api('PUT', `/observationunits/${encodeURIComponent(unit.observationUnitDbId)}`, { ...unit, observations: null });
    expect(back.status, back.text).to.equal(200);
    expect(back.json.result).to.deep.equal(unit);
  });
});

describe('a record sent back as read is taken whole (names and computed fields agree with the graph)', () => {
  for (const entity of entities.filter((e) => e.operations.includes('update') && e.operations.includes('get'))) {
    it(`PUT /${entity.path}/{${entity.idField}} with a demo record as GET answers it`, async () => {
      const [first] = (await api('GET', `/${entity.path}?pageSize=1`)).json.result.data;
      const url = `/${entity.path}/${encodeURIComponent(first[entity.idField])}`;
      const record = (await api('GET', url)).json.result;
      const res = await api('PUT', url, record);
      expect(res.status, res.text).to.equal(200);
      expect(res.json.result).to.deep.equal(record);
    });
  }
});

describe('the record\'s own DbId in a body', () => {
  it('is refused on POST (the server makes it) and on PUT when it is not the DbId the path names; the same one is fine', async () => {
    const before = (await api('GET', '/seasons?pageSize=1')).json.metadata.pagination.totalCount;
    const post = await api('POST', '/seasons', [{ seasonDbId: 'season-mine', seasonName: 'Mine', year: 2031 }]);
    expect(post.status, post.text).to.equal(400);
    expect(post.text).to.contain('body[0].seasonDbId');
    expect((await api('GET', '/seasons?pageSize=1')).json.metadata.pagination.totalCount).to.equal(before);
    const put = await api('PUT', '/seasons/season-2023-summer', { seasonDbId: 'season-2024-summer', seasonName: 'Renamed' });
    expect(put.status, put.text).to.equal(400);
    expect(put.text).to.contain('body.seasonDbId "season-2024-summer" is not the DbId');
    expect((await api('GET', '/seasons/season-2023-summer')).json.result.seasonName).to.equal('Summer');
    const same = await api('PUT', '/seasons/season-2023-summer', { seasonDbId: 'season-2023-summer' });
    expect(same.status, same.text).to.equal(200);
    const bulk = await api('PUT', '/crosses', { 'cross-2024-w82-x-essex-01': { crossDbId: 'cross-other' } });
    expect(bulk.status, bulk.text).to.equal(400);
    expect(bulk.text).to.contain('body["cross-2024-w82-x-essex-01"].crossDbId');
  });
});

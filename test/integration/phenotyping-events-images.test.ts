// GET /events (demo events of study-urbana-2024 and study-stoneville-2023) and the image calls: metadata CRUD,
// filters, the image content round trip (bytes in == bytes out) and POST /delete/images.
import { expect } from 'chai';
import { createEntities } from '../../src/entities/commands/createEntities.js';
import { eventEntity } from '../../src/modules/phenotyping/events/events.entity.js';
import { HAS_CONTENT } from '../../src/modules/phenotyping/images/queries.js';
import { count, removeNodes } from '../support/graph.js';
import { ADMIN_TOKEN, api, server } from '../support/server.js';
import { list } from '../support/list.js';
import { expectValidResponse } from '../support/schema.js';

/** An image's content node goes with it. */
const CONTENT = { type: HAS_CONTENT, dir: 'out' } as const;

const PLANTING = 'event-urbana-2024-planting';
const FERTILIZER = 'event-urbana-2024-fertilizer';
const IRRIGATION = 'event-urbana-2024-irrigation';
const MOWING = 'event-urbana-2024-mowing';
const HARVEST = 'event-urbana-2024-harvest';
const FUNGICIDE = 'event-stoneville-2023-fungicide';
const URBANA_EVENTS = [PLANTING, FERTILIZER, IRRIGATION, MOWING, HARVEST].sort();
const PLOTS = [101, 102, 103, 104, 201, 202, 203, 204].map((n) => `ou-urbana-2024-plot-${n}`);

describe('events', () => {
  const call = (query = '') => list('events', query, { sortIds: true });

  it('lists the demo events in the v2.1 form, with study, units and dates', async () => {
    const { res, ids } = await call();
    expect(ids).to.include.members([...URBANA_EVENTS, FUNGICIDE]);
    const planting = res.json.result.data.find((e: any) => e.eventDbId === PLANTING);
    expect(planting).to.include({
      eventType: 'planting',
      eventTypeDbId: 'ICASA:planting',
      studyDbId: 'study-urbana-2024',
      studyName: 'UST MG IV 2024 - Urbana South Farm',
    });
    expect(planting.eventDescription).to.match(/^Plots planted/);
    expect(planting.observationUnitDbIds).to.deep.equal(PLOTS);
    expect(planting.eventDateRange).to.deep.equal({ discreteDates: ['2024-05-14T00:00:00Z'], startDate: null, endDate: null });
    // The deprecated v2.0 `date` mirrors the discrete dates, for older clients.
    expect(planting.date).to.deep.equal(['2024-05-14T00:00:00Z']);
    // Every member of a parameter is present, null when not given.
    expect(planting.eventParameters[1]).to.deep.equal({
      code: 'plrs', name: 'row_spacing', description: 'Row spacing', units: 'cm', value: '76', valueDescription: null, valuesByDate: null,
    });
    const units = await server().graph.read<{ id: string }>(
      'MATCH (:Event {eventDbId: $id})-[:FOR_UNIT]->(u:ObservationUnit) RETURN u.observationUnitDbId AS id ORDER BY id',
      { id: PLANTING },
    );
    expect(units.map((u) => u.id)).to.deep.equal(PLOTS);
    expect(await count('MATCH (:Event {eventDbId: $id})-[:IN_STUDY]->(s:Study {studyDbId: "study-urbana-2024"}) RETURN count(s) AS n', { id: PLANTING })).to.equal(1);
  });

  it('keeps ICASA parameters: values by date, the spec example\'s `unit`, the deprecated key / rdfValue', async () => {
    const { res } = await call(`eventDbId=${IRRIGATION}&eventDbId=${FERTILIZER}&eventDbId=${FUNGICIDE}`);
    const byId = Object.fromEntries(res.json.result.data.map((e: any) => [e.eventDbId, e]));
    expect(byId[IRRIGATION].eventDateRange.discreteDates).to.have.length(3);
    expect(byId[IRRIGATION].eventParameters[1]).to.include({ code: 'irval', units: 'mm', value: null });
    expect(byId[IRRIGATION].eventParameters[1].valuesByDate).to.deep.equal(['25', '25', '19']);
    // `unit` (as the spec's own example writes it) is stored as the schema's `units`.
    expect(byId[FERTILIZER].eventParameters[1]).to.include({ code: 'feacd', units: 'code', value: 'AP001', valueDescription: 'Broadcast, not incorporated' });
    expect(byId[FERTILIZER].eventParameters[1]).not.to.have.property('unit');
    // A v2.0 record: `date` fills eventDateRange.discreteDates, key / rdfValue fill name / code.
    expect(byId[FUNGICIDE].eventDateRange.discreteDates).to.deep.equal(['2023-07-18T08:00:00Z']);
    expect(byId[FUNGICIDE].eventParameters[0]).to.include({ name: 'chemical_material', code: 'chcd', value: 'pyraclostrobin' });
  });

  it('filters by each parameter, ORs repeated values, ANDs two, and explains an empty answer', async () => {
    expect((await call(`eventDbId=${HARVEST}`)).ids).to.deep.equal([HARVEST]);
    expect((await call('eventType=mowing')).ids).to.deep.equal([MOWING]);
    expect((await call('eventType=planting&eventType=harvest')).ids).to.deep.equal([HARVEST, PLANTING].sort());
    expect((await call('studyDbId=study-urbana-2024')).ids).to.deep.equal(URBANA_EVENTS);
    expect((await call('studyDbId=study-stoneville-2023')).ids).to.deep.equal([FUNGICIDE]);
    // Through (:Event)-[:FOR_UNIT]->(:ObservationUnit).
    expect((await call('observationUnitDbId=ou-urbana-2024-plot-101')).ids).to.deep.equal([HARVEST, IRRIGATION, PLANTING].sort());
    expect((await call('observationUnitDbId=ou-urbana-2024-field')).ids).to.deep.equal([FERTILIZER, MOWING].sort());
    expect((await call('observationUnitDbId=ou-urbana-2024-plot-201&eventType=harvest&eventType=irrigation')).ids).to.deep.equal([HARVEST]);
    expect((await call('studyDbId=study-stoneville-2023&eventType=planting')).ids).to.deep.equal([]);
    for (const [query, named] of [['observationUnitDbId=ou-nope', 'ou-nope'], ['studyDbId=study-nope', 'study-nope']]) {
      const { res, ids, messages } = await call(query);
      expect(ids).to.deep.equal([]);
      expect(res.json.metadata.pagination.totalCount).to.equal(0);
      expect(messages).to.match(/^INFO: /m).and.contain(named);
    }
  });

  it('dateRangeStart / dateRangeEnd: the span of an event\'s dates overlaps the range, bounds inclusive', async () => {
    const inRange = async (query: string) => (await call(`studyDbId=study-urbana-2024&${query}`)).ids;
    // On the bound itself: the harvest's only date is the start bound, the planting's the end bound (whole day).
    expect(await inRange('dateRangeStart=2024-10-02')).to.deep.equal([HARVEST]);
    expect(await inRange('dateRangeStart=2024-10-02T00:00:01Z')).to.deep.equal([]);
    expect(await inRange('dateRangeEnd=2024-05-14')).to.deep.equal([PLANTING]);
    expect(await inRange('dateRangeEnd=2024-05-13')).to.deep.equal([]);
    // Irrigation spans 07-22..08-05 (three discrete dates), mowing 06-01..09-15 (start and end).
    expect(await inRange('dateRangeStart=2024-07-01&dateRangeEnd=2024-07-31')).to.deep.equal([IRRIGATION, MOWING].sort());
    expect(await inRange('dateRangeStart=2024-08-05&dateRangeEnd=2024-08-05')).to.deep.equal([IRRIGATION, MOWING].sort());
    expect(await inRange('dateRangeStart=2024-08-06&dateRangeEnd=2024-08-10')).to.deep.equal([MOWING]);
    expect(await inRange('dateRangeStart=2024-05-14T00:00:00Z&dateRangeEnd=2024-06-12')).to.deep.equal([FERTILIZER, MOWING, PLANTING].sort());
    expect((await call('dateRangeEnd=2023-12-31')).ids).to.include(FUNGICIDE).and.not.include(PLANTING);
    const bad = await api('GET', '/events?dateRangeStart=2024-13-01');
    expect(bad.status).to.equal(400);
    expect(bad.text).to.contain('dateRangeStart');
  });

  it('checks valuesByDate against the discrete dates when an event is stored', async () => {
    const event = (parameter: object) => ({
      eventType: 'irrigation',
      studyDbId: 'study-urbana-2024',
      eventDateRange: { discreteDates: ['2024-07-01T00:00:00Z', '2024-07-08T00:00:00Z'] },
      eventParameters: [{ code: 'irval', units: 'mm', ...parameter }],
    });
    const before = await count('MATCH (e:Event) RETURN count(e) AS n');
    for (const [parameter, message] of [
      [{ valuesByDate: ['10'] }, /eventParameters\[0\]\.valuesByDate has 1 values for 2/],
      [{ value: '10', valuesByDate: ['10', '12'] }, /both value and valuesByDate/],
    ] as const) {
      let error: Error | undefined;
      await createEntities(server().graph, { entity: eventEntity, records: [event(parameter)] }).catch((e: Error) => { error = e; });
      expect(error?.message).to.match(message);
    }
    expect(await count('MATCH (e:Event) RETURN count(e) AS n')).to.equal(before);
  });

  it('has no single-event or write call (the spec declares GET /events only)', async () => {
    expect((await api('POST', '/events', [{ eventType: 'planting' }])).status).to.equal(405);
    expect((await api('GET', `/events/${PLANTING}`)).status).to.equal(404);
  });
});

const CANOPY = 'image-urbana-2024-plot-101-canopy';
const HEIGHT = 'image-urbana-2024-plot-102-height';
const DRONE = 'image-urbana-2024-block-1-drone';
const DEMO_IMAGES = [CANOPY, DRONE, HEIGHT].sort();
const POINT = { type: 'Feature', geometry: { type: 'Point', coordinates: [-88.2329, 40.05302] } };

/** A tiny but well-formed PNG header (signature + IHDR) of the given size, then some payload bytes. */
function png(width: number, height: number, payload = 64): Buffer {
  const head = Buffer.alloc(24);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write('IHDR', 12, 'latin1');
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return Buffer.concat([head, Buffer.from(Array.from({ length: payload }, (_, i) => (i * 37) % 256))]);
}

/** A JPEG start with one SOF0 segment of the given size. */
function jpeg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00];
  const sof0 = [0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x01, 0x01, 0x11, 0x00];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

async function putContent(id: string, bytes: Buffer | ReadableStream, type = 'image/png') {
  const res = await fetch(`${server().baseUrl}/images/${id}/imagecontent`, {
    method: 'PUT',
    headers: { 'content-type': type, accept: 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
    body: bytes,
    ...(bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, text, json: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined };
}

async function createImages(records: object[]): Promise<any[]> {
  const res = await api('POST', '/images', records);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('post', '/images', 200, res.json);
  return res.json.result.data;
}

describe('images', () => {
  const call = (query = '') => list('images', query, { sortIds: true });
  const created: string[] = [];
  after(async () => {
    await removeNodes('Image', 'imageDbId', created, [CONTENT]);
  });

  it('lists the demo images with unit, location and tags', async () => {
    const { res, ids } = await call();
    expect(ids).to.include.members(DEMO_IMAGES);
    const canopy = res.json.result.data.find((i: any) => i.imageDbId === CANOPY);
    expect(canopy).to.include({
      imageName: 'Plot 101 canopy at R1',
      mimeType: 'image/jpeg',
      imageWidth: 4032,
      imageHeight: 3024,
      observationUnitDbId: 'ou-urbana-2024-plot-101',
      imageTimeStamp: '2024-07-15T14:20:00Z',
    });
    expect(canopy.imageLocation).to.deep.equal({ type: 'Feature', geometry: { type: 'Point', coordinates: [-88.2329822, 40.0529985] } });
    expect(canopy.descriptiveOntologyTerms).to.deep.equal(['canopy', 'R1', 'oblique']);
    const drone = res.json.result.data.find((i: any) => i.imageDbId === DRONE);
    expect(drone.imageLocation.geometry.type).to.equal('Polygon');
    const height = res.json.result.data.find((i: any) => i.imageDbId === HEIGHT);
    expect(height.observationDbIds).to.deep.equal(['obs-urbana-2024-plot-102-height']);
    expect(await count('MATCH (:Image {imageDbId: $id})-[:DEPICTS]->(o:Observation {observationDbId: "obs-urbana-2024-plot-102-height"}) RETURN count(o) AS n', { id: HEIGHT })).to.equal(1);
    expect(await count('MATCH (:Image {imageDbId: $id})-[:OF_UNIT]->(u:ObservationUnit {observationUnitDbId: "ou-urbana-2024-plot-101"}) RETURN count(u) AS n', { id: CANOPY })).to.equal(1);
  });

  it('filters by each parameter, ORs repeated values, ANDs two, and explains an empty answer', async () => {
    expect((await call(`imageDbId=${HEIGHT}`)).ids).to.deep.equal([HEIGHT]);
    expect((await call('imageName=Plot%20101%20canopy%20at%20R1')).ids).to.deep.equal([CANOPY]);
    expect((await call('observationUnitDbId=ou-urbana-2024-plot-102&observationUnitDbId=ou-urbana-2024-block-1')).ids).to.deep.equal([DRONE, HEIGHT].sort());
    expect((await call('descriptiveOntologyTerm=canopy')).ids).to.deep.equal([CANOPY, DRONE].sort());
    expect((await call('descriptiveOntologyTerm=canopy&descriptiveOntologyTerm=plant%20height')).ids).to.deep.equal(DEMO_IMAGES);
    // Program and crop through unit -> study -> trial -> program.
    expect((await call('programDbId=program-soybean-main')).ids).to.include.members(DEMO_IMAGES);
    expect((await call('programDbId=program-soybean-pedigree')).ids).to.deep.equal([]);
    expect((await call('commonCropName=Soybean')).ids).to.include.members(DEMO_IMAGES);
    expect((await call('externalReferenceId=fieldbook-img-000102&externalReferenceSource=Field%20Book')).ids).to.deep.equal([HEIGHT]);
    expect((await call('externalReferenceID=fieldbook-img-000101')).ids).to.deep.equal([CANOPY]);
    expect((await call('descriptiveOntologyTerm=canopy&observationUnitDbId=ou-urbana-2024-block-1')).ids).to.deep.equal([DRONE]);
    // Through (:Image)-[:DEPICTS]->(:Observation).
    expect((await call('observationDbId=obs-urbana-2024-plot-102-height&observationDbId=obs-urbana-2024-plot-101-height')).ids).to.deep.equal([HEIGHT]);
    expect((await call('descriptiveOntologyTerm=R6&observationUnitDbId=ou-urbana-2024-block-1')).ids).to.deep.equal([]);
    for (const [query, named] of [['observationUnitDbId=ou-nope', 'ou-nope'], ['observationDbId=obs-nope', 'obs-nope'], ['programDbId=program-nope', 'program-nope']]) {
      const { ids, messages } = await call(query);
      expect(ids).to.deep.equal([]);
      expect(messages).to.match(/^INFO: /m).and.contain(named);
    }
  });

  it('creates, gets and updates an image; references follow the body', async () => {
    const [image] = await createImages([
      { imageName: 'EI test image', observationUnitDbId: 'ou-urbana-2024-plot-103', imageLocation: POINT, copyright: 'CC0', descriptiveOntologyTerms: ['ei-test'] },
    ]);
    created.push(image.imageDbId);
    expect(image).to.include({ imageName: 'EI test image', observationUnitDbId: 'ou-urbana-2024-plot-103', copyright: 'CC0', mimeType: null, observationDbIds: null });
    expect(image.imageLocation).to.deep.equal(POINT);
    const got = await api('GET', `/images/${image.imageDbId}`);
    expect(got.status).to.equal(200);
    expectValidResponse('get', '/images/{imageDbId}', 200, got.json);
    expect(got.json.result).to.deep.equal(image);
    const depicts = ['obs-urbana-2024-plot-104-yield', 'obs-urbana-2024-plot-104-height'];
    const updated = await api('PUT', `/images/${image.imageDbId}`, {
      imageName: 'EI test image, renamed', copyright: null, observationUnitDbId: 'ou-urbana-2024-plot-104', observationDbIds: depicts,
    });
    expect(updated.status, updated.text).to.equal(200);
    expectValidResponse('put', '/images/{imageDbId}', 200, updated.json);
    expect(updated.json.result).to.include({ imageName: 'EI test image, renamed', copyright: null, observationUnitDbId: 'ou-urbana-2024-plot-104' });
    expect(updated.json.result.descriptiveOntologyTerms).to.deep.equal(['ei-test']);
    expect(updated.json.result.observationDbIds).to.deep.equal(depicts);
    const units = await server().graph.read<{ id: string }>('MATCH (:Image {imageDbId: $id})-[:OF_UNIT]->(u) RETURN u.observationUnitDbId AS id', { id: image.imageDbId });
    expect(units.map((u) => u.id)).to.deep.equal(['ou-urbana-2024-plot-104']);
  });

  it('answers 404 for unknown images and 400 for bad bodies, writing nothing', async () => {
    for (const [method, path] of [['GET', '/images/image-nope'], ['PUT', '/images/image-nope']]) {
      const res = await api(method, path, method === 'PUT' ? { imageName: 'x' } : undefined);
      expect(res.status, `${method} ${path}`).to.equal(404);
      expect(res.text).to.contain('image-nope');
    }
    const before = await count('MATCH (i:Image) RETURN count(i) AS n');
    const open = { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[-88.23, 40.05], [-88.22, 40.05], [-88.22, 40.06], [-88.23, 40.06]]] } };
    for (const [body, named] of [
      [[{ imageName: 'ok' }, { imageName: 'bad', imageLocation: open }], 'body[1].imageLocation.geometry.coordinates[0]'],
      [[{ imageName: 'bad', observationUnitDbId: 'ou-nope' }], 'ou-nope'],
      [[{ imageName: 'bad', mimeType: 'text/plain' }], 'mimeType'],
      [[{ imageName: 'bad', imageWidth: 'wide' }], 'imageWidth'],
    ] as const) {
      const res = await api('POST', '/images', body);
      expect(res.status, res.text).to.equal(400);
      expect(res.text).to.contain(named);
    }
    expect(await count('MATCH (i:Image) RETURN count(i) AS n')).to.equal(before);
  });

  describe('content', () => {
    let id: string;
    before(async () => {
      [{ imageDbId: id }] = await createImages([{ imageName: 'EI content', imageFileName: 'plot.png', observationUnitDbId: 'ou-urbana-2024-plot-101' }]);
      created.push(id);
    });

    it('stores the bytes, updates the metadata and gives the same bytes back', async () => {
      const bytes = png(640, 480, 5000);
      const res = await putContent(id, bytes);
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('put', '/images/{imageDbId}/imagecontent', 200, res.json);
      expect(res.json.result).to.include({
        imageDbId: id, imageName: 'EI content', mimeType: 'image/png', imageFileSize: bytes.length, imageWidth: 640, imageHeight: 480,
        observationUnitDbId: 'ou-urbana-2024-plot-101',
      });
      expect(res.json.result.imageURL).to.equal(`${server().baseUrl}/images/${id}/imagecontent`);
      const back = await fetch(res.json.result.imageURL);
      expect(back.status).to.equal(200);
      expect(back.headers.get('content-type')).to.equal('image/png');
      expect(Buffer.from(await back.arrayBuffer()).equals(bytes)).to.equal(true);
      expect((await api('GET', `/images/${id}`)).json.result).to.deep.equal(res.json.result);
    });

    it('replaces the bytes on a second upload (one content node), also when sent chunked', async () => {
      const bytes = jpeg(1200, 900);
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(bytes.subarray(0, 5));
          controller.enqueue(bytes.subarray(5));
          controller.close();
        },
      });
      const res = await putContent(id, stream, 'image/jpeg');
      expect(res.status, res.text).to.equal(200);
      expect(res.json.result).to.include({ mimeType: 'image/jpeg', imageFileSize: bytes.length, imageWidth: 1200, imageHeight: 900 });
      const back = await fetch(`${server().baseUrl}/images/${id}/imagecontent`);
      expect(back.headers.get('content-type')).to.equal('image/jpeg');
      expect(Buffer.from(await back.arrayBuffer()).equals(bytes)).to.equal(true);
      expect(await count('MATCH (:Image {imageDbId: $id})-[:HAS_CONTENT]->(c:ImageContent) RETURN count(c) AS n', { id })).to.equal(1);
    });

    it('413 past the configured body limit, with the bytes and metadata unchanged', async () => {
      const limit = server().config.maxBodyBytes;
      for (const body of [Buffer.alloc(limit + 1, 7), new ReadableStream({ start: (c) => { c.enqueue(Buffer.alloc(limit, 1)); c.enqueue(Buffer.alloc(10, 1)); c.close(); } })]) {
        const res = await putContent(id, body);
        expect(res.status).to.equal(413);
        expect(res.text).to.contain(`${limit} bytes`);
      }
      expect((await api('GET', `/images/${id}`)).json.result).to.include({ mimeType: 'image/jpeg', imageWidth: 1200 });
    });

    it('400 without an image Content-Type or bytes, 404 for unknown images or missing content', async () => {
      const notImage = await putContent(id, Buffer.from('{"a":1}'), 'application/json');
      expect(notImage.status).to.equal(400);
      expect(notImage.text).to.contain('image/*');
      expect((await putContent(id, Buffer.alloc(0))).status).to.equal(400);
      const unknown = await putContent('image-nope', png(1, 1));
      expect(unknown.status).to.equal(404);
      expect(unknown.text).to.contain('image-nope');
      const none = await fetch(`${server().baseUrl}/images/${CANOPY}/imagecontent`);
      expect(none.status).to.equal(404);
      expect(none.headers.get('content-type')).to.match(/^text\/plain/);
      expect(await none.text()).to.contain('no content');
      expect((await fetch(`${server().baseUrl}/images/image-nope/imagecontent`)).status).to.equal(404);
    });
  });

  describe('POST /delete/images', () => {
    let ids: string[];
    beforeEach(async () => {
      ids = (await createImages(['A', 'B', 'C'].map((n) => ({ imageName: `EI delete ${n}`, descriptiveOntologyTerms: ['ei-delete'] })))).map((i) => i.imageDbId);
      created.push(...ids);
      await putContent(ids[0], png(2, 2));
    });
    afterEach(async () => {
      await removeNodes('Image', 'imageDbId', ids, [CONTENT]);
    });
    const remove = async (body: object) => {
      const res = await api('POST', '/delete/images', body);
      if (res.status === 200) expectValidResponse('post', '/delete/images', 200, res.json);
      return res;
    };
    const left = async () => (await list('images', 'descriptiveOntologyTerm=ei-delete', { sortIds: true })).ids;

    it('deletes the named images with their content and answers their DbIds', async () => {
      const contentBefore = await count('MATCH (c:ImageContent) RETURN count(c) AS n');
      const res = await remove({ imageDbIds: [ids[0], ids[1]] });
      expect(res.status, res.text).to.equal(200);
      expect(res.json.result.imageDbIds).to.deep.equal([ids[0], ids[1]].sort());
      expect(await left()).to.deep.equal([ids[2]]);
      expect((await api('GET', `/images/${ids[0]}`)).status).to.equal(404);
      expect(await count('MATCH (c:ImageContent) RETURN count(c) AS n')).to.equal(contentBefore - 1);
    });

    it('deletes what the search members select (AND across members)', async () => {
      const res = await remove({ imageNames: ['EI delete A', 'EI delete C'], descriptiveOntologyTerms: ['ei-delete'] });
      expect(res.json.result.imageDbIds).to.deep.equal([ids[0], ids[2]].sort());
      expect(await left()).to.deep.equal([ids[1]]);
    });

    it('an unknown DbId is a 404 naming it, and nothing is deleted', async () => {
      const res = await remove({ imageDbIds: [ids[0], 'image-nope'] });
      expect(res.status).to.equal(404);
      expect(res.text).to.contain('image-nope').and.not.contain(ids[0]);
      expect(await left()).to.deep.equal([...ids].sort());
    });

    it('an empty request deletes nothing; a bad member is a 400', async () => {
      const total = await count('MATCH (i:Image) RETURN count(i) AS n');
      const res = await remove({});
      expect(res.status).to.equal(200);
      expect(res.json.result.imageDbIds).to.deep.equal([]);
      expect(res.json.metadata.status.map((s: any) => s.messageType)).to.include('WARNING');
      expect(await count('MATCH (i:Image) RETURN count(i) AS n')).to.equal(total);
      const bad = await remove({ imageDbIds: 'not-a-list' });
      expect(bad.status).to.equal(400);
      expect(bad.text).to.contain('imageDbIds');
    });
  });
});

// The vendor calls (BrAPI-Genotyping /vendor/...), answered as the in-house genotyping lab: the service catalogue
// from its configured file, an order and a plate submission round trip, the order's status moving from registered
// to completed as VCFs naming its samples are imported, its results (one file per variant set), every refusal
// writing nothing, 404s, and who may write. Every answer is checked against the official schemas.
import fs from 'node:fs';
import { expect } from 'chai';
import { DEFAULT_VENDOR_SPECIFICATION } from '../../src/config.js';
import { genotypingStudy, importVcfInto, removeGenotypingStudy, removeVendorOrders } from '../support/genotyping.js';
import { expectValidResponse } from '../support/schema.js';
import { api, createRecords, server } from '../support/server.js';
import { createApiToken } from '../../src/auth/tokens.js';

const DEMO_ORDER = 'order-ust24-dna-01';
const DEMO_SAMPLES = ['sample-urbana-2024-plot-101-plant-1-leaf', 'sample-urbana-2024-plot-101-plant-2-leaf', 'sample-urbana-2024-plot-102-bulk-leaf'];
const SAMPLE_MEMBERS = ['clientSampleBarCode', 'clientSampleId', 'column', 'comments', 'concentration', 'organismName', 'row', 'speciesName',
  'taxonomyOntologyReference', 'tissueType', 'tissueTypeOntologyReference', 'volume', 'well'];

/** A sample as the lab answers it: every member, null where the client sent none. */
const full = (sample: Record<string, unknown>) => Object.fromEntries(SAMPLE_MEMBERS.map((m) => [m, sample[m] ?? null]));
const fullPlate = (plate: Record<string, any>) => ({
  clientPlateBarcode: plate.clientPlateBarcode ?? null,
  clientPlateId: plate.clientPlateId ?? null,
  sampleSubmissionFormat: plate.sampleSubmissionFormat ?? null,
  samples: (plate.samples ?? []).map(full),
});

/** A VCF whose sample columns are `names`, two SNPs on one contig, every call 0/1. */
function vcf(names: string[]): string {
  const header = ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...names].join('\t');
  const row = (pos: number) => ['Gm05', pos, `vendor-snp-${pos}`, 'A', 'G', '50', 'PASS', '.', 'GT', ...names.map(() => '0/1')].join('\t');
  return ['##fileformat=VCFv4.2', '##reference=Vendor test assembly', '##contig=<ID=Gm05,length=42000000>',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">', header, row(1000), row(2000), ''].join('\n');
}

async function counts() {
  const [row] = await server().graph.read<{ orders: number; plates: number; samples: number; links: number }>(
    `CALL () { MATCH (o:VendorOrder) RETURN count(o) AS orders }
     CALL () { MATCH (p:VendorPlate) RETURN count(p) AS plates }
     CALL () { MATCH (v:VendorSample) RETURN count(v) AS samples }
     CALL () { MATCH (:VendorSample)-[r:FOR_SAMPLE]->() RETURN count(r) AS links }
     RETURN orders, plates, samples, links`,
  );
  return row;
}

describe('vendor calls (the in-house genotyping lab)', () => {
  let study: string;
  const names = ['VND-TEST-A', 'VND-TEST-B', 'VND-TEST-C'];
  let sampleIds: string[] = [];
  const orders: string[] = [];

  before(async () => {
    study = await genotypingStudy('Vendor test study');
    const samples = await createRecords('samples', names.map((sampleName) => ({ sampleName, studyDbId: study, germplasmDbId: 'soy-williams-82' })));
    sampleIds = samples.map((s) => s.sampleDbId as string);
  });
  after(async () => {
    await removeVendorOrders(orders);
    await removeGenotypingStudy(study);
  });

  async function order(body: unknown) {
    const res = await api('POST', '/vendor/orders', body);
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('post', '/vendor/orders', 200, res.json);
    orders.push(res.json.result.orderId);
    return res.json.result as { orderId: string; shipmentForms: Array<{ fileURL: string }> };
  }

  it('GET /vendor/specifications answers the configured lab description, every member present', async () => {
    const res = await api('GET', '/vendor/specifications');
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('get', '/vendor/specifications', 200, res.json);
    const file = JSON.parse(fs.readFileSync(DEFAULT_VENDOR_SPECIFICATION, 'utf8'));
    const spec = res.json.result;
    expect(spec.vendorContact).to.deep.equal(file.vendorContact);
    expect(spec.services.map((s: { serviceId: string }) => s.serviceId)).to.deep.equal(['snp-array-soysnp6k', 'gbs-apeki']);
    expect(spec.services).to.deep.equal(file.services);
    expect(spec.additionalInfo).to.deep.equal(file.additionalInfo);
  });

  it('the demo order: listed first, its plate as sent, in progress (one sample is a column of the Urbana VCF), one result file', async () => {
    const listed = await api('GET', '/vendor/orders');
    expect(listed.status, listed.text).to.equal(200);
    expectValidResponse('get', '/vendor/orders', 200, listed.json);
    expect(listed.json.result.data[0]).to.deep.equal({
      clientId: 'program-soybean-main', numberOfSamples: 3, orderId: DEMO_ORDER,
      requiredServiceInfo: { extractDNA: 'true', species: 'Glycine max' }, serviceIds: ['snp-array-soysnp6k'],
    });
    const plates = await api('GET', `/vendor/orders/${DEMO_ORDER}/plates`);
    expectValidResponse('get', '/vendor/orders/{orderId}/plates', 200, plates.json);
    expect(plates.json.result.data).to.have.length(1);
    expect(plates.json.result.data[0].samples.map((s: { clientSampleId: string }) => s.clientSampleId)).to.deep.equal(DEMO_SAMPLES);
    const status = await api('GET', `/vendor/orders/${DEMO_ORDER}/status`);
    expectValidResponse('get', '/vendor/orders/{orderId}/status', 200, status.json);
    expect(status.json.result).to.deep.equal({ status: 'inProgress' });
    const results = await api('GET', `/vendor/orders/${DEMO_ORDER}/results`);
    expectValidResponse('get', '/vendor/orders/{orderId}/results', 200, results.json);
    const [file] = results.json.result.data;
    expect(results.json.result.data).to.have.length(1);
    expect(file.clientSampleIds).to.deep.equal([DEMO_SAMPLES[0]]);
    expect(file.additionalInfo.variantSetDbId).to.equal('variantset-urbana-2024-demo');
    // The file is the variant set's allele matrix as this server serves it; the order's call set is a column of it.
    const matrix = await fetch(file.fileURL, { headers: { accept: 'application/json' } });
    expect(matrix.status).to.equal(200);
    const callSets = ((await matrix.json()) as any).result.callSetDbIds as string[];
    expect(callSets).to.include(file.additionalInfo.callSetDbIds);
  });

  it('an order round trip: POST, then its plates equal what was sent; listed by orderId; the manifest is its plates', async () => {
    const plates = [
      {
        clientPlateId: 'vendor-test-plate-1', clientPlateBarcode: 'VT-0001', sampleSubmissionFormat: 'PLATE_96',
        samples: [
          { clientSampleId: sampleIds[0], clientSampleBarCode: 'VT-S1', well: 'A01', row: 'A', column: 1, tissueType: 'Leaf', organismName: 'Glycine max',
            speciesName: 'Glycine max', comments: 'first', concentration: { units: 'ng/ul', value: 52.5 }, volume: { units: 'ul', value: 20 },
            tissueTypeOntologyReference: { ontologyDbId: 'PO:0025034', ontologyName: 'Plant Ontology', version: '2023', documentationLinks: [{ URL: 'http://purl.obolibrary.org/obo/po.owl', type: 'OBO' }] } },
          { clientSampleId: sampleIds[1], well: 'H12' },
        ],
      },
      { clientPlateId: 'vendor-test-tubes', sampleSubmissionFormat: 'TUBES', samples: [{ clientSampleId: sampleIds[2], well: 'tube 7' }] },
    ];
    const before = await counts();
    const { orderId, shipmentForms } = await order({
      clientId: 'vendor-test-client', numberOfSamples: 3, serviceIds: ['gbs-apeki'], sampleType: 'DNA',
      requiredServiceInfo: { extractDNA: 'false', concentration: '50 ng/ul' }, plates,
    });
    expect(await counts()).to.deep.equal({ orders: before.orders + 1, plates: before.plates + 2, samples: before.samples + 3, links: before.links + 3 });
    const res = await api('GET', `/vendor/orders/${orderId}/plates`);
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('get', '/vendor/orders/{orderId}/plates', 200, res.json);
    expect(res.json.result.data).to.deep.equal(plates.map(fullPlate));
    // Paged by plate.
    const second = await api('GET', `/vendor/orders/${orderId}/plates?page=1&pageSize=1`);
    expect(second.json.result.data).to.deep.equal([fullPlate(plates[1])]);
    expect(second.json.metadata.pagination).to.include({ totalCount: 2, totalPages: 2 });
    // A page far past the end (beyond what Cypher indexes a list with) is empty.
    const far = await api('GET', `/vendor/orders/${orderId}/plates?page=500000&pageSize=5000`);
    expect(far.status, far.text).to.equal(200);
    expect(far.json.result.data).to.deep.equal([]);
    const listed = await api('GET', `/vendor/orders?orderId=${orderId}`);
    expectValidResponse('get', '/vendor/orders', 200, listed.json);
    expect(listed.json.result.data).to.deep.equal([{
      clientId: 'vendor-test-client', numberOfSamples: 3, orderId, requiredServiceInfo: { extractDNA: 'false', concentration: '50 ng/ul' }, serviceIds: ['gbs-apeki'],
    }]);
    expect(shipmentForms).to.have.length(1);
    const manifest = await fetch(shipmentForms[0].fileURL, { headers: { accept: 'application/json' } });
    expect(((await manifest.json()) as any).result.data).to.deep.equal(res.json.result.data);
    // The vendor samples are linked to the samples they name.
    const linked = await server().graph.read<{ id: string }>(
      'MATCH (:VendorOrder {orderId: $orderId})<-[:IN_ORDER]-(:VendorPlate)<-[:ON_VENDOR_PLATE]-(:VendorSample)-[:FOR_SAMPLE]->(s:Sample) RETURN s.sampleDbId AS id ORDER BY id',
      { orderId },
    );
    expect(linked.map((r) => r.id)).to.deep.equal([...sampleIds].sort());
  });

  it('status is derived from the graph: registered, in progress, then completed as VCFs naming its samples are imported; results follow', async function () {
    this.timeout(60_000);
    const { orderId } = await order({
      serviceIds: ['snp-array-soysnp6k'],
      plates: [{ clientPlateId: 'status-plate', sampleSubmissionFormat: 'PLATE_96', samples: sampleIds.map((id, i) => ({ clientSampleId: id, well: `A${i + 1}` })) }],
    });
    const status = async () => {
      const res = await api('GET', `/vendor/orders/${orderId}/status`);
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('get', '/vendor/orders/{orderId}/status', 200, res.json);
      return res.json.result.status;
    };
    const results = async () => {
      const res = await api('GET', `/vendor/orders/${orderId}/results`);
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('get', '/vendor/orders/{orderId}/results', 200, res.json);
      return res.json.result.data as Array<Record<string, any>>;
    };
    expect(await status()).to.equal('registered');
    expect(await results()).to.deep.equal([]);

    await importVcfInto(study, vcf([names[0]]), 'vs-vendor-test-1');
    expect(await status()).to.equal('inProgress');
    const [first] = await results();
    expect(first.clientSampleIds).to.deep.equal([sampleIds[0]]);
    expect(first.fileName).to.equal('vs-vendor-test-1');
    expect(first.additionalInfo).to.deep.equal({ variantSetDbId: 'vs-vendor-test-1', studyDbId: study, callSetDbIds: 'vs-vendor-test-1-cs000001' });
    expect(first.fileURL).to.equal(`${server().baseUrl}/allelematrix?variantSetDbId=vs-vendor-test-1`);

    // A column naming no sample of the order changes nothing of it.
    await importVcfInto(study, vcf([names[1], names[2], 'Essex']), 'vs-vendor-test-2');
    expect(await status()).to.equal('completed');
    const files = await results();
    expect(files.map((f) => [f.additionalInfo.variantSetDbId, f.clientSampleIds])).to.deep.equal([
      ['vs-vendor-test-1', [sampleIds[0]]],
      ['vs-vendor-test-2', [sampleIds[1], sampleIds[2]]],
    ]);
    const matrix = await fetch(files[1].fileURL, { headers: { accept: 'application/json' } });
    const body = (await matrix.json()) as any;
    expect(body.result.callSetDbIds).to.include.members(files[1].additionalInfo.callSetDbIds.split(','));
    const paged = await api('GET', `/vendor/orders/${orderId}/results?page=1&pageSize=1`);
    expect(paged.json.result.data.map((f: any) => f.additionalInfo.variantSetDbId)).to.deep.equal(['vs-vendor-test-2']);
    expect(paged.json.metadata.pagination).to.include({ totalCount: 2 });
  });

  it('`{}` is an empty order of the submitting user: no services, no samples, registered, no plates, no results', async () => {
    const { orderId } = await order({});
    const listed = await api('GET', `/vendor/orders?orderId=${orderId}`);
    expect(listed.json.result.data).to.deep.equal([{ clientId: 'admin', numberOfSamples: 0, orderId, requiredServiceInfo: null, serviceIds: [] }]);
    expect((await api('GET', `/vendor/orders/${orderId}/status`)).json.result.status).to.equal('registered');
    expect((await api('GET', `/vendor/orders/${orderId}/plates`)).json.result.data).to.deep.equal([]);
    expect((await api('GET', `/vendor/orders/${orderId}/results`)).json.result.data).to.deep.equal([]);
  });

  it('POST /vendor/plates: a submission of its own, read back whole, and an order found by its submissionId', async () => {
    const body = {
      clientId: 'vendor-test-plates', numberOfSamples: 2, sampleType: 'Tissue',
      plates: [{ clientPlateId: 'submitted-plate', clientPlateBarcode: 'SP-1', sampleSubmissionFormat: 'PLATE_96', samples: [
        { clientSampleId: sampleIds[0], row: 'B', column: 6, well: 'B6', volume: { units: 'ul', value: 15 } },
        { clientSampleId: sampleIds[1], row: 'C', column: 6 },
      ] }],
    };
    const res = await api('POST', '/vendor/plates', body);
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('post', '/vendor/plates', 200, res.json);
    const { submissionId } = res.json.result;
    const got = await api('GET', `/vendor/plates/${submissionId}`);
    expect(got.status, got.text).to.equal(200);
    expectValidResponse('get', '/vendor/plates/{submissionId}', 200, got.json);
    expect(got.json.result).to.deep.equal({ clientId: 'vendor-test-plates', numberOfSamples: 2, plates: body.plates.map(fullPlate) });
    const listed = await api('GET', `/vendor/orders?submissionId=${submissionId}`);
    expectValidResponse('get', '/vendor/orders', 200, listed.json);
    expect(listed.json.result.data).to.have.length(1);
    const [made] = listed.json.result.data;
    orders.push(made.orderId);
    expect(made).to.deep.include({ clientId: 'vendor-test-plates', numberOfSamples: 2, serviceIds: [] });
    // Its status and results are the order's, read the same way (both samples were genotyped above).
    expect((await api('GET', `/vendor/orders/${made.orderId}/status`)).json.result.status).to.equal('completed');
  });

  describe('bad input: a 400 naming the problem, and nothing written', () => {
    const cases: Array<[string, () => Record<string, unknown>, RegExp, string?]> = [
      ['a service the lab does not offer', () => ({ serviceIds: ['gbs-apeki', 'whole-genome-42'] }), /no service "whole-genome-42"/],
      ['numberOfSamples differing from the samples sent', () => ({ numberOfSamples: 5, plates: [{ samples: [{ clientSampleId: sampleIds[0] }] }] }), /numberOfSamples is 5 but the plates hold 1/],
      ['a negative numberOfSamples', () => ({ numberOfSamples: -1 }), /numberOfSamples must be 0 or more/],
      ['a clientSampleId twice in one order', () => ({ plates: [{ samples: [{ clientSampleId: sampleIds[0] }] }, { samples: [{ clientSampleId: sampleIds[0] }] }] }), /plates\[1\]\.samples\[0\]\.clientSampleId ".*" is sent twice/],
      ['a sample naming no sample of this server', () => ({ plates: [{ samples: [{ clientSampleId: sampleIds[0] }, { clientSampleId: 'no-such-sample' }] }] }), /clientSampleId "no-such-sample" names no sample/],
      ['a sample without clientSampleId', () => ({ plates: [{ samples: [{ well: 'A1' }] }] }), /samples\[0\]\.clientSampleId is missing/],
      ['a well off a 96-well plate', () => ({ plates: [{ sampleSubmissionFormat: 'PLATE_96', samples: [{ clientSampleId: sampleIds[0], well: 'I13' }] }] }), /well "I13" is not a well of a 96-well plate/],
      ['a well in another row than the sample says', () => ({ plates: [{ samples: [{ clientSampleId: sampleIds[0], well: 'B2', row: 'C' }] }] }), /well "B2" is not in row C/],
      ['a well in another column than the sample says', () => ({ plates: [{ samples: [{ clientSampleId: sampleIds[0], well: 'B2', column: 3 }] }] }), /well "B2" is not in column 3/],
      ['a row past H', () => ({ plates: [{ samples: [{ clientSampleId: sampleIds[0], row: 'K', column: 1 }] }] }), /row "K" is not a row of a 96-well plate/],
      ['a column past 12 (the schema)', () => ({ plates: [{ samples: [{ clientSampleId: sampleIds[0], column: 13 }] }] }), /column/],
      ['two samples in one well', () => ({ plates: [{ samples: [{ clientSampleId: sampleIds[0], well: 'A1' }, { clientSampleId: sampleIds[1], row: 'A', column: 1 }] }] }), /are both in well A1/],
      ['two tubes of one number', () => ({ plates: [{ sampleSubmissionFormat: 'TUBES', samples: [{ clientSampleId: sampleIds[0], well: '7' }, { clientSampleId: sampleIds[1], well: '7' }] }] }), /are both in well 7/],
      ['a plate id twice', () => ({ plates: [{ clientPlateId: 'p' }, { clientPlateId: 'p' }] }), /clientPlateId "p" is sent twice/],
      ['a sample type outside the enum (the schema)', () => ({ sampleType: 'Blood' }), /sampleType/],
      ['an array body', () => [{}] as unknown as Record<string, unknown>, /object/],
    ];
    for (const [what, body, message] of cases) {
      it(what, async () => {
        const before = await counts();
        for (const path of ['/vendor/orders', '/vendor/plates']) {
          // The plate submission has no services: that case is the order's only.
          if (path === '/vendor/plates' && 'serviceIds' in body()) continue;
          const res = await api('POST', path, body());
          expect(res.status, `${path}: ${res.text}`).to.equal(400);
          expect(res.text).to.match(message);
        }
        expect(await counts()).to.deep.equal(before);
      });
    }
  });

  it('unknown orders and submissions: 404', async () => {
    for (const call of ['plates', 'results', 'status']) {
      const res = await api('GET', `/vendor/orders/no-such-order/${call}`);
      expect(res.status, call).to.equal(404);
      expect(res.text).to.contain('No order has orderId "no-such-order"');
    }
    const res = await api('GET', '/vendor/plates/no-such-submission');
    expect(res.status).to.equal(404);
    expect(res.text).to.contain('No plate submission has submissionId "no-such-submission"');
    // A filter matching nothing is an empty list, not an error.
    const none = await api('GET', '/vendor/orders?orderId=no-such-order');
    expect(none.status).to.equal(200);
    expect(none.json.result.data).to.deep.equal([]);
  });

  it('writes need the write role (401 without a token, 403 read-only, nothing written); ordering anyone\'s samples changes none of them', async () => {
    const reader = (await createApiToken(server().graph, 'vendor-reader', ['read'])).token;
    const writer = (await createApiToken(server().graph, 'vendor-writer', ['write'])).token;
    const before = await counts();
    const body = { plates: [{ samples: [{ clientSampleId: DEMO_SAMPLES[1] }] }] };
    for (const path of ['/vendor/orders', '/vendor/plates']) {
      expect((await api('POST', path, body, { authorization: '' })).status, path).to.equal(401);
      expect((await api('POST', path, body, { authorization: `Bearer ${reader}` })).status, path).to.equal(403);
    }
    expect(await counts()).to.deep.equal(before);
    // Reads are public.
    expect((await api('GET', '/vendor/orders', undefined, { authorization: '' })).status).to.equal(200);
    expect((await api('GET', '/vendor/specifications', undefined, { authorization: '' })).status).to.equal(200);
    // The demo sample has no creator; naming it in an order only references it.
    const sampleBefore = (await api('GET', `/samples/${DEMO_SAMPLES[1]}`)).json.result;
    const res = await api('POST', '/vendor/orders', body, { authorization: `Bearer ${writer}` });
    expect(res.status, res.text).to.equal(200);
    orders.push(res.json.result.orderId);
    expect((await api('GET', `/vendor/orders?orderId=${res.json.result.orderId}`)).json.result.data[0].clientId).to.equal('vendor-writer');
    expect((await api('GET', `/samples/${DEMO_SAMPLES[1]}`)).json.result).to.deep.equal(sampleBefore);
  });
});

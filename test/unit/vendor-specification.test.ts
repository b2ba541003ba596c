// The genotyping lab's description (BRAPI_VENDOR_SPECIFICATION) is checked when read, and an order's plate layout is
// checked before anything is written (src/modules/genotyping/lab/).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DEFAULT_VENDOR_SPECIFICATION, loadConfig } from '../../src/config.js';
import { planSubmission } from '../../src/modules/genotyping/lab/orders.js';
import { vendorSpecification } from '../../src/modules/genotyping/lab/specification.js';

describe('the genotyping lab description', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-spec-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: unknown) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
    return p;
  };

  it('BRAPI_VENDOR_SPECIFICATION names the file (relative to the working directory); unset, the shipped one', () => {
    expect(loadConfig({}).vendorSpecificationFile).to.equal(DEFAULT_VENDOR_SPECIFICATION);
    expect(loadConfig({ BRAPI_VENDOR_SPECIFICATION: 'lab.json' }).vendorSpecificationFile).to.equal(path.resolve('lab.json'));
  });

  it('fills every member the file leaves out with null', () => {
    const spec = vendorSpecification(file('minimal.json', { vendorContact: { vendorName: 'Lab' }, services: [{ serviceId: 's1', serviceName: 'One' }] }));
    expect(spec.vendorContact).to.deep.equal({
      vendorAddress: null, vendorCity: null, vendorContactName: null, vendorCountry: null, vendorDescription: null,
      vendorEmail: null, vendorName: 'Lab', vendorPhone: null, vendorURL: null,
    });
    expect(spec.services).to.deep.equal([{
      serviceDescription: null, serviceId: 's1', serviceName: 'One', servicePlatformMarkerType: null, servicePlatformName: null, specificRequirements: null,
    }]);
    expect(spec.additionalInfo).to.equal(null);
  });

  it('refuses a file that is not JSON, misses a required member, has a wrong value or repeats a service', () => {
    expect(() => vendorSpecification(file('broken.json', '{'))).to.throw(/cannot be read as JSON/);
    expect(() => vendorSpecification(file('unnamed.json', { services: [{ serviceId: 's1' }] }))).to.throw(/not a VendorSpecification: .*serviceName/);
    expect(() => vendorSpecification(file('marker.json', { services: [{ serviceId: 's1', serviceName: 'x', servicePlatformMarkerType: 'RANDOM' }] }))).to.throw(/servicePlatformMarkerType/);
    expect(() => vendorSpecification(file('twice.json', { services: [{ serviceId: 's1', serviceName: 'a' }, { serviceId: 's1', serviceName: 'b' }] }))).to.throw(/lists service s1 more than once/);
  });

  it('the shipped file passes, with its two services', () => {
    expect(vendorSpecification(DEFAULT_VENDOR_SPECIFICATION).services.map((s) => s.serviceId)).to.deep.equal(['snp-array-soysnp6k', 'gbs-apeki']);
  });
});

describe('an order\'s plate layout', () => {
  const spec = vendorSpecification(DEFAULT_VENDOR_SPECIFICATION);
  const plan = (samples: Array<Record<string, unknown>>, sampleSubmissionFormat = 'PLATE_96') =>
    planSubmission({ plates: [{ sampleSubmissionFormat, samples }] }, 'order', spec, undefined);

  it('B06 and B6 are one well; row B column 6 is that well too', () => {
    expect(() => plan([{ clientSampleId: 'a', well: 'B06' }, { clientSampleId: 'b', well: 'B6' }])).to.throw(/both in well B6/);
    expect(() => plan([{ clientSampleId: 'a', well: 'B06' }, { clientSampleId: 'b', row: 'B', column: 6 }])).to.throw(/both in well B6/);
    expect(() => plan([{ clientSampleId: 'a', well: 'A12' }, { clientSampleId: 'b', well: 'H1' }, { clientSampleId: 'c', row: 'C' }, { clientSampleId: 'd' }])).to.not.throw();
  });

  it('tubes take any label, once', () => {
    expect(() => plan([{ clientSampleId: 'a', well: 'tube 1' }, { clientSampleId: 'b', well: 'tube 2' }], 'TUBES')).to.not.throw();
    expect(() => plan([{ clientSampleId: 'a', well: 'tube 1' }], 'PLATE_96')).to.throw(/not a well of a 96-well plate/);
  });

  it('keeps the order of samples across plates and stores nested objects as JSON', () => {
    const planned = planSubmission({
      serviceIds: ['gbs-apeki'],
      plates: [{ samples: [{ clientSampleId: 'a', volume: { units: 'ul', value: 2 } }] }, { samples: [{ clientSampleId: 'b' }] }],
    }, 'order', spec, { userId: 'maria', roles: new Set(['write']) });
    expect(planned.clientSampleIds).to.deep.equal(['a', 'b']);
    expect(planned.plates.map((p) => p.samples.map((s) => s.props))).to.deep.equal([
      [{ sampleIndex: 0, clientSampleId: 'a', volume: '{"units":"ul","value":2}' }],
      [{ sampleIndex: 1, clientSampleId: 'b' }],
    ]);
    expect(planned.order).to.include({ clientId: 'maria', numberOfSamples: 2, createdBy: 'maria' });
    expect(planned.order.serviceIds).to.deep.equal(['gbs-apeki']);
  });
});

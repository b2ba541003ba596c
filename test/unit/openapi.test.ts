import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import { formatErrors, loadSpec, MODULES } from '../../src/openapi/spec.js';
import { convertSchema } from '../../src/openapi/convert.js';
import { implementedDocument } from '../../src/openapi/document.js';
import { extensionOperations } from '../../src/modules/registry.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';

const programList = (program: Record<string, unknown>) => ({
  metadata: {
    datafiles: [],
    pagination: { currentPage: 0, pageSize: 1000, totalCount: 1, totalPages: 1 },
    status: [{ message: 'Request accepted, response successful', messageType: 'INFO' }],
  },
  result: { data: [program] },
});

const program = {
  programDbId: 'f60f15b2',
  programName: 'Tomatillo_Breeding_Program',
  programType: 'STANDARD',
  abbreviation: 'P1',
  commonCropName: 'Tomatillo',
  documentationURL: 'https://wiki.brapi.org',
  externalReferences: [{ referenceId: '75a50e76', referenceSource: 'Upload Tool' }],
  additionalInfo: {},
  fundingInformation: 'EU: FP7-244374',
  leadPersonDbId: 'fe6f5c50',
  leadPersonName: 'Bob Robertson',
  objective: 'Make a better tomatillo',
};

describe('openapi spec', function () {
  this.timeout(60_000);
  const spec = loadSpec();

  it('loads all four module files, caches them, and merges their paths', () => {
    expect(Object.keys(spec.docs)).to.have.members([...MODULES]);
    expect(loadSpec()).to.equal(spec);
    const modules = new Set(spec.operations().map((o) => o.module));
    expect([...modules]).to.have.members([...MODULES]);
    expect(spec.hasOperation('get', '/programs')).to.equal(true);
    expect(spec.hasOperation('GET', '/germplasm/{germplasmDbId}')).to.equal(true);
    expect(spec.hasOperation('get', '/calls')).to.equal(true);
    expect(spec.hasOperation('get', '/observationunits')).to.equal(true);
    expect(spec.hasOperation('get', '/no-such-thing')).to.equal(false);
  });

  it('compiles the 200 response validator of every non-deprecated operation', () => {
    const ops = spec.operations().filter((o) => !o.deprecated);
    const failures: string[] = [];
    let compiled = 0;
    for (const op of ops) {
      try {
        if (spec.responseValidator(op.method, op.path, 200)) compiled++;
        else failures.push(`${op.method} ${op.path}: no JSON 200 response`);
      } catch (e) {
        failures.push(`${op.method} ${op.path}: ${(e as Error).message}`);
      }
    }
    expect(failures).to.deep.equal([]);
    expect(compiled).to.equal(ops.length).and.to.be.greaterThan(190);
  });

  it('compiles every request body validator', () => {
    for (const op of spec.operations()) spec.requestBodyValidator(op.method, op.path);
    expect(spec.requestBodyValidator('post', '/programs')).to.be.a('function');
    expect(spec.requestBodyValidator('get', '/programs')).to.equal(undefined);
  });

  it('accepts a valid ProgramListResponse', () => {
    expectValidResponse('get', '/programs', 200, programList(program));
    expectAllFields('Core', 'Program', program);
  });

  it('rejects programName: 5 and names the field', () => {
    const validate = spec.responseValidator('get', '/programs', 200)!;
    expect(validate(programList({ ...program, programName: 5 }))).to.equal(false);
    const msg = formatErrors(validate.errors);
    expect(msg).to.contain('body.result.data[0].programName must be string');
    expect(() => expectValidResponse('get', '/programs', 200, programList({ ...program, programName: 5 })))
      .to.throw(/programName/);
  });

  it('reports missing required fields and unknown responses', () => {
    const { programDbId: _omit, ...noId } = program;
    expect(() => expectValidResponse('get', '/programs', 200, programList(noId))).to.throw(/data\[0\]\.programDbId is required/);
    expect(() => expectValidResponse('get', '/programs', 299, {})).to.throw(/no JSON 299 response/);
    expect(() => expectValidResponse('get', '/nope', 200, {})).to.throw(/no operation/);
    expect(() => expectAllFields('Core', 'Program', { programDbId: 'x' })).to.throw(/programName/);
  });

  it('converts nullable: true so that null is accepted', () => {
    const v = spec.ajv.compile(convertSchema({
      type: 'object',
      properties: {
        s: { type: 'string', nullable: true },
        e: { type: 'string', enum: ['A', 'B'], nullable: true },
        r: { $ref: '#/components/schemas/Program', nullable: true },
        plain: { type: 'string' },
      },
      required: ['plain'],
    }, 'Core'));
    expect(v({ plain: 'p', s: null, e: null, r: null })).to.equal(true);
    expect(v({ plain: 'p', s: 'x', e: 'A', r: program })).to.equal(true);
    expect(v({ plain: 'p', e: 'C' })).to.equal(false);
    expect(v({ plain: 'p', r: { programName: 1 } })).to.equal(false);
    expect(v({ plain: 'p', s: 5 })).to.equal(false);
  });

  it('accepts null in every field, but requires required members to be present', () => {
    // The official files never say `nullable`; BrAPI (and BRAVA) expect every field present, null when empty.
    const validate = spec.responseValidator('get', '/programs', 200)!;
    expect(validate(programList({ ...program, abbreviation: null, programName: null }))).to.equal(true);
    const { programName: _omitted, ...withoutName } = program;
    expect(validate(programList(withoutName))).to.equal(false);
    expect(formatErrors(validate.errors)).to.contain('data[0].programName is required');
    expect(validate(programList({ ...program, programName: 5 }))).to.equal(false);
  });

  it('resolves query parameters, excluding header and path params', () => {
    const params = spec.queryParameters('get', '/programs');
    const programType = params.find((p) => p.name === 'programType');
    expect(programType).to.not.equal(undefined);
    expect(programType!.required).to.equal(false);
    // NB: the official file spells the query enum 'STANARD' (the Program schema says 'STANDARD').
    expect(programType!.schema).to.have.property('enum').that.includes('PROJECT');
    expect(params.map((p) => p.name)).to.include.members(['page', 'pageSize', 'programDbId']);
    expect(params.map((p) => p.name)).to.not.include('Authorization');
    expect(spec.queryParameters('get', '/programs/{programDbId}').map((p) => p.name)).to.not.include('programDbId');
    const listType = spec.queryParameters('get', '/lists').find((p) => p.name === 'listType');
    expect(listType!.schema).to.have.property('enum').that.includes('germplasm');
  });

  it('exposes converted component schemas per module without collisions', () => {
    expect(spec.schema('Core', 'Program').properties).to.have.property('programName');
    expect(spec.schemaProperties('Core', 'Program')).to.include.members(['programDbId', 'programName', 'programType']);
    expect(spec.schemaProperties('Germplasm', 'Germplasm')).to.include('germplasmDbId');
    expect(() => spec.schema('Core', 'NoSuchSchema')).to.throw(/NoSuchSchema/);
    expect(JSON.stringify(spec.schema('Germplasm', 'Germplasm'))).to.not.contain('"example"');
  });

  it('merges every official operation into one document whose components never clash', () => {
    const spec = loadSpec();
    const calls = spec.operations().map((o) => ({ service: o.path.slice(1), methods: [o.method.toUpperCase()] }));
    const doc = implementedDocument(spec, calls, '/brapi/v2', '1.0.0') as any;
    expect(Object.values<object>(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0)).to.equal(spec.operations().length);
    expect(doc.components.schemas.Trait.required).to.include('traitDbId'); // Phenotyping's, the one its operations use
  });

  it('describes every tag its operations use, and puts every extension under the one Extensions tag', () => {
    const spec = loadSpec();
    const calls = spec.operations().map((o) => ({ service: o.path.slice(1), methods: [o.method.toUpperCase()] }));
    const doc = implementedDocument(spec, calls, '/brapi/v2', '1.0.0', extensionOperations) as any;
    const used = new Set(Object.values<Record<string, any>>(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
    expect(doc.tags.map((t: any) => t.name)).to.deep.equal([...used].sort());
    for (const tag of doc.tags) expect(tag.description, tag.name).to.be.a('string').and.match(/\w{3}/);
    const extensions = doc.tags.find((t: any) => t.name === 'Extensions').description;
    for (const { path, method } of extensionOperations) {
      expect(doc.paths[path][method].tags, `${method} ${path}`).to.include('Extensions');
      expect(extensions).to.include(` ${path}\``);
    }
    // The official operations keep their own tags; none is an extension.
    const official = new Set(spec.operations().map((o) => `${o.method} ${o.path}`));
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) if (official.has(`${method} ${path}`)) expect(op.tags, `${method} ${path}`).to.not.include('Extensions');
    }
    expect(extensions).to.match(/relationship-inverse`: .*text\/csv, text\/tsv, text\/plain/);
  });

  it('repairs the merged copy into valid OpenAPI, leaving the official files as loaded', async () => {
    const spec = loadSpec();
    const calls = spec.operations().map((o) => ({ service: o.path.slice(1), methods: [o.method.toUpperCase()] }));
    const emptyRequired = (value: unknown): number => Array.isArray(value) ? value.reduce((n, v) => n + emptyRequired(v), 0)
      : value !== null && typeof value === 'object'
        ? Object.entries(value).reduce((n, [k, v]) => n + (k === 'required' && Array.isArray(v) && v.length === 0 ? 1 : emptyRequired(v)), 0)
        : 0;
    const before = emptyRequired(spec.docs);
    expect(before).to.be.greaterThan(0);
    const doc = implementedDocument(spec, calls, '/brapi/v2', '1.0.0');
    expect(emptyRequired(doc)).to.equal(0);
    await SwaggerParser.validate(doc as any);
    expect(emptyRequired(spec.docs)).to.equal(before);
    expect(spec.docs.Core.components.responses['400BadRequest'].content).to.have.property('application/json');
  });
});

// Test helpers that check payloads against the official BrAPI v2.1 OpenAPI schemas.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { assert } from 'chai';
import { convertSchema } from '../../src/openapi/convert.js';
import { server } from './server.js';
import { formatErrors, loadSpec, type BrapiModule } from '../../src/openapi/spec.js';

/** Assert `body` is a valid `status` response of `method pathTemplate` (e.g. 'get', '/programs/{programDbId}'). */
export function expectValidResponse(method: string, pathTemplate: string, status: number, body: unknown): void {
  const spec = loadSpec();
  const op = `${method.toUpperCase()} ${pathTemplate}`;
  if (!spec.hasOperation(method, pathTemplate)) assert.fail(`The BrAPI spec has no operation ${op}`);
  const validate = spec.responseValidator(method, pathTemplate, status);
  if (!validate) assert.fail(`The BrAPI spec declares no JSON ${status} response for ${op}`);
  if (!validate(body)) {
    assert.fail(`${op} ${status} response does not match the BrAPI schema: ${formatErrors(validate.errors)}`);
  }
}

/** Assert every top-level property of schema `module`/`schemaName` is a key of `record` (value may be null). */
export function expectAllFields(module: BrapiModule, schemaName: string, record: object): void {
  const fields = loadSpec().schemaProperties(module, schemaName);
  const missing = fields.filter((f) => !Object.prototype.hasOwnProperty.call(record, f));
  if (missing.length) assert.fail(`${module} ${schemaName} fields missing from record: ${missing.join(', ')}`);
}

let served: Promise<any> | undefined;

/**
 * Assert `body` is a valid `status` response of `method pathTemplate` as the served document (/openapi.json) declares
 * it: for the extensions, which the official files do not have.
 */
export async function expectServedResponse(method: string, pathTemplate: string, status: number, body: unknown): Promise<void> {
  served ??= fetch(`${server().baseUrl}/openapi.json`).then(async (res) => SwaggerParser.dereference((await res.json()) as any));
  const doc = await served;
  const schema = doc.paths[pathTemplate]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;
  if (!schema) assert.fail(`The served document declares no JSON ${status} response for ${method.toUpperCase()} ${pathTemplate}`);
  const ajv = new Ajv({ strict: false, allErrors: true });
  ((ajvFormats as any).default ?? ajvFormats)(ajv);
  const validate = ajv.compile(convertSchema(schema, 'served'));
  if (!validate(body)) assert.fail(`${method.toUpperCase()} ${pathTemplate} ${status} does not match the served document: ${formatErrors(validate.errors)}`);
}

// Test helpers that check payloads against the official BrAPI v2.1 OpenAPI schemas.
import { assert } from 'chai';
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

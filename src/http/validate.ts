// Request bodies are checked against the official request schema of their operation (compiled once, see
// src/openapi/spec.ts), so a 400 names the member and what was expected.
import { BadRequestError } from '../errors.js';
import { formatErrors, loadSpec } from '../openapi/spec.js';

export function validateBody(method: string, specPath: string, body: unknown): void {
  const validate = loadSpec().requestBodyValidator(method, specPath);
  if (validate && !validate(body)) throw new BadRequestError(`Invalid request body: ${formatErrors(validate.errors)}.`);
}

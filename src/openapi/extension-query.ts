// An extension's query parameters checked from its own OpenAPI fragment (the one /docs shows), compiled once when the
// route module loads, so the declaration is the contract: required, a single value, and the schema's bounds. Shared
// parameters given by $ref (page, the authorization header) are the middleware's to check.
import { Ajv } from 'ajv';
import { BadRequestError } from '../errors.js';
import type { ExtensionOperation } from './document.js';

const ajv = new Ajv({ strict: false, coerceTypes: true, allErrors: false });

type Query = Record<string, string | string[] | undefined>;

interface Declared {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}

/** A check that throws a 400 naming the first parameter that does not fit the operation's declaration. */
export function extensionQueryCheck(op: ExtensionOperation): (query: Query) => void {
  const declared = ((op.operation.parameters ?? []) as Array<Declared | { $ref: string }>)
    .filter((p): p is Declared => !('$ref' in p) && p.in === 'query')
    .map((p) => ({ ...p, check: ajv.compile({ type: 'object', properties: { v: p.schema ?? {} } }) }));
  return (query) => {
    for (const p of declared) {
      const raw = query[p.name];
      if (raw === undefined) {
        if (p.required) throw new BadRequestError(`Query parameter ${p.name} is required.`);
        continue;
      }
      if (Array.isArray(raw)) throw new BadRequestError(`Query parameter ${p.name} takes a single value.`);
      if (!p.check({ v: raw })) {
        const problem = p.check.errors![0].message ?? 'must fit its schema';
        throw new BadRequestError(`Query parameter ${p.name} ${problem}${p.description ? ` (${p.description.replace(/\.$/, '')})` : ''}; got ${JSON.stringify(raw)}.`);
      }
    }
  };
}

// Building blocks of the extensions' operations in the OpenAPI document: the official envelope around a result schema
// of their own, and the official error responses, so that each extension declares only what is its own.
import type { ExtensionOperation } from './document.js';
import type { BrapiModule } from './spec.js';

/**
 * The one tag of every extension operation, so that /docs shows the calls outside BrAPI together rather than among the
 * official ones (document.ts describes it from the operations' own summaries).
 */
export const EXTENSIONS_TAG = 'Extensions';

/** The BrAPI envelope (`@context`, `metadata`, `result`) around a result schema. */
export const envelope = (result: object) => ({
  type: 'object',
  required: ['metadata', 'result'],
  properties: {
    '@context': { $ref: '#/components/schemas/Context' },
    metadata: { $ref: '#/components/schemas/metadata' },
    result,
  },
});

/** A result that is a page of records: `{ data: [...] }`. */
export const dataResult = (items: object) => ({ type: 'object', required: ['data'], properties: { data: { type: 'array', items } } });

/** The same answer as a table, for calls that also speak CSV and TSV. */
export const delimited = { 'text/csv': { schema: { type: 'string' } }, 'text/tsv': { schema: { type: 'string' } } };

/** A 200 answer: the envelope around `result` as JSON, and any other media types the call answers. */
export const ok = (result: object, otherMedia: Record<string, object> = {}) => ({
  description: 'OK',
  content: { 'application/json': { schema: envelope(result) }, ...otherMedia },
});

/** The errors of a read that names nothing by DbId. */
export const readErrors = {
  400: { $ref: '#/components/responses/400BadRequest' },
  401: { $ref: '#/components/responses/401Unauthorized' },
  403: { $ref: '#/components/responses/403Forbidden' },
};

/** The errors of a call that names records by DbId (404 when one does not exist). */
export const errorResponses = { ...readErrors, 404: { $ref: '#/components/responses/404NotFound' } };

/** A computing extension answered by GET (its members as query parameters) and by POST (the same as a JSON body). */
export interface GetAndPost {
  path: string;
  module: BrapiModule;
  summary: string;
  description: string;
  /** The POST's description (both forms are reads). */
  postDescription: string;
  /** Parameters of the GET only: the members the POST takes in its body. */
  query: object[];
  /** Parameters of both forms (answer shape, paging, authorization). */
  shared: object[];
  /** The POST's request body. */
  body: object;
  responses: object;
}

/** The GET and POST operations of such an extension, under the Extensions tag. */
export function getAndPost(c: GetAndPost): ExtensionOperation[] {
  const operation = { tags: [EXTENSIONS_TAG], summary: c.summary };
  return [
    { path: c.path, method: 'get', module: c.module, operation: { ...operation, description: c.description, parameters: [...c.query, ...c.shared], responses: c.responses } },
    {
      path: c.path,
      method: 'post',
      module: c.module,
      operation: { ...operation, description: c.postDescription, parameters: c.shared, requestBody: c.body, responses: c.responses },
    },
  ];
}

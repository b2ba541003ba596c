// GET /serverinfo lists exactly the calls of the official spec this server has routes for, read from the router itself, named the way
// BRAVA matches them: relative to the BrAPI base, no leading slash, path parameters in braces.
import { BadRequestError } from '../../../errors.js';
import { respondOne } from '../../../http/envelope.js';
import { publicOrigin } from '../../../http/origin.js';
import { read, type RouteDef } from '../../../http/routes.js';
import type { BrapiRouter } from '../../../http/types.js';
import { loadSpec } from '../../../openapi/spec.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const CONTENT_TYPES = ['application/json', 'text/csv', 'text/tsv', 'application/flapjack'];

export interface Call {
  service: string;
  methods: string[];
  versions: string[];
  contentTypes: string[];
  dataTypes: string[];
}

export function callsOf(router: BrapiRouter): Call[] {
  const spec = loadSpec();
  const byService = new Map<string, Set<string>>();
  const prefix = router.opts.prefix ?? '';
  for (const layer of router.stack) {
    const service = String(layer.path).slice(prefix.length).replace(/^\/+/, '').replace(/:(\w+)/g, '{$1}');
    const methods = byService.get(service) ?? new Set<string>();
    // Extensions outside the spec (GET /images/{imageDbId}/imagecontent) are documented, not listed.
    layer.methods.filter((m) => METHODS.includes(m) && spec.hasOperation(m.toLowerCase(), `/${service}`)).forEach((m) => methods.add(m));
    if (methods.size) byService.set(service, methods);
  }
  return [...byService.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([service, methods]) => ({
      service,
      methods: METHODS.filter((m) => methods.has(m)),
      versions: ['2.1'],
      contentTypes: ['application/json'],
      dataTypes: ['application/json'],
    }));
}

let calls: Call[] | undefined;

export const routes: RouteDef[] = [
  read.get('/serverinfo', (ctx) => {
    // Computed on first use, when every route is registered, from the router answering.
    calls ??= callsOf((ctx as unknown as { router: BrapiRouter }).router);
    const wanted = ctx.query.contentType ?? ctx.query.dataType;
    if (wanted !== undefined && (typeof wanted !== 'string' || !CONTENT_TYPES.includes(wanted))) {
      throw new BadRequestError(`contentType must be one of ${CONTENT_TYPES.join(', ')}.`);
    }
    // The one data call open while the demo loads: it says how far the load is.
    const loading = ctx.services.demo?.describe();
    if (loading) ctx.state.status.push({ messageType: 'WARNING', message: loading });
    respondOne(ctx, {
      calls: wanted ? calls.filter((c) => c.contentTypes.includes(wanted)) : calls,
      contactEmail: null,
      // The API documentation of this server, as the client reached it (behind a proxy: its forwarded origin).
      documentationURL: `${publicOrigin(ctx)}/docs`,
      location: null,
      organizationName: null,
      organizationURL: null,
      serverDescription: 'BrAPI v2.1 server on Neo4j: germplasm and pedigree as a graph.',
      serverName: 'brapi-neo4j',
    });
  }),
];

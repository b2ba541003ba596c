// Builds the Koa application: the shared middleware chain, the BrAPI routes under the base path, and health
// endpoints outside it.
import Router from '@koa/router';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { authenticate } from './auth/middleware.js';
import { registerFrontDoor } from './front/routes.js';
import { registerHealth } from './http/health.js';
import { registerDocs } from './docs/routes.js';
import { compression, jsonBody } from './http/middleware/compression.js';
import { cors } from './http/middleware/cors.js';
import { errorHandler } from './http/middleware/errors.js';
import { notFound } from './http/middleware/notFound.js';
import { arrayLimit } from './http/middleware/limits.js';
import { pagination } from './http/middleware/pagination.js';
import { routeCheck } from './http/middleware/routeCheck.js';
import { demoGate } from './http/middleware/demoGate.js';
import { jsonOnly } from './http/middleware/formats.js';
import { requestLog } from './http/middleware/requestLog.js';
import { routeTable } from './http/routes.js';
import type { BrapiContextExtras, BrapiRouter, BrapiState, Services } from './http/types.js';
import { routes } from './modules/registry.js';
import { registerViewer } from './viewer/routes.js';

export function createApp(services: Services) {
  const app = new Koa<BrapiState, BrapiContextExtras>();
  app.context.services = services;
  app.proxy = true;
  // Errors are answered by errorHandler; Koa's default handler would log them a second time.
  app.silent = true;

  const brapi: BrapiRouter = new Router<BrapiState, BrapiContextExtras>({ prefix: services.config.basePath });
  const table = routeTable(routes, services.config.basePath);
  brapi.use(authenticate(services.config.auth, table.accessOf));
  brapi.use(routeCheck(services.config.basePath));
  brapi.use(jsonOnly(table.formatsOf));
  brapi.use(demoGate(services.config.basePath));
  brapi.use(pagination());
  table.register(brapi);

  const root: BrapiRouter = new Router<BrapiState, BrapiContextExtras>();
  registerFrontDoor(root, services.neo4jBrowserUrl);
  registerHealth(root);
  // The document says which operations need no token: reads, unless the deployment makes them private.
  const { auth, basePath } = services.config;
  const needsNoToken = (method: string, routerPath: string) => auth.disabled || (!auth.privateReads && table.accessOf(method, routerPath) === 'read');
  registerDocs(root, brapi, basePath, needsNoToken);
  registerViewer(root);

  app.use(requestLog());
  // Before everything that can refuse a request, so preflights pass and error answers carry the CORS headers too.
  app.use(cors(services.config.corsOrigins));
  app.use(compression());
  app.use(errorHandler());
  // Inside the error handler, so that a failure writing the first chunk is still answered as a 500.
  app.use(jsonBody());
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: `${services.config.maxBodyBytes}b`, strict: true }));
  app.use(arrayLimit(services.config.maxArrayItems));
  app.use(notFound([brapi, root]));
  app.use(root.routes());
  app.use(brapi.routes());
  return { app, brapi };
}

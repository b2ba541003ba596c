// Builds the Koa application: the shared middleware chain, the BrAPI routes under the base path, and health
// endpoints outside it.
import Router from '@koa/router';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { entities } from './entities/registry.js';
import { registerEntityRoutes } from './entities/routes.js';
import { registerHealth } from './http/health.js';
import { errorHandler } from './http/middleware/errors.js';
import { notFound } from './http/middleware/notFound.js';
import { pagination } from './http/middleware/pagination.js';
import { requestLog } from './http/middleware/requestLog.js';
import type { BrapiContextExtras, BrapiRouter, BrapiState, Services } from './http/types.js';
import { registerCommonCropNames } from './modules/core/commoncropnames/routes.js';
import { registerServerInfo } from './modules/core/serverinfo/routes.js';
import { registerPedigree } from './modules/germplasm/pedigree/routes.js';

export function createApp(services: Services) {
  const app = new Koa<BrapiState, BrapiContextExtras>();
  app.context.services = services;
  app.proxy = true;
  // Errors are answered by errorHandler; Koa's default handler would log them a second time.
  app.silent = true;

  const brapi: BrapiRouter = new Router<BrapiState, BrapiContextExtras>({ prefix: services.config.basePath });
  brapi.use(pagination());
  registerServerInfo(brapi);
  registerCommonCropNames(brapi);
  // Before the generic routes, so /germplasm/{id}/pedigree is not taken for something else.
  registerPedigree(brapi);
  for (const entity of entities) registerEntityRoutes(brapi, entity);

  const root: BrapiRouter = new Router<BrapiState, BrapiContextExtras>();
  registerHealth(root);

  app.use(requestLog());
  app.use(errorHandler());
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: `${services.config.maxBodyBytes}b`, strict: true }));
  app.use(notFound([brapi, root]));
  app.use(root.routes());
  app.use(brapi.routes());
  return { app, brapi };
}

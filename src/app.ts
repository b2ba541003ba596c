// Builds the Koa application: the shared middleware chain, the BrAPI routes under the base path, and health
// endpoints outside it.
import Router from '@koa/router';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { authenticate } from './auth/middleware.js';
import { entities } from './entities/registry.js';
import { registerEntityRoutes } from './entities/routes.js';
import { registerHealth } from './http/health.js';
import { registerDocs } from './docs/routes.js';
import { cors } from './http/middleware/cors.js';
import { errorHandler } from './http/middleware/errors.js';
import { notFound } from './http/middleware/notFound.js';
import { arrayLimit } from './http/middleware/limits.js';
import { pagination } from './http/middleware/pagination.js';
import { routeCheck } from './http/middleware/routeCheck.js';
import { requestLog } from './http/middleware/requestLog.js';
import type { BrapiContextExtras, BrapiRouter, BrapiState, Services } from './http/types.js';
import { registerCommonCropNames } from './modules/core/commoncropnames/routes.js';
import { registerServerInfo } from './modules/core/serverinfo/routes.js';
import { registerListData } from './modules/core/lists/routes.js';
import { registerStudyTypes } from './modules/core/studies/studytypes.routes.js';
import { registerKinship } from './modules/extensions/kinship/routes.js';
import { registerAttributeCategories } from './modules/germplasm/attributes/categories.routes.js';
import { registerMcpd } from './modules/germplasm/germplasm/mcpd.routes.js';
import { registerPedigree } from './modules/germplasm/pedigree/routes.js';
import { registerSeedLotTransactions } from './modules/germplasm/seedlots/routes.js';
import { registerImageRoutes } from './modules/phenotyping/images/routes.js';
import { registerObservationRoutes } from './modules/phenotyping/observations/routes.js';
import { registerObservationUnitRoutes } from './modules/phenotyping/observationunits/routes.js';
import { registerVariableRoutes } from './modules/phenotyping/variables/routes.js';
import { registerSearches } from './search/routes.js';
import { registerViewer } from './viewer/routes.js';

export function createApp(services: Services) {
  const app = new Koa<BrapiState, BrapiContextExtras>();
  app.context.services = services;
  app.proxy = true;
  // Errors are answered by errorHandler; Koa's default handler would log them a second time.
  app.silent = true;

  const brapi: BrapiRouter = new Router<BrapiState, BrapiContextExtras>({ prefix: services.config.basePath });
  brapi.use(authenticate(services.config.auth, services.config.basePath));
  brapi.use(routeCheck(services.config.basePath));
  brapi.use(pagination());
  registerServerInfo(brapi);
  registerCommonCropNames(brapi);
  // Module routes before the generic ones, so /attributes/categories is not read as an attribute's DbId.
  registerPedigree(brapi);
  registerSearches(brapi);
  registerStudyTypes(brapi);
  registerListData(brapi);
  registerMcpd(brapi);
  registerAttributeCategories(brapi);
  registerSeedLotTransactions(brapi);
  registerObservationUnitRoutes(brapi);
  registerObservationRoutes(brapi);
  registerImageRoutes(brapi);
  registerVariableRoutes(brapi);
  registerKinship(brapi);
  // Deeper collections first, so /seedlots/transactions is not read as the seed lot with DbId "transactions".
  const byDepth = [...entities].sort((a, b) => b.path.split('/').length - a.path.split('/').length);
  for (const entity of byDepth) registerEntityRoutes(brapi, entity);

  const root: BrapiRouter = new Router<BrapiState, BrapiContextExtras>();
  registerHealth(root);
  registerDocs(root, brapi, services.config.basePath);
  registerViewer(root);

  app.use(requestLog());
  // Before everything that can refuse a request, so preflights pass and error answers carry the CORS headers too.
  app.use(cors(services.config.corsOrigins));
  app.use(errorHandler());
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: `${services.config.maxBodyBytes}b`, strict: true }));
  app.use(arrayLimit(services.config.maxArrayItems));
  app.use(notFound([brapi, root]));
  app.use(root.routes());
  app.use(brapi.routes());
  return { app, brapi };
}

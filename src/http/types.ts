import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { Actor } from '../auth/actor.js';
import type { Config } from '../config.js';
import type { DemoProgress } from '../demo/progress.js';
import type { Graph } from '../graph/port.js';
import type { Logger } from '../logger.js';

export interface StatusMessage {
  message: string;
  messageType: 'DEBUG' | 'ERROR' | 'WARNING' | 'INFO';
}

export interface Paging {
  page: number;
  pageSize: number;
}

/** Per-request state, filled by the middleware chain. */
export interface BrapiState {
  requestId: string;
  /** metadata.status messages for this response. */
  status: StatusMessage[];
  paging: Paging;
  /** The caller, from the bearer token (src/auth/middleware.ts). */
  actor: Actor;
}

/** Shared services, on every context (app.context). */
export interface Services {
  graph: Graph;
  config: Config;
  logger: Logger;
  /** The Neo4j Browser of the bundled database, when the service started one (linked from the front door). */
  neo4jBrowserUrl?: string;
  /** The demo load running after the service started listening (absent or complete: the data is whole). */
  demo?: DemoProgress;
}

export interface BrapiContextExtras {
  services: Services;
}

/** A route handler's context: the router adds the path parameters. */
export type BrapiContext = ParameterizedContext<BrapiState, BrapiContextExtras> & { params: Record<string, string> };
export type BrapiRouter = Router<BrapiState, BrapiContextExtras>;

// Liveness and readiness, outside the BrAPI prefix: /health says the process answers, /ready says the database
// does too and the data is whole (a load balancer stops sending traffic while it does not).
import { DatabaseUnavailableError, NotReadyError } from '../errors.js';
import type { BrapiRouter } from './types.js';

export function registerHealth(router: BrapiRouter) {
  router.get('/health', (ctx) => {
    ctx.type = 'text/plain';
    ctx.body = 'ok';
  });
  router.get('/ready', async (ctx) => {
    try {
      await ctx.services.graph.ping();
    } catch {
      throw new DatabaseUnavailableError('not ready: the database does not answer');
    }
    const loading = ctx.services.demo?.describe();
    if (loading) throw new NotReadyError(`not ready: ${loading}`);
    ctx.type = 'text/plain';
    ctx.body = 'ready';
  });
}

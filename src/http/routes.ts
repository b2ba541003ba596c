// Routes are declared where their module lives, as data (method, path, read or write, handler), and registered here
// from those tables. Registration sorts them most specific first, so a fixed path (/seedlots/transactions) always
// wins over a parameter (/seedlots/:seedLotDbId) whatever order the modules list them in, and authorization reads
// the declared access instead of guessing from the method or the path.
import type { ExtensionOperation } from '../openapi/document.js';
import { extensionContract, type ExtensionContract, type ExtensionInput } from '../openapi/extension-contract.js';
import { addStatus } from './envelope.js';
import { reportIgnored } from './query.js';
import type { BrapiContext, BrapiRouter } from './types.js';

/** What a call needs: `read` (a search or the kinship extension is a read that happens to need a body) or `write`. */
export type Access = 'read' | 'write';

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Under the BrAPI base path, in the router's form: `/seedlots/:seedLotDbId`. */
  path: string;
  access: Access;
  handler: (ctx: BrapiContext) => Promise<void> | void;
  /**
   * The media types the call answers when it is not JSON only; its handler picks one (formats.ts tableFormat). A call
   * without them answers JSON only: a request for another format is refused before it runs (middleware/formats.ts).
   */
  formats?: readonly string[];
  /** An extension's declaration, from which its parameters and body are checked before the handler runs. */
  contract?: ExtensionContract;
}

/**
 * Route declarations in one line each: `read.get('/pedigree', handler)`, `write.post('/pedigree', handler)`; an
 * extension declares its route by its OpenAPI operation, `read.operation(kinshipGet, (ctx, input) => ...)`: method
 * and path are the operation's, and the handler runs with the input its contract accepted (400 otherwise), the
 * query parameters and body members it does not declare reported as ignored.
 */
function declare(access: Access) {
  const make = (method: RouteDef['method']) => (path: string, handler: RouteDef['handler']): RouteDef => ({ method, path, access, handler });
  const operation = (op: ExtensionOperation, handler: (ctx: BrapiContext, input: ExtensionInput) => Promise<void> | void): RouteDef => {
    const contract = extensionContract(op);
    return {
      method: op.method,
      path: op.path.replace(/\{(\w+)\}/g, ':$1'),
      access,
      contract,
      handler: (ctx) => {
        const input = contract.check({ query: ctx.query, params: ctx.params, body: ctx.request.body });
        reportIgnored(ctx, input.ignoredQuery);
        for (const member of input.ignoredMembers) addStatus(ctx, 'WARNING', `Member "${member}" is not used by this call and was ignored.`);
        return handler(ctx, input);
      },
    };
  };
  return { get: make('get'), post: make('post'), put: make('put'), delete: make('delete'), operation };
}
export const read = declare('read');
export const write = declare('write');

/** The routes, declared as answering these media types (CSV/TSV tables, image bytes) besides or instead of JSON. */
export function offering(formats: readonly string[], ...routes: RouteDef[]): RouteDef[] {
  return routes.map((route) => ({ ...route, formats }));
}

/** Per path segment 0 for a fixed name, 1 for a parameter: fixed segments sort first. */
function specificity(path: string): number[] {
  return path.split('/').filter(Boolean).map((segment) => (segment.startsWith(':') ? 1 : 0));
}

function compareSpecificity(a: RouteDef, b: RouteDef): number {
  const [x, y] = [specificity(a.path), specificity(b.path)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  // Ties in name order, so the registered order never depends on the declared one.
  return x.length - y.length || a.path.localeCompare(b.path) || a.method.localeCompare(b.method);
}

/** Looks up the declared access of a registered route, as the router reports it (its full path and a method). */
export type AccessOf = (method: string, routerPath: string) => Access | undefined;

/** The media types a registered route declares it answers (RouteDef.formats); undefined: JSON only. */
export type FormatsOf = (method: string, routerPath: string) => readonly string[] | undefined;

export interface RouteTable {
  accessOf: AccessOf;
  formatsOf: FormatsOf;
  /** Adds the routes to the router, most specific first (after the middleware that reads `accessOf`). */
  register(router: BrapiRouter): void;
}

/** The routes of every module as one table; a method and path declared twice is a programming error. */
export function routeTable(routes: RouteDef[], prefix: string): RouteTable {
  const sorted = [...routes].sort(compareSpecificity);
  const declared = new Map<string, RouteDef>();
  for (const route of sorted) {
    const key = `${route.method.toUpperCase()} ${prefix}${route.path}`;
    if (declared.has(key)) throw new Error(`Route declared twice: ${key}`);
    declared.set(key, route);
  }
  // koa-router answers HEAD with the GET route.
  const find = (method: string, routerPath: string) => declared.get(`${method === 'HEAD' ? 'GET' : method} ${routerPath}`);
  return {
    accessOf: (method, routerPath) => find(method, routerPath)?.access,
    formatsOf: (method, routerPath) => find(method, routerPath)?.formats,
    register(router) {
      for (const route of sorted) router[route.method](route.path, route.handler);
    },
  };
}

/** The router path of the route that will answer this request; undefined when none will (a 404 or 405 follows). */
export function answeringPath(ctx: { method: string }): string | undefined {
  const matched = (ctx as { matched?: Array<{ path: string; methods: string[] }> }).matched ?? [];
  return matched.find((layer) => layer.methods.includes(ctx.method))?.path;
}

/** The declared access of the route that will answer this request; undefined when none will (a 404 or 405 follows). */
export function declaredAccess(ctx: { method: string }, accessOf: AccessOf): Access | undefined {
  const path = answeringPath(ctx);
  return path === undefined ? undefined : accessOf(ctx.method, path);
}

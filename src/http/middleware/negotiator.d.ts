// negotiator 1.x, koa-compress's content negotiation, as far as compression.ts uses it (it ships no types, and the
// DefinitelyTyped ones describe 0.6, without the server's preference order).
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
  export = Negotiator;
}

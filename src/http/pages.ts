// The one way pages and their assets outside the BrAPI prefix (/viewer, /docs) are answered: a content type, a
// cache policy and the page's Content-Security-Policy, with the headers every such response carries.
import type { BrapiContext } from './types.js';

export interface PageResponse {
  type: string;
  body: string | Buffer | NodeJS.ReadableStream;
  cacheControl: string;
  csp: string;
}

export function sendPage(ctx: BrapiContext, { type, body, cacheControl, csp }: PageResponse) {
  ctx.set({ 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': cacheControl });
  ctx.type = type;
  ctx.body = body;
}

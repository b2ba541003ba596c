// This server's origin as the client reached it (behind a proxy, the forwarded protocol and host: app.proxy is on),
// for absolute links in answers. Not Koa's ctx.origin, which is the request's Origin header.
export function publicOrigin(ctx: { protocol: string; host: string }): string {
  return `${ctx.protocol}://${ctx.host}`;
}

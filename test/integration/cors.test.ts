// CORS over real HTTP: the suite's server allows any origin (the default), a second instance on the same database
// allows only the origins BRAPI_CORS_ORIGINS lists, with private reads to show that preflights come before
// authentication.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { ADMIN_TOKEN, server } from '../support/server.js';

const CLIENT = 'https://client.example.org';

const preflight = (base: string, path: string, origin: string) => fetch(base + path, {
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
});

const get = (base: string, path: string, headers: Record<string, string>) => fetch(base + path, { headers: { accept: 'application/json', ...headers } });

describe('CORS', () => {
  describe('by default (any origin)', () => {
    const base = () => server().baseUrl;

    it('answers a preflight with 204, without a token and before the route checks', async () => {
      for (const path of ['/programs', '/no-such-path']) {
        const res = await preflight(base(), path, CLIENT);
        expect(res.status, path).to.equal(204);
        expect(res.headers.get('access-control-allow-origin')).to.equal('*');
        expect(res.headers.get('access-control-allow-methods')).to.contain('POST').and.contain('PUT');
        expect(res.headers.get('access-control-allow-headers')).to.contain('Authorization').and.contain('Content-Type');
        expect(Number(res.headers.get('access-control-max-age'))).to.be.greaterThan(0);
        expect(res.headers.get('access-control-allow-credentials')).to.equal(null);
      }
    });

    it('lets a GET with Origin through, exposing the request id, without Vary: Origin', async () => {
      const res = await get(base(), '/programs', { origin: CLIENT });
      expect(res.status).to.equal(200);
      expect(res.headers.get('access-control-allow-origin')).to.equal('*');
      expect(res.headers.get('access-control-expose-headers')).to.contain('X-Request-Id');
      expect(res.headers.get('vary') ?? '').to.not.match(/origin/i);
      expect((await res.json() as any).result.data).to.be.an('array');
    });

    it('puts the headers on error answers too, so the page can read them', async () => {
      const res = await get(base(), '/programs/no-such-program', { origin: CLIENT });
      expect(res.status).to.equal(404);
      expect(res.headers.get('access-control-allow-origin')).to.equal('*');
    });
  });

  describe('with BRAPI_CORS_ORIGINS', () => {
    const ALLOWED = 'https://breeding.example.org';
    let web: http.Server;
    let base: string;

    before(async () => {
      const config = loadConfig({ LOG_LEVEL: 'silent', BRAPI_READS: 'private', BRAPI_CORS_ORIGINS: `${ALLOWED}, https://Field.Example.org:8443/` });
      const { app } = createApp({ graph: server().graph, config, logger: createLogger('silent') });
      web = http.createServer(app.callback());
      await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(web.address() as AddressInfo).port}${config.basePath}`;
    });

    after(async () => {
      web.closeAllConnections();
      await new Promise((resolve) => web.close(resolve));
    });

    it('answers a listed origin\'s preflight before authentication, naming that origin', async () => {
      const res = await preflight(base, '/programs', ALLOWED);
      expect(res.status).to.equal(204);
      expect(res.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
      expect(res.headers.get('access-control-allow-headers')).to.contain('Authorization');
      expect(res.headers.get('vary')).to.match(/origin/i);
    });

    it('gives a listed origin the header on reads, with the token and without (the 401 stays readable)', async () => {
      const ok = await get(base, '/programs', { origin: ALLOWED, authorization: `Bearer ${ADMIN_TOKEN}` });
      expect(ok.status).to.equal(200);
      expect(ok.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
      expect(ok.headers.get('vary')).to.match(/origin/i);
      const refused = await get(base, '/programs', { origin: ALLOWED });
      expect(refused.status).to.equal(401);
      expect(refused.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
      expect(refused.headers.get('access-control-expose-headers')).to.contain('WWW-Authenticate');
    });

    it('matches the listed origins as browsers send them (lower case, no trailing slash)', async () => {
      const res = await get(base, '/serverinfo', { origin: 'https://field.example.org:8443', authorization: `Bearer ${ADMIN_TOKEN}` });
      expect(res.headers.get('access-control-allow-origin')).to.equal('https://field.example.org:8443');
    });

    it('gives an origin not listed no CORS header at all', async () => {
      const pre = await preflight(base, '/programs', CLIENT);
      expect(pre.status).to.equal(204);
      for (const name of ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers']) {
        expect(pre.headers.get(name), name).to.equal(null);
      }
      const res = await get(base, '/programs', { origin: CLIENT, authorization: `Bearer ${ADMIN_TOKEN}` });
      expect(res.status).to.equal(200);
      expect(res.headers.get('access-control-allow-origin')).to.equal(null);
      expect(res.headers.get('access-control-expose-headers')).to.equal(null);
      expect(res.headers.get('vary')).to.match(/origin/i);
    });

    it('refuses a list entry that is not an origin', () => {
      for (const bad of ['https://a.example.org/app', 'a.example.org', 'https://a.example.org, *']) {
        expect(() => loadConfig({ BRAPI_CORS_ORIGINS: bad }), bad).to.throw(/BRAPI_CORS_ORIGINS/);
      }
      expect(loadConfig({ BRAPI_CORS_ORIGINS: '*' }).corsOrigins).to.equal('*');
      expect(loadConfig({}).corsOrigins).to.equal('*');
    });
  });
});

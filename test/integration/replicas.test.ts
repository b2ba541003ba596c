// Two instances of the service on one database, as behind a load balancer: what one writes the other serves, and a
// saved search posted to one is read through the other from the primary (src/graph/consistency.ts), the member that
// holds every committed write on a cluster.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createApp } from '../../src/app.js';
import { connectGraph } from '../../src/graph/connect.js';
import { cypher } from '../../src/graph/cypher-files.js';
import type { Graph } from '../../src/graph/port.js';
import { createLogger } from '../../src/logger.js';
import { removeRecords } from '../support/graph.js';
import { ADMIN_TOKEN, api, server, testDatabase } from '../support/server.js';

describe('two service instances on one database', function () {
  this.timeout(60_000);
  let own: Graph;
  let replica: http.Server;
  let base: string;
  /** Every read the second instance sent, and whether it went to the primary. */
  const reads: Array<{ cypher: string; primary: boolean }> = [];

  before(async () => {
    const db = testDatabase();
    own = connectGraph({ uri: db.uri, user: db.user, password: db.password, timeoutMs: 30_000 });
    const recording = new Proxy(own, {
      get(target, prop, receiver) {
        if (prop === 'read') {
          return (cypher: string, params?: Record<string, unknown>, options?: { primary?: boolean }) => {
            reads.push({ cypher, primary: options?.primary === true });
            return target.read(cypher, params, options);
          };
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const { app } = createApp({ graph: recording, config: server().config, logger: createLogger('silent') });
    replica = http.createServer(app.callback());
    await new Promise<void>((resolve) => replica.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(replica.address() as AddressInfo).port}${server().config.basePath}`;
  });

  after(async () => {
    replica.closeAllConnections();
    await new Promise((resolve) => replica.close(resolve));
    await own.close();
  });

  const viaReplica = async (path: string) => {
    const res = await fetch(base + path, { headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept: 'application/json' } });
    return { status: res.status, json: (await res.json()) as any };
  };

  it('serves at once what the other instance wrote', async () => {
    const created = await api('POST', '/programs', [{ programName: 'Replica test program', commonCropName: 'Soybean' }]);
    expect(created.status, created.text).to.equal(200);
    const id = created.json.result.data[0].programDbId;
    const res = await viaReplica(`/programs/${encodeURIComponent(id)}`);
    expect(res.status).to.equal(200);
    expect(res.json.result.programName).to.equal('Replica test program');
    await removeRecords([{ label: 'Program', idProp: 'programDbId', id }]);
  });

  it('reads a saved search from the other instance on the primary: the snapshot and its records', async () => {
    const posted = await api('POST', '/search/germplasm', { germplasmDbIds: ['soy-essex', 'soy-williams-82'] });
    expect(posted.status).to.equal(202);
    const id = posted.json.result.searchResultsDbId;
    reads.length = 0;
    const res = await viaReplica(`/search/germplasm/${id}`);
    expect(res.status).to.equal(200);
    expect(res.json.result.data.map((g: any) => g.germplasmDbId)).to.deep.equal(['soy-essex', 'soy-williams-82']);
    // The mechanism: every read of that request went to the primary.
    expect(reads.length).to.be.at.least(3);
    // (The bearer token is looked up before the route runs, on any member: tokens are not read-your-writes data.)
    const route = reads.filter((r) => r.cypher !== cypher('auth/find-token'));
    expect(route.filter((r) => !r.primary).map((r) => r.cypher.slice(0, 60))).to.deep.equal([]);
  });

  it('reads an ordinary list anywhere (not on the primary): only read-your-writes paths pay for the primary', async () => {
    reads.length = 0;
    expect((await viaReplica('/programs')).status).to.equal(200);
    expect(reads.length).to.be.at.least(1);
    expect(reads.every((r) => !r.primary)).to.equal(true);
  });
});

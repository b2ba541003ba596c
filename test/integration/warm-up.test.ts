// At startup the service plans the statements of a first visit (src/modules/warm-up.ts). They must be the very texts
// the routes send, or Neo4j would plan them again on the first request; this finds a route that drifted away. A fresh
// start of the service must send them before it listens (a start that skips them, or sends them late, fails here).
import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';
import { BoltGraph, COMMIT } from '../../src/graph/bolt-transport.js';
import { createLogger } from '../../src/logger.js';
import { warmUp } from '../../src/modules/warm-up.js';
import { startServer } from '../../src/server.js';
import { api, server, testDatabase } from '../support/server.js';
import { statementsOf } from '../support/statements.js';

// What the viewer asks for a germplasm (its default view, record, inbreeding and generations panel, suggestions as
// a name is typed), BrAPI's default slice and the germplasm's own pedigree node.
const FIRST_VISIT = [
  '/pedigree?germplasmDbId=soy-williams-82',
  '/pedigree?germplasmDbId=soy-williams-82&pedigreeDepth=3&progenyDepth=1',
  '/germplasm/soy-williams-82',
  '/germplasm/soy-williams-82/pedigree',
  '/extensions/inbreeding?germplasmDbId=soy-williams-82',
  '/extensions/generations?germplasmDbId=soy-williams-82',
  '/extensions/germplasm-suggestions?text=Willi&pageSize=20',
];

describe('warm-up at startup', () => {
  it('sends exactly the statements of a first visit, for a germplasm that does not exist', async () => {
    let calls = 0;
    const warmed = new Set(await statementsOf(async () => (calls = await warmUp(server().graph))));
    const visited = new Set(
      await statementsOf(async () => {
        for (const path of FIRST_VISIT) {
          // No token: a public read sends no token look-up.
          const res = await api('GET', path, undefined, { authorization: '' });
          expect(res.status, `${path}: ${res.text}`).to.equal(200);
        }
      }),
    );
    expect(calls).to.equal(6);
    expect(warmed.size, 'one statement per call').to.equal(calls);
    expect([...visited].filter((text) => !warmed.has(text)), 'statements of the visit not planned at startup').to.deep.equal([]);
    expect([...warmed].filter((text) => !visited.has(text)), 'statements planned that the visit does not send').to.deep.equal([]);
  });

  it('is sent by a fresh start of the service before it listens', async function () {
    this.timeout(300_000);
    const warmed = await statementsOf(() => warmUp(server().graph));
    // A second service on the suite's database (no demo data, no admin token: it only starts and stops).
    const db = testDatabase();
    const config = loadConfig({
      NEO4J_URI: db.uri, NEO4J_USER: db.user ?? '', NEO4J_PASSWORD: db.password ?? '', BRAPI_DEMO_DATA: 'false',
      PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', NEO4J_TIMEOUT_MS: '120000',
    });
    const beforeListening: string[] = [];
    const started = await startServer(config, createLogger('silent'), ({ graph, server: http }) => {
      expect(graph).to.be.instanceOf(BoltGraph);
      (graph as BoltGraph).statementObserver = (cypher) => {
        if (cypher !== COMMIT && !http.listening) beforeListening.push(cypher);
      };
    });
    try {
      expect(started.server.listening).to.equal(true);
      expect(warmed.filter((text) => !beforeListening.includes(text)), 'warm-up statements not sent before listening').to.deep.equal([]);
    } finally {
      await started.stop();
    }
  });
});

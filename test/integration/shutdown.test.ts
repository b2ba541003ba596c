// Graceful shutdown: stop() lets a request in flight finish, then refuses new ones. A relay in front of a Neo4j (the
// shared extra one, or the suite's on TEST_NEO4J_URI) delays its answers, so the request is certainly in flight when
// stop() is called. The file starts every database it uses on the bundled Neo4j (test/support/lanes.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startServer } from '../../src/server.js';
import { extraNeo4j } from '../support/extra-neo4j.js';
import { relayTo } from '../support/relay.js';
import { onBundledNeo4j, testDatabase } from '../support/server.js';

describe('graceful shutdown', function () {
  // Starting the extra Neo4j, when no earlier file of the lane did, takes up to a minute on a loaded machine.
  this.timeout(120_000);
  it('finishes the request in flight, then refuses new ones', async () => {
    const db = onBundledNeo4j() ? { uri: (await extraNeo4j()).boltUrl } : testDatabase();
    const relay = relayTo(new URL(db.uri));
    const port = await relay.listen();
    const running = await startServer(
      loadConfig({ NEO4J_URI: `bolt://127.0.0.1:${port}`, NEO4J_USER: db.user ?? '', NEO4J_PASSWORD: db.password ?? '', PORT: '0', HOST: '127.0.0.1', BRAPI_DEMO_DATA: 'false', LOG_LEVEL: 'silent' }),
      createLogger('silent'),
    );
    try {
      relay.setDelay(800);
      const inFlight = fetch(`${running.baseUrl}/programs`).then(async (res) => ({ status: res.status, body: await res.json() }));
      await new Promise((r) => setTimeout(r, 200));
      const stopped = running.stop();
      const answer = await inFlight;
      expect(answer.status).to.equal(200);
      expect(answer.body.result.data).to.be.an('array');
      await stopped;
      const after = await fetch(`${running.baseUrl}/programs`).then(() => 'answered', () => 'refused');
      expect(after).to.equal('refused');
    } finally {
      await relay.close();
    }
  });
});

// A process manager stops `npm start` with SIGTERM to the process it started (npm). npm passes the signal to the
// script's shell, so the script execs tsx (package.json): the signal reaches the service, which stops Neo4j.
describe('npm start under a process manager', function () {
  this.timeout(180_000);
  const SIGNALS = ['SIGTERM', 'SIGINT'] as const;
  const C1_ONLY = '-XX:TieredStopAtLevel=1';

  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  interface Started {
    child: ChildProcess;
    dir: string;
    output: () => string;
    /** Resolves once the start banner printed the base URL; rejects when npm ends first or after 150 s. */
    up: Promise<void>;
  }
  const starts = new Map<(typeof SIGNALS)[number], Started>();

  const npmStart = (): Started => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brapi-npm-start-'));
    const child = spawn('npm', ['start'], {
      // Each JVM lives a few seconds past its start: C1 alone compiles what a start needs for less CPU (the option
      // reaching the JVM is checked below).
      env: {
        ...process.env, PORT: '0', BRAPI_DEV_DB_DIR: dir, BRAPI_DEV_DB_HTTP_PORT: '0', BRAPI_DEV_DB_BOLT_PORT: '0', BRAPI_DEMO_DATA: 'false',
        BRAPI_DEV_DB_JVM_OPTIONS: C1_ONLY,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (chunk) => (out += chunk));
    child.stderr!.on('data', (chunk) => (out += chunk));
    const up = (async () => {
      const deadline = Date.now() + 150_000;
      while (!/BrAPI v2\.1 base URL: (\S+)/.test(out)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not come up:\n${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    up.catch(() => undefined); // awaited by its test; not an unhandled rejection meanwhile
    return { child, dir, output: () => out, up };
  };

  // Both started at once, so their JVM starts overlap; each test then stops its own with its signal.
  before(function () {
    if (onBundledNeo4j()) for (const signal of SIGNALS) starts.set(signal, npmStart());
  });

  after(async function () {
    for (const { child, dir } of starts.values()) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const signal of SIGNALS) {
    it(`${signal} to the npm process ends the service and its Neo4j`, async function () {
      if (!onBundledNeo4j()) {
        console.log('    (skipped: starts a bundled Neo4j of its own; the suite runs on TEST_NEO4J_URI)');
        return this.skip();
      }
      const { child, output, up } = starts.get(signal)!;
      await up;
      const out = output();
      const base = /BrAPI v2\.1 base URL: (\S+)/.exec(out)![1];
      const jvm = Number(/starting \(pid (\d+)/.exec(out)![1]);
      expect((await fetch(`${base}/serverinfo`)).status).to.equal(200);
      expect(alive(jvm)).to.equal(true);
      // BRAPI_DEV_DB_JVM_OPTIONS reached the JVM, after the launcher's own options.
      if (fs.existsSync(`/proc/${jvm}/cmdline`)) expect(fs.readFileSync(`/proc/${jvm}/cmdline`, 'utf8').split('\0')).to.include(C1_ONLY);

      child.kill(signal);
      const gone = Date.now() + 40_000;
      while ((alive(jvm) || child.exitCode === null) && Date.now() < gone) await new Promise((r) => setTimeout(r, 200));
      expect(alive(jvm), 'the Neo4j JVM').to.equal(false);
      expect(child.exitCode, 'npm').to.not.equal(null);
      expect(await fetch(`${base}/serverinfo`).then(() => 'answered', () => 'refused')).to.equal('refused');
    });
  }
});

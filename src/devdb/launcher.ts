// Runs the bundled development Neo4j, the same major version as production (Neo4j 5.26 LTS community), for
// `npm start`, the CLIs, the tests and the benchmark. Maven resolves the server's jars from Maven Central
// (src/devdb/pom.xml, pinned; cached in Maven's local repository) and we start the real server entry point on them:
// Bolt for the service, HTTP for Neo4j Browser. Loopback only, bounded memory, always stopped by PID.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { styleCommand } from './browser-style.js';
import { classArchive } from './class-archive.js';

export const NEO4J_VERSION = '5.26.30';
const POM = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pom.xml');
const PROJECT_ROOT = path.resolve(path.dirname(POM), '../..');
/** Each store directory is named after the major version, so an old 3.1 store beside it is never opened by 5.x. */
const HOME_NAME = 'neo4j-5';
const ENTRY_POINT = 'org.neo4j.server.CommunityEntryPoint';

// The JVM options Neo4j 5's own launcher passes (its default neo4j.conf): direct buffer access for the page cache,
// Netty's reflection, and a hard exit on OutOfMemoryError rather than a half-alive server.
const JVM_OPTIONS = [
  '-XX:+UseG1GC', '-XX:-OmitStackTraceInFastThrow', '-XX:+AlwaysPreTouch', '-XX:+ExitOnOutOfMemoryError',
  '-XX:+UnlockExperimentalVMOptions', '-XX:+TrustFinalNonStaticFields', '-XX:+DisableExplicitGC',
  '-Djdk.nio.maxCachedBufferSize=1024', '-Dio.netty.tryReflectionSetAccessible=true', '-Djdk.tls.ephemeralDHKeySize=2048',
  '--add-opens=java.base/java.nio=ALL-UNNAMED', '--add-opens=java.base/java.io=ALL-UNNAMED',
  '--add-opens=java.base/sun.nio.ch=ALL-UNNAMED', '--enable-native-access=ALL-UNNAMED', '-Dfile.encoding=UTF-8',
];

export interface DevNeo4jOptions {
  /** Directory holding the store, config and logs. Reused when it already holds a store. */
  dir: string;
  heap?: string;
  pageCache?: string;
  /**
   * The most memory one transaction may take (db.memory.transaction.max; default 384m of the 512m heap): past it the
   * engine stops that transaction with an error the client is told about, instead of the whole JVM running out of heap.
   */
  transactionMemory?: string;
  /** Ports to use when free (0 or absent: any free port). */
  httpPort?: number;
  boltPort?: number;
  /** How long to wait for Bolt and HTTP to answer (NEO4J_START_TIMEOUT_MS; default 10 minutes). */
  startTimeoutMs?: number;
  /** The client's statement timeout (NEO4J_TIMEOUT_MS); the database gives up a little after it. */
  clientTimeoutMs?: number;
  /** JVM options added after the launcher's own. */
  jvmOptions?: string[];
  /** Map the class archive when there is one (class-archive.ts; default true), or this archive file. */
  classArchive?: boolean | string;
  log?: (line: string) => void;
}

export interface DevNeo4j {
  /** The HTTP connector: discovery and Neo4j Browser. */
  httpUrl: string;
  boltUrl: string;
  /** Opens Neo4j Browser already pointed at this database's Bolt address, without a password. */
  browserUrl: string;
  pid: number;
  dir: string;
  /**
   * SIGTERM, then SIGKILL if the JVM has not ended after `waitMs` (30 s by default). Resolves true when it ended by
   * itself.
   */
  stop(waitMs?: number): Promise<boolean>;
}

/** Java 17 or later is missing: the message names the Debian package. */
export class JavaMissingError extends Error {
  constructor(found?: string) {
    super(`${found ? `Java ${found} is too old` : 'Java was not found'}: the bundled Neo4j ${NEO4J_VERSION} needs Java 17 ` +
      'or later. Install it with `apt-get install -y openjdk-17-jre-headless` (Debian/Ubuntu), or set NEO4J_URI to a ' +
      'running Neo4j 5.');
  }
}

/** Maven is missing: it fetches the bundled Neo4j from Maven Central. */
export class MavenMissingError extends Error {
  constructor() {
    super(`Maven was not found: it fetches the bundled Neo4j ${NEO4J_VERSION} from Maven Central on first start. ` +
      'Install it with `apt-get install -y maven` (Debian/Ubuntu), or set NEO4J_URI to a running Neo4j 5.');
  }
}

/** The Java command to run and what its `-version` printed (which names the JVM's build). */
export function javaCommand(): { cmd: string; version: string } {
  const candidates = [process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : '', 'java'];
  let tooOld: string | undefined;
  for (const cmd of candidates.filter(Boolean)) {
    const probe = spawnSync(cmd, ['-version'], { encoding: 'utf8' });
    if (probe.status !== 0) continue;
    const version = /version "(\d+)(?:\.(\d+))?/.exec(probe.stderr)?.slice(1) ?? [];
    const major = version[0] === '1' ? Number(version[1]) : Number(version[0]);
    if (major >= 17) return { cmd, version: probe.stderr };
    tooOld = version.filter(Boolean).join('.');
  }
  throw new JavaMissingError(tooOld);
}

/**
 * The server's classpath. Maven resolves src/devdb/pom.xml once (downloading into its local repository on the first
 * run); the answer is cached per pom content under .data/, and used as long as every jar it names is still there.
 */
export function neo4jClasspath(log: (line: string) => void = () => undefined, pomFile = POM): string {
  const pom = fs.readFileSync(pomFile);
  const hash = crypto.createHash('sha256').update(pom).digest('hex').slice(0, 16);
  const cacheFile = path.join(PROJECT_ROOT, '.data', `neo4j-classpath-${hash}.txt`);
  if (fs.existsSync(cacheFile)) {
    const classpath = fs.readFileSync(cacheFile, 'utf8').trim();
    if (classpath && classpath.split(path.delimiter).every((jar) => fs.existsSync(jar))) return classpath;
  }
  if (spawnSync('mvn', ['-v'], { encoding: 'utf8' }).status !== 0) throw new MavenMissingError();
  log(`Resolving Neo4j ${NEO4J_VERSION} and Neo4j Browser from Maven Central with ${path.relative(PROJECT_ROOT, pomFile)} (the first time ` +
    'this downloads about 140 MB into ~/.m2; later starts reuse it)');
  const started = Date.now();
  fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  const mvn = spawnSync('mvn', ['-q', '-B', '-f', pomFile, 'dependency:build-classpath', `-Dmdep.outputFile=${tmp}`,
    '-Dmdep.includeScope=runtime'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (mvn.status !== 0 || !fs.existsSync(tmp)) {
    throw new Error(`Maven could not resolve the bundled Neo4j (src/devdb/pom.xml):\n${(mvn.stdout + mvn.stderr).slice(-3000)}`);
  }
  fs.renameSync(tmp, cacheFile);
  const classpath = fs.readFileSync(cacheFile, 'utf8').trim();
  log(`Neo4j ${NEO4J_VERSION} resolved: ${classpath.split(path.delimiter).length} jars in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return classpath;
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

interface Ports {
  http: number;
  bolt: number;
}

function writeConfig(home: string, ports: Ports, pageCache: string, txTimeoutSeconds: number, txMemory: string): void {
  const conf = [
    '# Written by src/devdb/launcher.ts on every start; edits here are overwritten.',
    `server.directories.data=${path.join(home, 'data')}`,
    `server.directories.logs=${path.join(home, 'logs')}`,
    `server.directories.import=${path.join(home, 'import')}`,
    `server.directories.plugins=${path.join(home, 'plugins')}`,
    'server.default_listen_address=127.0.0.1',
    'server.default_advertised_address=127.0.0.1',
    `server.bolt.listen_address=127.0.0.1:${ports.bolt}`,
    `server.bolt.advertised_address=127.0.0.1:${ports.bolt}`,
    'server.bolt.tls_level=DISABLED',
    `server.http.listen_address=127.0.0.1:${ports.http}`,
    `server.http.advertised_address=127.0.0.1:${ports.http}`,
    'server.https.enabled=false',
    // A throwaway, loopback-only development store: no password (see DESIGN.md).
    'dbms.security.auth_enabled=false',
    `server.memory.pagecache.size=${pageCache}`,
    'dbms.usage_report.enabled=false',
    'client.allow_telemetry=false',
    // Stop any statement the service has given up on (its own timeout is NEO4J_TIMEOUT_MS, 30 s by default),
    // rather than let it run on in the database.
    `db.transaction.timeout=${txTimeoutSeconds}s`,
    // One oversized request fails on its own (413 to its client) rather than taking the heap every request shares.
    `db.memory.transaction.max=${txMemory}`,
    // A development store needs no transaction log history beyond recovery.
    'db.tx_log.rotation.retention_policy=2 files',
    // Bolt's network threads otherwise wait for a quiet moment before they stop, which was most of a clean stop's
    // time (docs/operations.md); by then every connection is closed and nothing is left to wait for.
    'internal.dbms.bolt.netty_server_shutdown_quiet_period=0',
    // What Neo4j Browser runs once connected, commands split at semicolons: the style that captions each node by
    // its name (browser-style.ts), then (`:auto` runs Cypher) a first look at the pedigree, Williams 82's parents and
    // grandparents, drawn as a graph.
    `browser.post_connect_cmd=${styleCommand()}; auto MATCH p = (:Germplasm {germplasmDbId: 'soy-williams-82'})-[:PARENT*1..2]->(:Germplasm) RETURN p`,
    '',
  ].join('\n');
  fs.mkdirSync(path.join(home, 'conf'), { recursive: true });
  fs.writeFileSync(path.join(home, 'conf', 'neo4j.conf'), conf);
}

async function boltAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** How often the wait for Neo4j says it is still waiting. */
const PROGRESS_EVERY_MS = 10_000;

/**
 * Waits until discovery answers over HTTP and the Bolt port accepts connections (Bolt opens before HTTP), saying every
 * few seconds that it still waits: a busy machine takes minutes, and silence reads as a hang.
 */
async function waitUntilAnswering(ports: Ports, child: ChildProcess, timeoutMs: number, home: string, log?: (line: string) => void) {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let nextProgress = started + PROGRESS_EVERY_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`Neo4j exited with code ${child.exitCode} during start (its store and logs: ${home}). Last log lines:\n${logTail(home)}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${ports.http}/`, { signal: AbortSignal.timeout(1000) });
      if (res.ok && (await boltAnswers(ports.bolt))) return;
    } catch {
      // not listening yet
    }
    if (Date.now() >= nextProgress) {
      nextProgress += PROGRESS_EVERY_MS;
      log?.(`Neo4j is still starting (${Math.round((Date.now() - started) / 1000)} s of at most ${Math.round(timeoutMs / 1000)} s, ` +
        `NEO4J_START_TIMEOUT_MS; its log: ${path.join(home, 'logs', 'neo4j.log')})`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new StartTimeoutError(timeoutMs, home, ports.bolt);
}

/** The bundled Neo4j did not answer in time: the message names the limit's variable and the store's folder. */
export class StartTimeoutError extends Error {
  constructor(timeoutMs: number, home: string, boltPort: number) {
    super(`Neo4j did not answer on 127.0.0.1:${boltPort} within ${Math.round(timeoutMs / 1000)} s. A busy machine can need ` +
      `longer: set NEO4J_START_TIMEOUT_MS (now ${timeoutMs}) higher, or stop what loads the machine. Its store and logs ` +
      `are in ${home} (logs/neo4j.log, logs/console.log). Last log lines:\n${logTail(home)}`);
  }
}

/** What the JVM writes (console.log: its own fatal-error report) and what Neo4j writes (neo4j.log: why it stopped). */
const logFiles = (home: string) => ['console.log', 'neo4j.log'].map((file) => path.join(home, 'logs', file));

function logTail(home: string): string {
  const lines: string[] = [];
  for (const file of logFiles(home)) {
    if (fs.existsSync(file)) lines.push(...fs.readFileSync(file, 'utf8').split('\n').slice(-20));
  }
  return lines.join('\n');
}

/** What the logs gain from now on (every start appends to them). */
function logsFromHere(home: string): () => string {
  const files = logFiles(home);
  const from = files.map((file) => fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0);
  return () => files.map((file, i) => fs.existsSync(file) ? fs.readFileSync(file).subarray(from[i]).toString('utf8') : '').join('\n');
}

/**
 * Runs the JVM under a small bash watchdog that ends it (SIGTERM, then waits) as soon as this Node process is gone,
 * however it went: a crash, SIGKILL, or a process manager's SIGTERM to a parent that never reached our handlers.
 * So no JVM outlives the service, a CLI or the test suite. The JVM's own PID is written to the pid file.
 */
const WATCHDOG = `
parent=$1; pidfile=$2; shift 2
"$@" &
jvm=$!
echo "$jvm" > "$pidfile"
trap 'kill -TERM "$jvm" 2>/dev/null; wait "$jvm"; exit' TERM INT
while kill -0 "$parent" 2>/dev/null && kill -0 "$jvm" 2>/dev/null; do sleep 1 & wait $!; done
kill -TERM "$jvm" 2>/dev/null
wait "$jvm"
`;

async function jvmPid(pidFile: string, child: ChildProcess): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const text = fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').trim() : '';
    if (/^\d+$/.test(text)) return Number(text);
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('Neo4j did not start: the watchdog wrote no JVM PID');
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
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

/** Neo4j Browser's address with the Bolt URL and "no authentication" filled in on its connect form. */
export function browserUrl(httpUrl: string, boltUrl: string): string {
  return `${httpUrl}/browser/?dbms=${encodeURIComponent(boltUrl)}&preselectAuthMethod=NO_AUTH`;
}

/** Starts the bundled Neo4j and resolves when Bolt and HTTP answer. Call stop() to end it. */
export function startDevNeo4j(opts: DevNeo4jOptions): Promise<DevNeo4j> {
  return launch(opts, 1);
}

/** Starts of one startDevNeo4j that may lose their ports to another process before Neo4j binds them. */
const PORT_ATTEMPTS = 3;

async function launch(opts: DevNeo4jOptions, attempt: number): Promise<DevNeo4j> {
  const java = javaCommand();
  const classpath = neo4jClasspath(opts.log);
  const archive = typeof opts.classArchive === 'string' ? opts.classArchive
    : opts.classArchive === false ? undefined : classArchive(java.version, classpath);
  const home = path.resolve(opts.dir, HOME_NAME);
  const ports = { http: await freePort(opts.httpPort), bolt: await freePort(opts.boltPort) };
  writeConfig(home, ports, opts.pageCache ?? '128m', Math.ceil((opts.clientTimeoutMs ?? 30_000) / 1000) + 5, opts.transactionMemory ?? '384m');
  fs.mkdirSync(path.join(home, 'logs'), { recursive: true });
  const out = fs.openSync(path.join(home, 'logs', 'console.log'), 'a');
  const written = logsFromHere(home);

  // The JVM's temporary files (Neo4j Browser's unpacked web app, Netty's native library) live in the home, not the
  // machine's /tmp: a JVM that is killed leaves them where its next start clears them, or where a removed store goes.
  const tmp = path.join(home, 'tmp');
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp);
  const heap = opts.heap ?? '512m';
  const args = [`-Xms${heap}`, `-Xmx${heap}`, ...JVM_OPTIONS, `-Djava.io.tmpdir=${tmp}`, ...(archive ? [`-XX:SharedArchiveFile=${archive}`] : []),
    ...(opts.jvmOptions ?? []), '-cp', classpath, ENTRY_POINT,
    `--home-dir=${home}`, `--config-dir=${path.join(home, 'conf')}`];
  const started = Date.now();
  const pidFile = path.join(home, 'neo4j.pid');
  fs.rmSync(pidFile, { force: true });
  const child = spawn('bash', ['-c', WATCHDOG, 'neo4j-watchdog', String(process.pid), pidFile, java.cmd, ...args],
    { cwd: home, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const pid = await jvmPid(pidFile, child);
  opts.log?.(`Neo4j ${NEO4J_VERSION} starting (pid ${pid}, bolt ${ports.bolt}, http ${ports.http}, store ${home}` +
    `${archive ? ', classes from the archive' : ''})`);

  let stopped: Promise<boolean> | undefined;
  const stop = (waitMs = 30_000) => {
    stopped ??= (async () => {
      let byItself = true;
      if (child.exitCode === null && child.signalCode === null) {
        signal(pid, 'SIGTERM');
        // A clean shutdown checkpoints the store; only a JVM that hangs is killed.
        if (!(await waitForExit(child, waitMs))) {
          byItself = false;
          signal(pid, 'SIGKILL');
          await waitForExit(child, 5_000);
        }
      }
      fs.rmSync(pidFile, { force: true });
      return byItself;
    })();
    return stopped;
  };

  try {
    await waitUntilAnswering(ports, child, opts.startTimeoutMs ?? 600_000, home, opts.log);
  } catch (err) {
    const output = child.exitCode !== null ? written() : '';
    await stop();
    // The ports were free when looked at, not when Neo4j bound them: another process (a client's outgoing
    // connection takes a port from the same range) can come between. Start again on ports free now.
    if (/Address already in use/.test(output) && attempt < PORT_ATTEMPTS) {
      opts.log?.('Neo4j lost a port to another process during its start; starting it again on other ports');
      return launch({ ...opts, httpPort: 0, boltPort: 0 }, attempt + 1);
    }
    // An archive the JVM cannot map whole (damaged on disk) ends it at once with a fatal error (the JVM's own report,
    // not Neo4j's): start once more without it, and if that start works the archive was the cause, so it goes
    // (class-archive.ts). A start that ends for another reason (a bad setting) keeps the archive and says why.
    if (archive && /A fatal error has been detected by the Java Runtime Environment/.test(output)) {
      const retry = await launch({ ...opts, classArchive: false }, attempt);
      fs.rmSync(archive, { force: true });
      opts.log?.(`Neo4j did not start with its class archive and did without it; the archive was removed (${archive})`);
      return retry;
    }
    throw err;
  }
  opts.log?.(`Neo4j ${NEO4J_VERSION} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const httpUrl = `http://127.0.0.1:${ports.http}`;
  const boltUrl = `bolt://127.0.0.1:${ports.bolt}`;
  return { httpUrl, boltUrl, browserUrl: browserUrl(httpUrl, boltUrl), pid, dir: home, stop };
}

/**
 * The Bolt URL of a bundled Neo4j already running from `dir` (started by `npm start`), or undefined. Tools such as
 * the token CLI use it so they do not start a second JVM on a store that is in use.
 */
export function runningDevNeo4j(dir: string): string | undefined {
  const home = path.resolve(dir, HOME_NAME);
  try {
    const pid = Number(fs.readFileSync(path.join(home, 'neo4j.pid'), 'utf8'));
    process.kill(pid, 0);
    const conf = fs.readFileSync(path.join(home, 'conf', 'neo4j.conf'), 'utf8');
    const [, address] = /^server\.bolt\.listen_address=(\S+)$/m.exec(conf) ?? [];
    return address ? `bolt://${address}` : undefined;
  } catch {
    return undefined;
  }
}

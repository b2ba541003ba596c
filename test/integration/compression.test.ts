// Compression over real HTTP (node:http, which neither asks for nor undoes an encoding by itself): big answers go
// gzip or brotli when the client accepts it (compressed whole up to WHOLE_BYTES, streamed above) and decode to
// exactly the plain answer; small ones, HEAD, and clients that name no encoding get the plain bytes.
import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { CHUNK_BYTES, WHOLE_BYTES } from '../../src/http/body.js';
import { COMPRESS_THRESHOLD_BYTES } from '../../src/http/middleware/compression.js';
import { server } from '../support/server.js';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode: Record<string, (b: Buffer) => Buffer> = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync };

const varies = (r: Raw) => String(r.headers.vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

describe('compression', () => {
  const base = () => server().baseUrl;
  const root = () => new URL(server().baseUrl).origin;
  const FULL_TREE = '/pedigree?germplasmDbId=soy-williams-82&includeFullTree=true&pageSize=5000';

  it('sends a big JSON answer gzip or brotli, which decodes to exactly the plain answer', async () => {
    const plain = await request(base() + FULL_TREE, { 'accept-encoding': 'identity' });
    expect(plain.status).to.equal(200);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(varies(plain)).to.equal(true);
    const parsed = JSON.parse(plain.body.toString('utf8'));
    expect(parsed.result.data.length).to.be.greaterThan(1000);
    for (const encoding of ['gzip', 'br']) {
      const packed = await request(base() + FULL_TREE, { 'accept-encoding': encoding });
      expect(packed.status, encoding).to.equal(200);
      expect(packed.headers['content-encoding'], encoding).to.equal(encoding);
      expect(packed.headers['content-type']).to.match(/^application\/json/);
      expect(varies(packed), encoding).to.equal(true);
      expect(packed.body.length, encoding).to.be.below(plain.body.length / 4);
      expect(decode[encoding](packed.body).equals(plain.body), encoding).to.equal(true);
      console.log(`      Williams 82 full tree: ${plain.body.length} bytes, ${encoding} ${packed.body.length}`);
    }
  });

  it('prefers brotli when both are offered, and honours q=0', async () => {
    const both = await request(base() + FULL_TREE, { 'accept-encoding': 'gzip, deflate, br' });
    expect(both.headers['content-encoding']).to.equal('br');
    const noBrotli = await request(base() + FULL_TREE, { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).to.equal('gzip');
  });

  it('sends a JSON answer of one chunk compressed whole, with its length, negotiated as the streamed ones', async () => {
    const url = `${base()}/germplasm?commonCropName=Soybean&pageSize=10`;
    const plain = await request(url, { 'accept-encoding': 'identity' });
    expect(plain.body.length).to.be.within(COMPRESS_THRESHOLD_BYTES, CHUNK_BYTES);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    for (const [accept, encoding] of [['gzip', 'gzip'], ['gzip, deflate, br', 'br'], ['br;q=0, gzip', 'gzip'], ['*', 'gzip']]) {
      const packed = await request(url, { 'accept-encoding': accept });
      expect(packed.headers['content-encoding'], accept).to.equal(encoding);
      expect(Number(packed.headers['content-length']), accept).to.equal(packed.body.length);
      expect(packed.headers['transfer-encoding'], accept).to.equal(undefined);
      expect(varies(packed), accept).to.equal(true);
      expect(decode[encoding](packed.body).equals(plain.body), accept).to.equal(true);
    }
    const refused = await request(url, { 'accept-encoding': 'gzip;q=0, br;q=0' });
    expect(refused.headers['content-encoding']).to.equal(undefined);
    expect(refused.body.equals(plain.body)).to.equal(true);
  });

  it('sends an answer of up to WHOLE_BYTES compressed whole with its length (brotli in the thread pool), and streams a bigger one', async () => {
    const url = `${base()}/pedigree?germplasmDbId=soy-williams-82&pedigreeDepth=3&progenyDepth=3`;
    const plain = await request(url, { 'accept-encoding': 'identity' });
    expect(plain.body.length).to.be.within(CHUNK_BYTES, WHOLE_BYTES);
    expect(Number(plain.headers['content-length'])).to.equal(plain.body.length);
    for (const encoding of ['gzip', 'br']) {
      const packed = await request(url, { 'accept-encoding': encoding });
      expect(packed.headers['content-encoding'], encoding).to.equal(encoding);
      expect(Number(packed.headers['content-length']), encoding).to.equal(packed.body.length);
      expect(decode[encoding](packed.body).equals(plain.body), encoding).to.equal(true);
    }
    // Over a megabyte, below WHOLE_BYTES: gzip too runs in the thread pool, the answer still whole with its length.
    const tree = await request(base() + FULL_TREE, { 'accept-encoding': 'identity' });
    expect(tree.body.length).to.be.within(1024 * 1024, WHOLE_BYTES);
    for (const encoding of ['gzip', 'br']) {
      const packed = await request(base() + FULL_TREE, { 'accept-encoding': encoding });
      expect(packed.headers['content-encoding'], encoding).to.equal(encoding);
      expect(Number(packed.headers['content-length']), encoding).to.equal(packed.body.length);
      expect(decode[encoding](packed.body).equals(tree.body), encoding).to.equal(true);
    }
    // Every sibling list of a whole collection's page: about 12 MB, streamed.
    const BIG = '/pedigree?collection=SoyBase%20parentage&pageSize=5000&includeSiblings=true';
    const bigPlain = await request(base() + BIG, { 'accept-encoding': 'identity' });
    expect(bigPlain.body.length).to.be.greaterThan(WHOLE_BYTES);
    for (const encoding of ['identity', 'gzip']) {
      const big = await request(base() + BIG, { 'accept-encoding': encoding });
      expect(big.headers['content-length'], encoding).to.equal(undefined);
      expect(big.headers['transfer-encoding'], encoding).to.equal('chunked');
      expect((encoding === 'gzip' ? zlib.gunzipSync(big.body) : big.body).equals(bigPlain.body), encoding).to.equal(true);
    }
  });

  it('compresses nothing for a client that sends no Accept-Encoding', async () => {
    const res = await request(base() + FULL_TREE);
    expect(res.headers['content-encoding']).to.equal(undefined);
    expect(JSON.parse(res.body.toString('utf8')).result.data.length).to.be.greaterThan(1000);
    const asset = await request(`${root()}/docs/swagger-ui-bundle.js`);
    expect(asset.headers['content-encoding']).to.equal(undefined);
    expect(asset.body.length).to.be.greaterThan(100_000);
  });

  it('leaves a small answer and a small error as they are, with their length', async () => {
    const small = await request(`${base()}/commoncropnames`, { 'accept-encoding': 'gzip, br' });
    expect(small.status).to.equal(200);
    expect(small.body.length).to.be.below(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).to.equal(undefined);
    expect(Number(small.headers['content-length'])).to.equal(small.body.length);
    expect(JSON.parse(small.body.toString('utf8')).result.data).to.include('Soybean');
    const missing = await request(`${base()}/germplasm/no-such-germplasm`, { 'accept-encoding': 'gzip, br' });
    expect(missing.status).to.equal(404);
    expect(missing.headers['content-encoding']).to.equal(undefined);
    expect(missing.headers['content-type']).to.match(/^text\/plain/);
  });

  it('compresses CSV answers, the docs script and the viewer', async () => {
    const ids = JSON.parse((await request(`${base()}/germplasm?commonCropName=Soybean&pageSize=40`)).body.toString('utf8')).result.data
      .map((g: { germplasmDbId: string }) => `germplasmDbId=${encodeURIComponent(g.germplasmDbId)}`).join('&');
    const pages = [
      `${base()}/extensions/kinship?${ids}&format=csv`,
      `${root()}/docs/swagger-ui-bundle.js`,
      `${root()}/viewer`,
    ];
    for (const url of pages) {
      const plain = await request(url, { 'accept-encoding': 'identity' });
      expect(plain.status, url).to.equal(200);
      expect(plain.body.length, url).to.be.at.least(COMPRESS_THRESHOLD_BYTES);
      const packed = await request(url, { 'accept-encoding': 'gzip' });
      expect(packed.headers['content-encoding'], url).to.equal('gzip');
      expect(zlib.gunzipSync(packed.body).equals(plain.body), url).to.equal(true);
    }
  });

  it('answers HEAD with the headers of GET and no body, unencoded', async () => {
    const res = await request(base() + FULL_TREE, { 'accept-encoding': 'gzip, br' }, 'HEAD');
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    expect(res.headers['content-encoding']).to.equal(undefined);
    expect(res.body.length).to.equal(0);
  });
});

// The auth matrix: who may call what. Opaque API tokens (made with the CLI and the token module), JWTs (HMAC secret
// and a JWKS file, on a second app instance over the same database), the role policy (public or private reads,
// writes need the write role), ownership (only the creator or an admin changes a record) and private saved searches.
import { expect } from 'chai';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { createApp } from '../../src/app.js';
import { createApiToken } from '../../src/auth/tokens.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { cli, cliAsProcess } from '../support/cli.js';
import { removeVariantSets, removeVendorOrders, vendorOrderIds } from '../support/genotyping.js';
import { api, server, testDatabase } from '../support/server.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const ISSUER = 'https://auth.example.org';
const AUDIENCE = 'brapi-test';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A second instance of the app on the test database, with its own auth settings; closed by `close()`. */
async function instance(env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const { app } = createApp({ graph: server().graph, config, logger: createLogger('silent') });
  const web = http.createServer(app.callback());
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(web.address() as AddressInfo).port}${config.basePath}`;
  return {
    call: async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(base + p, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, json: text.startsWith('{') ? JSON.parse(text) : undefined };
    },
    close: () => new Promise<void>((r) => { web.closeAllConnections(); web.close(() => r()); }),
  };
}

function jwt(claims: Record<string, unknown>, { secret = SECRET, exp = '10m', aud = AUDIENCE, iss = ISSUER } = {}) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(claims.sub ?? 'jwt-user'))
    .setIssuer(iss).setAudience(aud).setIssuedAt().setExpirationTime(exp).sign(new TextEncoder().encode(secret));
}

const programCount = async () => (await api('GET', '/programs?pageSize=1')).json.metadata.pagination.totalCount as number;

describe('authentication and authorization', () => {
  let reader: string;
  let alice: string;
  let bob: string;
  before(async () => {
    const graph = server().graph;
    reader = (await createApiToken(graph, 'reader', ['read'])).token;
    alice = (await createApiToken(graph, 'alice', ['read', 'write'])).token;
    bob = (await createApiToken(graph, 'bob', ['write'])).token;
  });

  describe('opaque API tokens', () => {
    it('reads are public by default; a write without a token is a plain-text 401 with a Bearer challenge, and writes nothing', async () => {
      expect((await api('GET', '/programs', undefined, { authorization: '' })).status).to.equal(200);
      const before = await programCount();
      const res = await api('POST', '/programs', [{ programName: 'Anonymous' }], { authorization: '' });
      expect(res.status).to.equal(401);
      expect(res.headers.get('www-authenticate')).to.match(/^Bearer/);
      expect(res.headers.get('content-type')).to.match(/^text\/plain/);
      expect(res.text).to.match(/bearer token with the write role/);
      expect(await programCount()).to.equal(before);
    });

    it('a malformed header, an unknown token and a revoked token are 401 invalid_token / invalid_request', async () => {
      const basic = await api('POST', '/programs', [{}], { authorization: 'Basic YWxpY2U6c2VjcmV0' });
      expect(basic.status).to.equal(401);
      expect(basic.headers.get('www-authenticate')).to.contain('error="invalid_request"');
      const unknown = await api('GET', '/programs', undefined, bearer('brapi_not-a-real-token'));
      expect(unknown.status).to.equal(401);
      expect(unknown.headers.get('www-authenticate')).to.contain('error="invalid_token"');
      expect(unknown.text).to.match(/unknown or has been revoked/);
    });

    it('a read-only token may read and search but not write (403)', async () => {
      expect((await api('GET', '/germplasm?pageSize=1', undefined, bearer(reader))).status).to.equal(200);
      expect((await api('POST', '/search/programs', {}, bearer(reader))).status).to.equal(202);
      const res = await api('POST', '/germplasm', [{ germplasmName: 'Read-only attempt' }], bearer(reader));
      expect(res.status).to.equal(403);
      expect(res.text).to.match(/"reader" does not have the write role/);
      expect((await api('GET', '/germplasm?germplasmName=Read-only%20attempt')).json.result.data).to.have.length(0);
    });

    it('only the creator or an admin updates a record (Core: programs)', async () => {
      const created = await api('POST', '/programs', [{ programName: 'Alice program' }], bearer(alice));
      expect(created.status, created.text).to.equal(200);
      const id = created.json.result.data[0].programDbId;
      const byBob = await api('PUT', `/programs/${id}`, { objective: 'taken over' }, bearer(bob));
      expect(byBob.status).to.equal(403);
      expect(byBob.text).to.contain(`"${id}"`);
      expect((await api('GET', `/programs/${id}`)).json.result.objective).to.equal(null);
      expect((await api('PUT', `/programs/${id}`, { objective: 'by alice' }, bearer(alice))).status).to.equal(200);
      expect((await api('PUT', `/programs/${id}`, { objective: 'by the admin' })).status).to.equal(200);
      expect((await api('GET', `/programs/${id}`)).json.result.objective).to.equal('by the admin');
    });

    it('records with no creator (the demo data) change only by an admin', async () => {
      const res = await api('PUT', '/programs/program-soybean-main', { objective: 'mine now' }, bearer(alice));
      expect(res.status).to.equal(403);
      expect((await api('GET', '/programs/program-soybean-main')).json.result.objective).to.not.equal('mine now');
    });

    it('a bulk PUT naming one record the user does not own changes none (Germplasm: crosses)', async () => {
      const made = await api('POST', '/crosses', [{ crossName: 'A x B (alice)' }], bearer(alice));
      expect(made.status, made.text).to.equal(200);
      const mine = made.json.result.data[0].crossDbId;
      const theirs = (await api('GET', '/crosses?pageSize=100')).json.result.data.find((c: any) => c.crossDbId !== mine).crossDbId;
      const res = await api('PUT', '/crosses', { [mine]: { crossName: 'renamed' }, [theirs]: { crossName: 'renamed' } }, bearer(alice));
      expect(res.status).to.equal(403);
      expect(res.text).to.contain(`"${theirs}"`).and.not.contain(`"${mine}"`);
      expect((await api('GET', `/crosses?crossDbId=${mine}`)).json.result.data[0].crossName).to.equal('A x B (alice)');
    });

    it('pedigree uploads remember the creator; another user cannot re-parent them (Germplasm: pedigree)', async () => {
      const nodes = [
        { germplasmDbId: 'auth-child', germplasmName: 'Auth Child', parents: [{ germplasmDbId: 'soy-williams-82', parentType: 'FEMALE' }] },
      ];
      expect((await api('POST', '/pedigree', nodes, bearer(alice))).status).to.equal(200);
      const edit = [{ germplasmDbId: 'auth-child', parents: [{ germplasmDbId: 'soy-essex', parentType: 'FEMALE' }] }];
      const res = await api('PUT', '/pedigree', edit, bearer(bob));
      expect(res.status).to.equal(403);
      const parents = (await api('GET', '/pedigree?germplasmDbId=auth-child&pedigreeDepth=1&progenyDepth=0')).json.result.data
        .find((n: any) => n.germplasmDbId === 'auth-child').parents.map((p: any) => p.germplasmDbId);
      expect(parents).to.deep.equal(['soy-williams-82']);
      expect((await api('PUT', '/pedigree', edit, bearer(alice))).status).to.equal(200);
      // Giving a demo cultivar (no creator) a parent changes it: admin only.
      const graft = [{ germplasmDbId: 'soy-essex', parents: [{ germplasmDbId: 'auth-child', parentType: 'MALE' }] }];
      expect((await api('POST', '/pedigree', graft, bearer(alice))).status).to.equal(403);
    });

    it('replacing a parent\'s progeny cannot detach another user\'s child (Germplasm: PUT /pedigree progeny)', async () => {
      const parent = [{ germplasmDbId: 'auth-own-parent', germplasmName: 'Auth Own Parent' }];
      expect((await api('POST', '/pedigree', parent, bearer(alice))).status).to.equal(200);
      const child = [{ germplasmDbId: 'auth-their-child', germplasmName: 'Auth Their Child', parents: [{ germplasmDbId: 'auth-own-parent', parentType: 'FEMALE' }] }];
      expect((await api('POST', '/pedigree', child, bearer(bob))).status).to.equal(200);
      // Alice owns the parent, not Bob's child: emptying the parent's progeny would take the child's parent away.
      const detach = await api('PUT', '/pedigree', { 'auth-own-parent': { progeny: [] } }, bearer(alice));
      expect(detach.status, detach.text).to.equal(403);
      expect(detach.text).to.contain('"auth-their-child"');
      const parents = (await api('GET', '/pedigree?germplasmDbId=auth-their-child&pedigreeDepth=1&progenyDepth=0')).json.result.data
        .find((n: any) => n.germplasmDbId === 'auth-their-child').parents.map((p: any) => p.germplasmDbId);
      expect(parents).to.deep.equal(['auth-own-parent']);
      // One who may change both (an admin) may.
      expect((await api('PUT', '/pedigree', { 'auth-own-parent': { progeny: [] } })).status).to.equal(200);
      expect((await api('GET', '/pedigree?germplasmDbId=auth-their-child&pedigreeDepth=1&progenyDepth=0')).json.result.data[0].parents).to.deep.equal([]);
    });

    it('appending to a list and moving seed out of a lot need their owner (Core: lists; Germplasm: seed lots)', async () => {
      const list = (await api('POST', '/lists', [{ listName: 'Alice picks', listType: 'germplasm' }], bearer(alice))).json.result.data[0];
      expect((await api('POST', `/lists/${list.listDbId}/data`, ['soy-essex'], bearer(bob))).status).to.equal(403);
      expect((await api('POST', `/lists/${list.listDbId}/data`, ['soy-essex'], bearer(alice))).status).to.equal(200);
      const lot = (await api('GET', '/seedlots?pageSize=1')).json.result.data[0];
      const move = [{ fromSeedLotDbId: lot.seedLotDbId, amount: 1, units: lot.units }];
      const res = await api('POST', '/seedlots/transactions', move, bearer(alice));
      expect(res.status, res.text).to.equal(403);
      expect((await api('GET', `/seedlots/${lot.seedLotDbId}`)).json.result.amount).to.equal(lot.amount);
    });

    it('only the owner changes an image, its content or deletes it (Phenotyping); samples likewise (Genotyping)', async () => {
      const image = (await api('POST', '/images', [{ imageName: 'alice plot photo' }], bearer(alice))).json.result.data[0];
      const png = Buffer.from('89504e470d0a1a0a', 'hex');
      const put = (token: string) => fetch(`${server().baseUrl}/images/${image.imageDbId}/imagecontent`, {
        method: 'PUT', headers: { 'content-type': 'image/png', ...bearer(token) }, body: png,
      });
      expect((await put(bob)).status).to.equal(403);
      expect((await put(alice)).status).to.equal(200);
      const del = await api('POST', '/delete/images', { imageDbIds: [image.imageDbId] }, bearer(bob));
      expect(del.status).to.equal(403);
      expect((await api('GET', `/images/${image.imageDbId}`)).status).to.equal(200);
      expect((await api('POST', '/delete/images', { imageDbIds: [image.imageDbId] }, bearer(alice))).status).to.equal(200);
      const sample = (await api('POST', '/samples', [{ sampleName: 'alice leaf' }], bearer(alice))).json.result.data[0];
      expect((await api('PUT', '/samples', { [sample.sampleDbId]: { sampleDescription: 'bob was here' } }, bearer(bob))).status).to.equal(403);
      expect((await api('PUT', '/samples', { [sample.sampleDbId]: { sampleDescription: 'leaf disc' } }, bearer(alice))).status).to.equal(200);
    });

    describe('authorization by effect: every record a write changes, named or not (README, "Who may change what")', () => {
      const parentsOf = async (id: string) => ((await api('GET', `/pedigree?germplasmDbId=${id}&pedigreeDepth=1&progenyDepth=0`)).json.result.data
        .find((n: any) => n.germplasmDbId === id)?.parents ?? []).map((p: any) => p.germplasmDbId).sort();
      const changeIdOf = (res: { json: any }) => /pedigree change (\S+)\./.exec(res.json.metadata.status.map((m: any) => m.message).join(' '))?.[1];

      it('POST /pedigree: a new parent whose progeny names another user\'s germplasm gives it a parent, so 403; using theirs as a parent is fine', async () => {
        expect((await api('POST', '/pedigree', [{ germplasmDbId: 'effect-alice-line', germplasmName: 'Effect Alice line' }], bearer(alice))).status).to.equal(200);
        const graft = [{ germplasmDbId: 'effect-bob-parent', germplasmName: 'Effect Bob parent', progeny: [{ germplasmDbId: 'effect-alice-line', parentType: 'MALE' }] }];
        const res = await api('POST', '/pedigree', graft, bearer(bob));
        expect(res.status, res.text).to.equal(403);
        expect(res.text).to.contain('"effect-alice-line"');
        expect(await parentsOf('effect-alice-line')).to.deep.equal([]);
        expect((await api('GET', '/germplasm/effect-bob-parent')).status).to.equal(404);
        // Adding a child never changes the parent: Bob's own line may descend from Alice's, and a cross may use it.
        const child = [{ germplasmDbId: 'effect-bob-child', germplasmName: 'Effect Bob child', parents: [{ germplasmDbId: 'effect-alice-line', parentType: 'FEMALE' }] }];
        expect((await api('POST', '/pedigree', child, bearer(bob))).status).to.equal(200);
        const cross = await api('POST', '/crosses', [{ crossName: 'Effect cross', crossType: 'BIPARENTAL', parent1: { germplasmDbId: 'effect-alice-line', parentType: 'FEMALE' } }], bearer(bob));
        expect(cross.status, cross.text).to.equal(200);
        expect(await parentsOf('effect-alice-line')).to.deep.equal([]);
      });

      it('a cross\'s family germplasm belongs to the cross\'s creator: another user cannot re-parent it through POST /pedigree', async () => {
        const cross = (await api('POST', '/crosses', [{ crossName: 'Alice family', crossType: 'BIPARENTAL', parent1: { germplasmDbId: 'soy-essex', parentType: 'FEMALE' } }], bearer(alice))).json.result.data[0];
        expect(await parentsOf(cross.crossDbId)).to.deep.equal(['soy-essex']);
        const res = await api('POST', '/pedigree', [{ germplasmDbId: cross.crossDbId, parents: [{ germplasmDbId: 'soy-williams-82', parentType: 'MALE' }] }], bearer(bob));
        expect(res.status, res.text).to.equal(403);
        expect(await parentsOf(cross.crossDbId)).to.deep.equal(['soy-essex']);
      });

      it('POST /extensions/pedigree-history/{changeId}/undo changes the parents of that change\'s germplasm: their owner only', async () => {
        expect((await api('POST', '/pedigree', [{ germplasmDbId: 'effect-undo', germplasmName: 'Effect undo' }], bearer(alice))).status).to.equal(200);
        const edit = await api('PUT', '/pedigree', { 'effect-undo': { parents: [{ germplasmDbId: 'soy-essex', parentType: 'FEMALE' }] } }, bearer(alice));
        expect(edit.status, edit.text).to.equal(200);
        const changeId = changeIdOf(edit);
        expect(changeId).to.be.a('string');
        const res = await api('POST', `/extensions/pedigree-history/${changeId}/undo`, undefined, bearer(bob));
        expect(res.status, res.text).to.equal(403);
        expect(await parentsOf('effect-undo')).to.deep.equal(['soy-essex']);
        expect((await api('POST', `/extensions/pedigree-history/${changeId}/undo`, undefined, bearer(alice))).status).to.equal(200);
        expect(await parentsOf('effect-undo')).to.deep.equal([]);
      });

      it('POST /extensions/germplasm/{id}/merge changes the survivor and deletes the duplicate: the owner of both only; their relatives are not a change', async () => {
        const nodes = [
          { germplasmDbId: 'effect-merge-keep', germplasmName: 'Effect merge keep' },
          { germplasmDbId: 'effect-merge-dup', germplasmName: 'Effect merge dup' },
        ];
        expect((await api('POST', '/pedigree', nodes, bearer(alice))).status).to.equal(200);
        // Bob's child of the duplicate: its parent relationship moves with the merge, as a reference to the same germplasm.
        const child = [{ germplasmDbId: 'effect-merge-child', germplasmName: 'Effect merge child', parents: [{ germplasmDbId: 'effect-merge-dup', parentType: 'FEMALE' }] }];
        expect((await api('POST', '/pedigree', child, bearer(bob))).status).to.equal(200);
        const bobs = await api('POST', '/extensions/germplasm/effect-merge-keep/merge', { duplicateDbId: 'effect-merge-dup' }, bearer(bob));
        expect(bobs.status, bobs.text).to.equal(403);
        expect(bobs.text).to.contain('"effect-merge-dup"').and.contain('"effect-merge-keep"');
        expect((await api('GET', '/germplasm/effect-merge-dup')).status).to.equal(200);
        const hers = await api('POST', '/extensions/germplasm/effect-merge-keep/merge', { duplicateDbId: 'effect-merge-dup' }, bearer(alice));
        expect(hers.status, hers.text).to.equal(200);
        expect(await parentsOf('effect-merge-child')).to.deep.equal(['effect-merge-keep']);
      });

      it('seed moved into another user\'s lot changes its balance too: 403, and neither lot changes', async () => {
        const [mine] = (await api('POST', '/seedlots', [{ seedLotName: 'Bob lot', amount: 10, units: 'seeds' }], bearer(bob))).json.result.data;
        const [theirs] = (await api('POST', '/seedlots', [{ seedLotName: 'Alice lot', amount: 4, units: 'seeds' }], bearer(alice))).json.result.data;
        // Alice adds seed to her own lot (every lot then has a transaction, as the validator's seed-lot tests expect).
        expect((await api('POST', '/seedlots/transactions', [{ toSeedLotDbId: theirs.seedLotDbId, amount: 1, units: 'seeds' }], bearer(alice))).status).to.equal(200);
        const move = [{ fromSeedLotDbId: mine.seedLotDbId, toSeedLotDbId: theirs.seedLotDbId, amount: 3, units: 'seeds' }];
        const res = await api('POST', '/seedlots/transactions', move, bearer(bob));
        expect(res.status, res.text).to.equal(403);
        expect(res.text).to.contain(`"${theirs.seedLotDbId}"`);
        expect((await api('GET', `/seedlots/${mine.seedLotDbId}`)).json.result.amount).to.equal(10);
        expect((await api('GET', `/seedlots/${theirs.seedLotDbId}`)).json.result.amount).to.equal(5);
        // Out of one's own lot into nowhere (planting) changes only one's own lot.
        expect((await api('POST', '/seedlots/transactions', [{ fromSeedLotDbId: mine.seedLotDbId, amount: 3, units: 'seeds' }], bearer(bob))).status).to.equal(200);
        expect((await api('GET', `/seedlots/${mine.seedLotDbId}`)).json.result.amount).to.equal(7);
      });

      it('observation units: moving another user\'s unit is 403; deleting their observation is 403; a unit of one\'s own may observe theirs', async () => {
        // In a study of Alice's own: the demo studies' observations are counted exactly by other tests.
        const [study] = (await api('POST', '/studies', [{ studyName: 'Alice study' }], bearer(alice))).json.result.data;
        const [unit] = (await api('POST', '/observationunits', [{ observationUnitName: 'Alice plot', studyDbId: study.studyDbId }], bearer(alice))).json.result.data;
        const move = await api('PUT', `/observationunits/${unit.observationUnitDbId}`, { studyDbId: 'study-stoneville-2023' }, bearer(bob));
        expect(move.status, move.text).to.equal(403);
        expect((await api('GET', `/observationunits/${unit.observationUnitDbId}`)).json.result.studyDbId).to.equal(study.studyDbId);
        const [observation] = (await api('POST', '/observations', [{ observationUnitDbId: unit.observationUnitDbId, observationVariableDbId: 'variable-lodging-score', value: '2' }], bearer(alice))).json.result.data;
        const del = await api('POST', '/delete/observations', { observationDbIds: [observation.observationDbId] }, bearer(bob));
        expect(del.status, del.text).to.equal(403);
        expect((await api('GET', `/observations/${observation.observationDbId}`)).status).to.equal(200);
        // Recording an observation of Alice's unit adds to it and changes nothing of hers.
        const bobs = await api('POST', '/observations', [{ observationUnitDbId: unit.observationUnitDbId, observationVariableDbId: 'variable-lodging-score', value: '3' }], bearer(bob));
        expect(bobs.status, bobs.text).to.equal(200);
      });

      it('plates and extracts: another user\'s plate is 403 to change; a sample on it and an extract of imported calls change nothing', async () => {
        const [plate] = (await api('POST', '/plates', [{ plateName: 'Alice plate' }], bearer(alice))).json.result.data;
        const rename = await api('PUT', '/plates', { [plate.plateDbId]: { plateName: 'Bob was here' } }, bearer(bob));
        expect(rename.status, rename.text).to.equal(403);
        expect((await api('GET', `/plates/${plate.plateDbId}`)).json.result.plateName).to.equal('Alice plate');
        // Naming her plate on a sample of one's own only references it.
        const sample = await api('POST', '/samples', [{ sampleName: 'Bob sample on Alice plate', plateDbId: plate.plateDbId }], bearer(bob));
        expect(sample.status, sample.text).to.equal(200);
        expect(sample.json.result.data[0].plateName).to.equal('Alice plate');
        // An extract reads the imported calls (no user's) and makes new records only.
        const source = 'variantset-stoneville-2023-demo';
        const before = (await api('GET', `/variantsets/${source}`)).json.result;
        const extract = await api('POST', '/variantsets/extract', { variantSetDbIds: [source] }, bearer(bob));
        expect(extract.status, extract.text).to.equal(200);
        await removeVariantSets([extract.json.result.variantSetDbId]);
        expect((await api('GET', `/variantsets/${source}`)).json.result).to.deep.equal(before);
        expect((await api('POST', '/variantsets/extract', { variantSetDbIds: [source] }, bearer(reader))).status).to.equal(403);
      });
    });

    it('orders to the genotyping lab (Genotyping: vendor): the write role for both writes; ordering another user\'s sample changes it not', async () => {
      const ordersBefore = await vendorOrderIds();
      const [sample] = (await api('POST', '/samples', [{ sampleName: 'Alice sample for the lab' }], bearer(alice))).json.result.data;
      const body = { plates: [{ samples: [{ clientSampleId: sample.sampleDbId, well: 'A1' }] }] };
      for (const path of ['/vendor/orders', '/vendor/plates']) {
        const anonymous = await api('POST', path, body, { authorization: '' });
        expect(anonymous.status, path).to.equal(401);
        const readOnly = await api('POST', path, body, bearer(reader));
        expect(readOnly.status, path).to.equal(403);
        expect(readOnly.text).to.match(/"reader" does not have the write role/);
      }
      expect(await vendorOrderIds()).to.have.members(ordersBefore);
      // The order references her sample: a new record of bob's, no change to hers.
      for (const path of ['/vendor/orders', '/vendor/plates']) {
        const byBob = await api('POST', path, body, bearer(bob));
        expect(byBob.status, byBob.text).to.equal(200);
      }
      expect((await api('GET', `/samples/${sample.sampleDbId}`)).json.result).to.deep.equal(sample);
      const made = (await vendorOrderIds()).filter((id) => !ordersBefore.includes(id));
      expect(made).to.have.length(2);
      const owners = await server().graph.read<{ by: string }>('MATCH (o:VendorOrder) WHERE o.orderId IN $made RETURN o.createdBy AS by', { made });
      expect(owners.map((o) => o.by)).to.deep.equal(['bob', 'bob']);
      await removeVendorOrders(made);
    });

    it('saved searches are private to their creator', async () => {
      const posted = await api('POST', '/search/germplasm', { germplasmDbIds: ['soy-essex'] }, bearer(alice));
      const id = posted.json.result.searchResultsDbId;
      expect((await api('GET', `/search/germplasm/${id}`, undefined, bearer(alice))).status).to.equal(200);
      for (const other of [bearer(bob), bearer(reader), { authorization: '' }, {}]) {
        const res = await api('GET', `/search/germplasm/${id}`, undefined, other);
        expect(res.status).to.equal(404);
      }
    });

    it('the token CLI creates, lists and revokes tokens in the running database', async function () {
      // On the bundled Neo4j the CLI finds the running one from its directory; on another server, by NEO4J_URI.
      const db = testDatabase();
      const target = server().devDb
        ? { BRAPI_DEV_DB_DIR: path.dirname(server().devDb!.dir) }
        : { NEO4J_URI: db.uri, NEO4J_USER: db.user ?? '', NEO4J_PASSWORD: db.password ?? '' };
      const env = { ...process.env, ...target, LOG_LEVEL: 'silent' };
      // Created by a process, as an operator does it: the test waits for the command to end, however long a loaded
      // machine takes to compile and start it. The other commands run in the test process.
      const created = await cliAsProcess('token', ['create', '--user', 'carol', '--roles', 'read,write', '--note', 'field laptop'], db, undefined, { test: this, env });
      expect(created.code, created.stderr).to.equal(0);
      const { stdout } = created;
      const tokenCli = (...args: string[]) => cli('token', args, db, undefined, env);
      const token = /^(brapi_\S+)$/m.exec(stdout)![1];
      const tokenId = /^token id: (\S+)$/m.exec(stdout)![1];
      expect((await api('POST', '/seasons', [{ seasonName: 'carol season' }], bearer(token))).status).to.equal(200);
      expect((await tokenCli('list')).stdout).to.match(new RegExp(`^${tokenId}\\tcarol\\tread,write\\t.*\\tactive\\tfield laptop$`, 'm'));
      expect((await tokenCli('revoke', tokenId)).code).to.equal(0);
      expect((await api('GET', '/seasons', undefined, bearer(token))).status).to.equal(401);
      const bad = await tokenCli('create', '--user', 'dave', '--roles', 'superuser');
      expect(bad.code).to.equal(1);
      expect(bad.stderr).to.match(/Unknown role\(s\) superuser/);
    });
  });

  describe('JWTs', () => {
    let hmac: Awaited<ReturnType<typeof instance>>;
    before(async () => {
      hmac = await instance({ BRAPI_JWT_SECRET: SECRET, BRAPI_JWT_ISSUER: ISSUER, BRAPI_JWT_AUDIENCE: AUDIENCE });
    });
    after(() => hmac.close());

    it('a valid token with the write role writes, and its subject becomes the owner', async () => {
      const token = await jwt({ sub: 'erin', roles: ['write'] });
      const res = await hmac.call('POST', '/seasons', [{ seasonName: 'erin season' }], bearer(token));
      expect(res.status, res.text).to.equal(200);
      const id = res.json.result.data[0].seasonDbId;
      const other = await jwt({ sub: 'frank', roles: 'read write' });
      expect((await hmac.call('PUT', `/seasons/${id}`, { year: 2030 }, bearer(other))).status).to.equal(403);
      expect((await hmac.call('PUT', `/seasons/${id}`, { year: 2030 }, bearer(token))).status).to.equal(200);
    });

    const cases: Array<[string, () => Promise<string>, RegExp]> = [
      ['a bad signature', () => jwt({ roles: ['write'] }, { secret: 'another-secret-of-at-least-32-chars!!' }), /signature does not verify/],
      ['an expired token', () => jwt({ roles: ['write'] }, { exp: '-1m' }), /expired/],
      ['a wrong audience', () => jwt({ roles: ['write'] }, { aud: 'another-service' }), /"aud" claim/],
      ['a wrong issuer', () => jwt({ roles: ['write'] }, { iss: 'https://evil.example' }), /"iss" claim/],
      ['an unknown role', () => jwt({ roles: ['root'] }), /roles claim/],
    ];
    for (const [what, make, message] of cases) {
      it(`${what}: 401 invalid_token, nothing written`, async () => {
        const before = await programCount();
        const res = await hmac.call('POST', '/programs', [{ programName: 'JWT attempt' }], bearer(await make()));
        expect(res.status).to.equal(401);
        expect(res.headers.get('www-authenticate')).to.contain('error="invalid_token"');
        expect(res.text).to.match(message);
        expect(await programCount()).to.equal(before);
      });
    }

    it('a valid token without the write role: 403', async () => {
      const res = await hmac.call('POST', '/programs', [{}], bearer(await jwt({ roles: ['read'] })));
      expect(res.status).to.equal(403);
    });

    it('JWTs are refused (401) by a server with no JWT key configured', async () => {
      const res = await api('GET', '/programs', undefined, bearer(await jwt({ roles: ['read'] })));
      expect(res.status).to.equal(401);
      expect(res.text).to.match(/does not accept JWTs/);
    });

    it('verifies RS256 tokens against a JWKS file', async () => {
      const { publicKey, privateKey } = await generateKeyPair('RS256');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jwks-'));
      const file = path.join(dir, 'jwks.json');
      fs.writeFileSync(file, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] }));
      const rsa = await instance({ BRAPI_JWT_JWKS_FILE: file, BRAPI_JWT_ISSUER: ISSUER, BRAPI_JWT_AUDIENCE: AUDIENCE });
      try {
        const sign = (key: CryptoKey | Uint8Array) => new SignJWT({ roles: ['write'] }).setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setSubject('gina').setIssuer(ISSUER).setAudience(AUDIENCE).setExpirationTime('5m').sign(key);
        expect((await rsa.call('POST', '/seasons', [{ seasonName: 'gina season' }], bearer(await sign(privateKey)))).status).to.equal(200);
        const other = await generateKeyPair('RS256');
        expect((await rsa.call('POST', '/seasons', [{}], bearer(await sign(other.privateKey)))).status).to.equal(401);
      } finally {
        await rsa.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('policy settings', () => {
    it('private reads need a token with the read role (searches too)', async () => {
      const priv = await instance({ BRAPI_READS: 'private' });
      try {
        expect((await priv.call('GET', '/germplasm?pageSize=1')).status).to.equal(401);
        expect((await priv.call('POST', '/search/germplasm', {})).status).to.equal(401);
        expect((await priv.call('GET', '/germplasm?pageSize=1', undefined, bearer(reader))).status).to.equal(200);
        expect((await priv.call('GET', '/germplasm?pageSize=1', undefined, bearer(bob))).status).to.equal(200);
      } finally {
        await priv.close();
      }
    });

    it('BRAPI_AUTH_DISABLED=true lets anyone write (local development only)', async () => {
      const open = await instance({ BRAPI_AUTH_DISABLED: 'true' });
      try {
        expect((await open.call('POST', '/seasons', [{ seasonName: 'open season' }])).status).to.equal(200);
      } finally {
        await open.close();
      }
    });

    it('refuses half-configured or unsafe settings at start', () => {
      expect(() => loadConfig({ BRAPI_JWT_SECRET: SECRET })).to.throw(/BRAPI_JWT_ISSUER and BRAPI_JWT_AUDIENCE/);
      expect(() => loadConfig({ BRAPI_JWT_SECRET: 'short', BRAPI_JWT_ISSUER: ISSUER, BRAPI_JWT_AUDIENCE: AUDIENCE })).to.throw(/at least 32/);
      expect(() => loadConfig({ BRAPI_AUTH_DISABLED: 'yes' })).to.throw(/BRAPI_AUTH_DISABLED/);
      expect(() => loadConfig({ BRAPI_READS: 'secret' })).to.throw(/BRAPI_READS/);
    });
  });
});

// Merging a duplicate germplasm over HTTP: every kind of relationship moves to the survivor (PARENT as child and as
// parent with their parentType, observation units, samples, attribute values, seed lot contents, crosses and their
// family, planned crosses, crossing projects, lists, breeding method, pedigree history), names and external references
// are kept, the duplicate is deleted and the merge shows in the pedigree history and cannot be undone; each refusal
// (unknown, cycle, crops, conflicting parents, a child of both, a cross's family, ownership, bad body) changes nothing.
import { expect } from 'chai';
import { createApiToken } from '../../src/auth/tokens.js';
import { HISTORY, removeNodes, removeRecords } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { expectServedResponse } from '../support/schema.js';
import { runIds } from '../support/run-ids.js';

const { run, id } = runIds('mrg-');
const PATH = (survivor: string) => `/extensions/germplasm/${encodeURIComponent(survivor)}/merge`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Records this file creates besides germplasm, removed afterwards so other files' counts of demo data hold. */
const created: Array<[label: string, idProp: string, id: string]> = [];

async function post(path: string, records: object[], label: string, idProp: string, headers: Record<string, string> = {}) {
  const res = await api('POST', path, records, headers);
  expect(res.status, `${path}: ${res.text}`).to.equal(200);
  for (const r of res.json.result.data) created.push([label, idProp, r[idProp]]);
  return res.json.result.data;
}

/** Germplasm with the given DbIds (created through POST /pedigree, which keeps them; then their fields by PUT). */
async function germplasm(records: Array<Record<string, unknown>>, headers: Record<string, string> = {}) {
  const res = await api('POST', '/pedigree', records.map((r) => ({ germplasmDbId: r.germplasmDbId, germplasmName: r.germplasmName })), headers);
  expect(res.status, res.text).to.equal(200);
  for (const { germplasmDbId, ...fields } of records) {
    const put = await api('PUT', `/germplasm/${germplasmDbId}`, { commonCropName: 'Soybean', ...fields }, headers);
    expect(put.status, put.text).to.equal(200);
  }
}

const pedigree = async (nodes: object[], headers: Record<string, string> = {}) => {
  const res = await api('POST', '/pedigree', nodes, headers);
  expect(res.status, res.text).to.equal(200);
  return res;
};

/** Parents of a germplasm as "DbId TYPE", sorted. */
async function parentsOf(dbId: string): Promise<string[]> {
  const res = await api('GET', `/pedigree?germplasmDbId=${encodeURIComponent(dbId)}&pedigreeDepth=1&progenyDepth=0`);
  expect(res.status, res.text).to.equal(200);
  const node = res.json.result.data.find((n: any) => n.germplasmDbId === dbId);
  return (node?.parents ?? []).map((p: any) => `${p.germplasmDbId} ${p.parentType}`).sort();
}

/** Everything of a germplasm a refused merge must leave as it was: its record and every relationship. */
async function state(dbId: string) {
  const [row] = await server().graph.read<{ props: unknown; links: unknown[] }>(
    `MATCH (g:Germplasm {germplasmDbId: $id})
     RETURN properties(g) AS props, COLLECT { MATCH (g)-[r]-(o) RETURN {type: type(r), out: startNode(r) = g, other: elementId(o), props: properties(r)} AS l } AS links`,
    { id: dbId },
  );
  return row ? { props: row.props, links: row.links.map((l) => JSON.stringify(l)).sort() } : null;
}

async function refused(survivor: string, duplicate: string, status: number, message: RegExp, headers: Record<string, string> = {}) {
  const before = [await state(survivor), await state(duplicate)];
  const res = await api('POST', PATH(survivor), { duplicateDbId: duplicate }, headers);
  expect(res.status, res.text).to.equal(status);
  expect(res.text).to.match(message);
  expect([await state(survivor), await state(duplicate)]).to.deep.equal(before);
  return res;
}

describe('germplasm merge extension', () => {
  after(async () => {
    // The records and germplasm of this file, with the pedigree history of the germplasm.
    await removeRecords(created.map(([label, idProp, id]) => ({ label, idProp, id })), HISTORY);
    await removeNodes('Germplasm', 'germplasmDbId', { startsWith: run }, HISTORY);
  });

  describe('a merge that moves everything', () => {
    const S = id('S');
    const D = id('D');
    let records: Record<string, any> = {};
    let answer: any;
    let earlierChange: string;

    before(async () => {
      await germplasm([
        { germplasmDbId: S, germplasmName: 'Merge S', synonyms: [{ synonym: 'S syn', type: 'code' }], externalReferences: [{ referenceId: 's1', referenceSource: 'src' }] },
        {
          germplasmDbId: D,
          germplasmName: 'Merge D',
          synonyms: [{ synonym: 'D syn', type: 'code' }, { synonym: 'S syn', type: 'code' }],
          externalReferences: [{ referenceId: 'd1', referenceSource: 'src' }, { referenceId: 's1', referenceSource: 'src' }],
          breedingMethodDbId: 'breedingmethod-biparental-cross',
        },
      ]);
      // D = P1 x P2; C = D x Q (D as FEMALE); O an unrelated germplasm on the list.
      const ped = await pedigree([
        ...['P1', 'P2', 'P3', 'Q', 'O'].map((n) => ({ germplasmDbId: id(n), germplasmName: `Merge ${n}` })),
        { germplasmDbId: D, parents: [{ germplasmDbId: id('P1'), parentType: 'FEMALE' }, { germplasmDbId: id('P2'), parentType: 'MALE' }] },
        { germplasmDbId: id('C'), germplasmName: 'Merge C', parents: [{ germplasmDbId: D, parentType: 'FEMALE' }, { germplasmDbId: id('Q'), parentType: 'MALE' }] },
      ]);
      earlierChange = /pedigree change (\S+)\./.exec(ped.json.metadata.status.map((m: any) => m.message).join(' '))![1];
      const parent = (dbId: string, parentType: string) => ({ germplasmDbId: dbId, parentType });
      [records.unit] = await post('/observationunits', [{ observationUnitName: `${run} plot`, germplasmDbId: D }], 'ObservationUnit', 'observationUnitDbId');
      [records.sample] = await post('/samples', [{ sampleName: `${run} leaf`, germplasmDbId: D }], 'Sample', 'sampleDbId');
      [records.value] = await post('/attributevalues', [{ attributeDbId: 'attribute-flower-color', germplasmDbId: D, value: 'purple' }], 'GermplasmAttributeValue', 'attributeValueDbId');
      [records.lot] = await post('/seedlots', [{ seedLotName: `${run} lot`, contentMixture: [{ germplasmDbId: D, mixturePercentage: 60 }, { germplasmDbId: id('O'), mixturePercentage: 40 }] }], 'SeedLot', 'seedLotDbId');
      [records.project] = await post('/crossingprojects', [{ crossingProjectName: `${run} project`, potentialParents: [parent(D, 'FEMALE'), parent(id('Q'), 'MALE')] }], 'CrossingProject', 'crossingProjectDbId');
      [records.planned] = await post('/plannedcrosses', [{ plannedCrossName: `${run} planned`, parent1: parent(D, 'FEMALE'), parent2: parent(id('P3'), 'MALE') }], 'PlannedCross', 'plannedCrossDbId');
      [records.cross] = await post('/crosses', [{ crossName: `${run} cross`, crossType: 'BIPARENTAL', parent1: parent(id('P3'), 'FEMALE'), parent2: parent(D, 'MALE') }], 'Cross', 'crossDbId');
      created.push(['Germplasm', 'germplasmDbId', records.cross.crossDbId]);
      [records.list] = await post('/lists', [{ listName: `${run} list`, listType: 'germplasm', data: [id('O'), D, S] }], 'List', 'listDbId');
      [records.otherList] = await post('/lists', [{ listName: `${run} samples`, listType: 'samples', data: [D] }], 'List', 'listDbId');
      expect(await parentsOf(records.cross.crossDbId)).to.deep.equal([`${D} MALE`, `${id('P3')} FEMALE`]);

      const res = await api('POST', PATH(S), { duplicateDbId: D });
      expect(res.status, res.text).to.equal(200);
      await expectServedResponse('post', '/extensions/germplasm/{germplasmDbId}/merge', 200, res.json);
      answer = res.json;
    });

    it('deletes the duplicate and answers the survivor and what moved', async () => {
      expect((await api('GET', `/germplasm/${D}`)).status).to.equal(404);
      expect(await state(D)).to.equal(null);
      const result = answer.result;
      expect(result).to.include({ survivorDbId: S, duplicateDbId: D });
      expect(result.germplasm.germplasmDbId).to.equal(S);
      expect(result.moved).to.include({
        'PARENT from Germplasm': 2, // C and the cross's family
        'PARENT to Germplasm': 2,
        'OF_GERMPLASM from ObservationUnit': 1,
        'OF_GERMPLASM from Sample': 1,
        'OF_GERMPLASM from GermplasmAttributeValue': 1,
        'CONTAINS from SeedLot': 1,
        'POTENTIAL_PARENT from CrossingProject': 1,
        'FIRST_PARENT from PlannedCross': 1,
        'SECOND_PARENT from Cross': 1,
        'BRED_BY to BreedingMethod': 1,
      });
      expect(result.lists).to.deep.equal([records.list.listDbId]);
      expect(answer.metadata.status.map((m: any) => m.message).join(' ')).to.match(/cannot be undone/);
    });

    it('PARENT relationships move with their parentType: the duplicate\'s parents and children', async () => {
      expect(await parentsOf(S)).to.deep.equal([`${id('P1')} FEMALE`, `${id('P2')} MALE`]);
      expect(await parentsOf(id('C'))).to.deep.equal([`${id('Q')} MALE`, `${S} FEMALE`]);
      expect(await parentsOf(records.cross.crossDbId)).to.deep.equal([`${id('P3')} FEMALE`, `${S} MALE`]);
    });

    it('the records that referred to the duplicate name the survivor (JSON fields too)', async () => {
      const get = async (path: string) => {
        const res = await api('GET', path);
        expect(res.status, res.text).to.equal(200);
        return res.json.result;
      };
      expect((await get(`/observationunits/${records.unit.observationUnitDbId}`)).germplasmDbId).to.equal(S);
      expect((await get(`/samples/${records.sample.sampleDbId}`)).germplasmDbId).to.equal(S);
      expect((await get(`/attributevalues/${records.value.attributeValueDbId}`)).germplasmDbId).to.equal(S);
      const lot = await get(`/seedlots/${records.lot.seedLotDbId}`);
      expect(lot.contentMixture.map((m: any) => [m.germplasmDbId, m.germplasmName, m.mixturePercentage])).to.deep.equal([[S, 'Merge S', 60], [id('O'), 'Merge O', 40]]);
      const project = await get(`/crossingprojects/${records.project.crossingProjectDbId}`);
      expect(project.potentialParents.map((p: any) => p.germplasmDbId)).to.deep.equal([S, id('Q')]);
      const planned = (await get(`/plannedcrosses?plannedCrossDbId=${records.planned.plannedCrossDbId}`)).data[0];
      expect(planned.parent1).to.include({ germplasmDbId: S, germplasmName: 'Merge S', parentType: 'FEMALE' });
      const cross = (await get(`/crosses?crossDbId=${records.cross.crossDbId}`)).data[0];
      expect(cross.parent2).to.include({ germplasmDbId: S, parentType: 'MALE' });
      // A list held both: the survivor once, where the first of them was; a list of samples is not about germplasm.
      expect((await get(`/lists/${records.list.listDbId}`)).data).to.deep.equal([id('O'), S]);
      expect((await get(`/lists/${records.list.listDbId}`)).listSize).to.equal(2);
      expect((await get(`/lists/${records.otherList.listDbId}`)).data).to.deep.equal([D]);
      // Filters reach the survivor through the moved relationships.
      expect((await get(`/germplasm?germplasmDbId=${S}&studyDbId=nothing`)).data).to.deep.equal([]);
      expect((await get(`/samples?germplasmDbId=${S}`)).data.map((s: any) => s.sampleDbId)).to.include(records.sample.sampleDbId);
      expect((await get(`/seedlots?germplasmDbId=${S}`)).data.map((s: any) => s.seedLotDbId)).to.include(records.lot.seedLotDbId);
    });

    it('the survivor keeps its fields and takes the duplicate\'s name, synonyms, external references and breeding method', async () => {
      const s = (await api('GET', `/germplasm/${S}`)).json.result;
      expect(s.germplasmName).to.equal('Merge S');
      expect(s.synonyms.map((x: any) => x.synonym)).to.deep.equal(['S syn', 'Merge D', 'D syn']);
      expect(answer.result.synonymsAdded).to.deep.equal(['Merge D', 'D syn']);
      expect(s.externalReferences.map((r: any) => r.referenceId)).to.deep.equal(['s1', 'd1']);
      expect(s.breedingMethodDbId).to.equal('breedingmethod-biparental-cross');
      // Found by the duplicate's name as a synonym, and by its external reference.
      expect((await api('GET', `/germplasm?synonym=${encodeURIComponent('Merge D')}`)).json.result.data.map((g: any) => g.germplasmDbId)).to.deep.equal([S]);
      expect((await api('GET', '/germplasm?externalReferenceId=d1')).json.result.data.map((g: any) => g.germplasmDbId)).to.include(S);
    });

    it('is recorded in the pedigree history (the survivor\'s and the children\'s), with the duplicate\'s earlier history', async () => {
      const history = (dbId: string) => api('GET', `/extensions/germplasm/${dbId}/pedigree-history?pageSize=100`);
      const res = await history(S);
      expect(res.status, res.text).to.equal(200);
      await expectServedResponse('get', '/extensions/germplasm/{germplasmDbId}/pedigree-history', 200, res.json);
      const rows = res.json.result.data.map((e: any) => `${e.changeId === answer.result.changeId ? 'merge' : e.changeId === earlierChange ? 'earlier' : 'other'} ${e.action} ${e.germplasmDbId} ${e.parentDbId} ${e.parentType}`);
      expect(rows).to.deep.equal([
        `earlier ADDED ${D} ${id('P1')} FEMALE`,
        `earlier ADDED ${D} ${id('P2')} MALE`,
        `merge REMOVED ${D} ${id('P1')} FEMALE`,
        `merge REMOVED ${D} ${id('P2')} MALE`,
        `merge ADDED ${S} ${id('P1')} FEMALE`,
        `merge ADDED ${S} ${id('P2')} MALE`,
        `merge MERGED ${S} ${D} null`,
      ]);
      const merged = res.json.result.data.at(-1);
      expect(merged.source).to.equal(`merge ${D} into ${S}`);
      const child = (await history(id('C'))).json.result.data.filter((e: any) => e.changeId === answer.result.changeId);
      expect(child.map((e: any) => `${e.action} ${e.parentDbId} ${e.parentType}`)).to.deep.equal([`REMOVED ${D} FEMALE`, `ADDED ${S} FEMALE`]);
    });

    it('cannot be undone, nor can an earlier change that names the duplicate; nothing changes', async () => {
      const before = await state(S);
      const undo = await api('POST', `/extensions/pedigree-history/${answer.result.changeId}/undo`);
      expect(undo.status, undo.text).to.equal(409);
      expect(undo.text).to.match(/merge.*cannot be undone/);
      const earlier = await api('POST', `/extensions/pedigree-history/${earlierChange}/undo`);
      expect(earlier.status, earlier.text).to.equal(409);
      expect(earlier.text).to.contain(D).and.match(/no longer exists/);
      expect(await state(S)).to.deep.equal(before);
    });
  });

  it('a survivor with the same parents keeps them; the duplicate\'s are recorded as removed', async () => {
    const p = (n: string, t: string) => ({ germplasmDbId: id(n), parentType: t });
    await pedigree([
      ...['SP1', 'SP2'].map((n) => ({ germplasmDbId: id(n), germplasmName: n })),
      { germplasmDbId: id('S2'), germplasmName: 'S2', parents: [p('SP1', 'FEMALE'), p('SP2', 'MALE')] },
      { germplasmDbId: id('D2'), germplasmName: 'D2', parents: [p('SP1', 'FEMALE'), p('SP2', 'MALE')] },
    ]);
    const res = await api('POST', PATH(id('S2')), { duplicateDbId: id('D2') });
    expect(res.status, res.text).to.equal(200);
    expect(await parentsOf(id('S2'))).to.deep.equal([`${id('SP1')} FEMALE`, `${id('SP2')} MALE`]);
    const history = (await api('GET', `/extensions/germplasm/${id('S2')}/pedigree-history?pageSize=100`)).json.result.data
      .filter((e: any) => e.changeId === res.json.result.changeId).map((e: any) => `${e.action} ${e.germplasmDbId} ${e.parentDbId}`);
    expect(history).to.deep.equal([`REMOVED ${id('D2')} ${id('SP1')}`, `REMOVED ${id('D2')} ${id('SP2')}`, `MERGED ${id('S2')} ${id('D2')}`]);
  });

  describe('refusals change nothing', () => {
    before(async () => {
      const p = (n: string, t: string) => ({ germplasmDbId: id(n), parentType: t });
      await pedigree([
        ...['R1', 'R2', 'R3', 'Lone', 'Lone2'].map((n) => ({ germplasmDbId: id(n), germplasmName: n })),
        { germplasmDbId: id('Kid'), germplasmName: 'Kid', parents: [p('R1', 'FEMALE'), p('R2', 'MALE')] },
        { germplasmDbId: id('Grandkid'), germplasmName: 'Grandkid', parents: [p('Kid', 'SELF')] },
        { germplasmDbId: id('Other'), germplasmName: 'Other', parents: [p('R1', 'FEMALE'), p('R3', 'MALE')] },
      ]);
    });

    it('unknown germplasm: 404 for the survivor, 400 for the duplicate', async () => {
      await refused(id('nope'), id('Lone'), 404, new RegExp(id('nope')));
      await refused(id('Lone'), id('nope'), 400, new RegExp(`duplicateDbId.*${id('nope')}`));
    });

    it('a bad body or the germplasm itself: 400, and nothing of the germplasm changes', async () => {
      const before = await state(id('Lone'));
      expect(before).to.not.equal(null);
      for (const body of [{}, { duplicateDbId: '' }, { duplicateDbId: 7 }, [id('Lone2')], { duplicateDbId: id('Lone') }]) {
        const res = await api('POST', PATH(id('Lone')), body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.text).to.match(/duplicateDbId/);
      }
      expect(await state(id('Lone'))).to.deep.equal(before);
    });

    it('one an ancestor of the other (either way): 409 naming the chain', async () => {
      await refused(id('R1'), id('Grandkid'), 409, new RegExp(`ancestor.*${id('Grandkid')} → ${id('Kid')} → ${id('R1')}`));
      await refused(id('Grandkid'), id('R1'), 409, /own ancestor/);
    });

    it('two crops: 409', async () => {
      await germplasm([{ germplasmDbId: id('Soy'), germplasmName: 'Soy line' }, { germplasmDbId: id('Barley'), germplasmName: 'Barley line', commonCropName: 'Barley' }]);
      await refused(id('Soy'), id('Barley'), 409, /Soybean.*Barley.*two crops/);
    });

    it('both with parents that differ: 409 naming both sets', async () => {
      await refused(id('Kid'), id('Other'), 409, new RegExp(`differ.*${id('Kid')} has .*R2.*MALE.*${id('Other')} has .*R3.*MALE`));
    });

    it('a germplasm that has both as parents: 409 naming it', async () => {
      await refused(id('R2'), id('R1'), 409, new RegExp(`${id('Kid')}.*both as parents`));
    });

    it('a cross\'s family germplasm as the duplicate: 409; as the survivor it may take a duplicate', async () => {
      const [cross] = await post('/crosses', [{ crossName: `${run} fam`, crossType: 'BIPARENTAL', parent1: { germplasmDbId: id('R3'), parentType: 'FEMALE' } }], 'Cross', 'crossDbId');
      created.push(['Germplasm', 'germplasmDbId', cross.crossDbId]);
      await refused(id('Lone2'), cross.crossDbId, 409, /family germplasm/);
      const res = await api('POST', PATH(cross.crossDbId), { duplicateDbId: id('Lone2') });
      expect(res.status, res.text).to.equal(200);
      expect(await parentsOf(cross.crossDbId)).to.deep.equal([`${id('R3')} FEMALE`]);
    });

    it('a relationship no declaration says how to move: 409 naming it', async () => {
      await pedigree([{ germplasmDbId: id('T1'), germplasmName: 'T1' }, { germplasmDbId: id('T2'), germplasmName: 'T2' }]);
      await server().graph.write(`MATCH (g:Germplasm {germplasmDbId: $id}) CREATE (:MergeStray {run: $run})-[:STRAY_LINK]->(g)`, { id: id('T2'), run });
      try {
        await refused(id('T1'), id('T2'), 409, /STRAY_LINK from MergeStray/);
      } finally {
        await removeNodes('MergeStray', 'run', [run]);
      }
    });

    it('ownership: the caller must be allowed to change both (their creator or an admin); 403 naming them', async () => {
      const graph = server().graph;
      const alice = (await createApiToken(graph, `${run}-alice`, ['read', 'write'])).token;
      const bob = (await createApiToken(graph, `${run}-bob`, ['read', 'write'])).token;
      await germplasm([{ germplasmDbId: id('A1'), germplasmName: 'Alice 1' }, { germplasmDbId: id('A2'), germplasmName: 'Alice 2' }], bearer(alice));
      // Bob may change neither of Alice's; Alice may not change the demo data (no creator: admins only).
      await refused(id('A1'), id('A2'), 403, new RegExp(`${id('A2')}`), bearer(bob));
      await refused(id('A1'), 'soy-williams-82', 403, /soy-williams-82/, bearer(alice));
      await refused('soy-williams-82', id('A2'), 403, /soy-williams-82/, bearer(alice));
      // A read-only token is refused before anything is read.
      const reader = (await createApiToken(graph, `${run}-reader`, ['read'])).token;
      await refused(id('A1'), id('A2'), 403, /write/, bearer(reader));
      // Her own two: allowed.
      const res = await api('POST', PATH(id('A1')), { duplicateDbId: id('A2') }, bearer(alice));
      expect(res.status, res.text).to.equal(200);
      expect((await api('GET', `/germplasm/${id('A2')}`)).status).to.equal(404);
    });
  });
});

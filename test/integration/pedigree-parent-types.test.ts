// Imports and POST /pedigree never lose a known parent type without a word (parent-types.ts): the BaRN barley file
// (no sexes) over the ExHIBiT one (FEMALE/MALE), as the demo has them but in a crop of this file's own so that the
// demo's barley stays as other files expect it; reports whose name buckets add up; the crop of a pedigree node; and a
// history write that never answers "recorded" without recording.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BARLEY, FIXTURES } from '../../src/demo/load.js';
import { snapshotEdges } from '../../src/modules/germplasm/pedigree/commands/recordPedigreeChanges.js';
import { cli } from '../support/cli.js';
import { HISTORY, count, removeNodes, removeWhere } from '../support/graph.js';
import { heliumFile } from '../support/helium.js';
import { api, server } from '../support/server.js';

const CROP = 'PtBarley';

type Pair = { child: string; parent: string; parentType: string };

/** Every PARENT relationship whose child is a germplasm of CROP, by names. */
async function cropEdges(): Promise<Pair[]> {
  return server().graph.read<Pair>(
    `MATCH (c:Germplasm {commonCropName: $crop})-[r:PARENT]->(p:Germplasm)
     RETURN c.germplasmName AS child, p.germplasmName AS parent, r.parentType AS parentType ORDER BY child, parent`,
    { crop: CROP },
  );
}

const removeCrop = async () => {
  await removeWhere({ commonCropName: [CROP] }, { label: 'Germplasm', owned: HISTORY });
  await removeNodes('Germplasm', 'germplasmDbId', { startsWith: 'ptt-' }, HISTORY);
};

describe('imports keep known parent types', function () {
  this.timeout(300_000);
  let dir: string;
  const barn = () => path.join(dir, 'barn.pedigree.helium');
  const report = (p: string) => JSON.parse(fs.readFileSync(`${p}.import-report.json`, 'utf8'));
  const importFile = (args: string[]) => cli('import', args, undefined, dir);
  let sexedBefore: Pair[];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pedigree-types-'));
    await removeCrop();
    // The demo's barley, as the demo loads it (BARLEY), in this file's crop.
    const exhibit = path.join(dir, 'exhibit.pedigree.helium');
    fs.copyFileSync(BARLEY.file, exhibit);
    fs.copyFileSync(path.join(FIXTURES, 'barley', 'barn.pedigree.helium'), barn());
    const run = await importFile([exhibit, '--crop', CROP, '--genus', BARLEY.genus, '--species', BARLEY.species, '--id-prefix', 'ptt-x-']);
    expect([0, 3], run.stderr).to.include(run.code);
    sexedBefore = (await cropEdges()).filter((e) => e.parentType === 'FEMALE' || e.parentType === 'MALE');
    expect(sexedBefore.length).to.be.greaterThan(1000);
  });
  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await removeCrop();
  });

  it('BaRN over ExHIBiT: no FEMALE or MALE becomes POPULATION; kept sexes counted, conflicts shown with both sets, names add up', async () => {
    const { pairs, names } = heliumFile(barn());
    const stored = new Map(sexedBefore.map((e) => [`${e.child}\t${e.parent}`, e.parentType]));
    // The relationships of the file stored with a sex: today's import turned them all into POPULATION.
    const sexedInFile = new Set(pairs.filter((p) => stored.has(`${p.child}\t${p.parent}`)).map((p) => `${p.child}\t${p.parent}`));
    expect(sexedInFile.size).to.be.greaterThan(100);

    const dry = await importFile([barn(), '--crop', CROP, '--id-prefix', 'ptt-n-', '--dry-run']);
    expect(dry.code, dry.stderr).to.equal(3);
    const planned = report(barn());
    const run = await importFile([barn(), '--crop', CROP, '--id-prefix', 'ptt-n-']);
    expect(run.code, run.stderr).to.equal(3);
    const r = report(barn());

    // Nothing known was lost: every sexed relationship is still there with its sex.
    const after = new Map((await cropEdges()).map((e) => [`${e.child}\t${e.parent}`, e.parentType]));
    const lost = sexedBefore.filter((e) => after.get(`${e.child}\t${e.parent}`) !== e.parentType);
    expect(lost, JSON.stringify(lost.slice(0, 5))).to.deep.equal([]);
    expect(r.typeChanged).to.equal(0);
    expect(r.added).to.equal(r.linked);

    // Each sexed pair of the file was either kept (and counted) or is in a conflict row, shown with both sets.
    expect(r.keptStoredSex).to.equal(r.keptTypes.length).and.to.be.greaterThan(0);
    const byId = new Map((await server().graph.read<{ id: string; name: string }>(
      'MATCH (g:Germplasm {commonCropName: $crop}) RETURN g.germplasmDbId AS id, g.germplasmName AS name', { crop: CROP },
    )).map((g) => [g.id, g.name]));
    const kept = new Set(r.keptTypes.map((k: { child: string; parent: string; parentType: string }) => {
      const key = `${byId.get(k.child)}\t${byId.get(k.parent)}`;
      expect(stored.get(key), key).to.equal(k.parentType);
      return key;
    }));
    expect(r.conflicts.length).to.be.greaterThan(0);
    const inConflict = new Set<string>();
    for (const c of r.conflicts) {
      expect(c.stored.length, JSON.stringify(c)).to.be.greaterThan(0);
      expect(c.given.length, JSON.stringify(c)).to.be.greaterThan(0);
      for (const p of c.given) inConflict.add(`${c.germplasmName}\t${p.germplasmName}`);
    }
    for (const key of sexedInFile) expect(kept.has(key) || inConflict.has(key), key).to.equal(true);
    const abava = r.conflicts.find((c: { germplasmName: string }) => c.germplasmName === 'Abava');
    expect(abava.stored.map((p: { germplasmName: string; parentType: string }) => `${p.germplasmName} ${p.parentType}`).sort()).to.deep.equal(['Domen MALE', 'ic_10000 FEMALE']);
    expect(abava.given.map((p: { germplasmName: string }) => p.germplasmName).sort()).to.deep.equal(['Domen', 'Elsa', 'Mari']);
    const [first] = r.conflicts;
    const set = (refs: Array<{ germplasmName: string; parentType: string }>) => refs.map((p) => `${p.germplasmName} ${p.parentType}`).join(', ');
    expect(run.stdout).to.contain(`${first.at.join(', ')}: ${first.germplasmName}: stored ${set(first.stored)}; file ${set(first.given)}`);
    expect(run.stdout).to.contain(`${r.keptStoredSex} parents given without a sex (POPULATION) kept the known type stored for them`);

    // Every distinct name of the file in exactly one bucket.
    for (const x of [planned, r]) {
      const n = x.names;
      expect(n.names).to.equal(names.size);
      expect(n.existing + n.created + n.ambiguous + n.onlyInRejectedRows).to.equal(names.size);
      expect(n.rejectedOnly).to.have.length(n.onlyInRejectedRows);
    }
    expect(r.names.created).to.equal(r.created);
    expect(planned.names.created).to.equal(r.names.created);
    // A name only in rejected rows is named in a rejected or conflicting row, and is not a germplasm of the crop.
    const rowText = JSON.stringify([...r.rejected, ...r.conflicts]);
    for (const name of r.names.rejectedOnly) {
      expect(rowText, name).to.contain(JSON.stringify(name).slice(1, -1));
      expect([...byId.values()], name).to.not.include(name);
    }
    expect(run.stdout).to.match(new RegExp(`${names.size} names: ${r.names.existing} existing, ${r.names.created} created, ${r.names.ambiguous} ambiguous, ${r.names.onlyInRejectedRows} only in rejected rows \\(these add up to the file's ${names.size} distinct names`));
  });

  it('with --replace-parent-types the file\'s types are written, counted as type changes, and the history has them', async () => {
    const before = new Map((await cropEdges()).map((e) => [`${e.child}\t${e.parent}`, e.parentType]));
    const dry = await importFile([barn(), '--crop', CROP, '--id-prefix', 'ptt-n-', '--replace-parent-types', '--dry-run']);
    expect([0, 3], dry.stderr).to.include(dry.code);
    const planned = report(barn());
    const run = await importFile([barn(), '--crop', CROP, '--id-prefix', 'ptt-n-', '--replace-parent-types']);
    expect([0, 3], run.stderr).to.include(run.code);
    const r = report(barn());
    expect(r.typeChanged).to.be.greaterThan(0).and.to.equal(r.typeChanges.length);
    expect(planned.typeChanged).to.equal(r.typeChanged);
    expect(r.added + r.typeChanged).to.equal(r.linked);
    expect(r.keptStoredSex).to.equal(0);
    expect(run.stdout).to.contain(`${r.typeChanged} parent types changed`);

    const after = new Map((await cropEdges()).map((e) => [`${e.child}\t${e.parent}`, e.parentType]));
    const changed = [...before].filter(([key, type]) => after.has(key) && after.get(key) !== type);
    expect(changed.length).to.equal(r.typeChanged);
    for (const [, type] of changed) expect(['FEMALE', 'MALE']).to.include(type);

    // The history of the import records each change as the old type removed and the new one added.
    const history = await server().graph.read<{ children: string[]; actions: string[]; parents: string[]; types: string[] }>(
      `MATCH (h:PedigreeChange {source: 'import'}) WHERE EXISTS { (h)-[:CHANGES_CHILD]->(:Germplasm {commonCropName: $crop}) }
       RETURN h.germplasmDbIds AS children, h.actions AS actions, h.parentDbIds AS parents, h.parentTypes AS types`,
      { crop: CROP },
    );
    const entries = new Set(history.flatMap((h) => h.actions.map((a, i) => `${h.children[i]} ${h.parents[i]} ${a} ${h.types[i]}`)));
    for (const c of r.typeChanges) {
      expect(entries, JSON.stringify(c)).to.include(`${c.child} ${c.parent} REMOVED ${c.from}`);
      expect(entries, JSON.stringify(c)).to.include(`${c.child} ${c.parent} ADDED ${c.to}`);
    }
  });
});

describe('POST /pedigree keeps known parent types; PUT states the whole set', function () {
  this.timeout(60_000);
  after(removeCrop);
  const parentsOf = async (id: string) => {
    const res = await api('GET', `/pedigree?germplasmDbId=${id}&pedigreeDepth=1&progenyDepth=0`);
    const node = res.json.result.data.find((n: { germplasmDbId: string }) => n.germplasmDbId === id);
    return node.parents.map((p: { germplasmDbId: string; parentType: string }) => `${p.germplasmDbId} ${p.parentType}`).sort();
  };
  const messages = (res: { json: { metadata: { status: Array<{ message: string }> } } }) => res.json.metadata.status.map((s) => s.message);

  it('a POPULATION parent keeps the stored sex and says so; a new sex or a set that does not fit is refused with both sets', async () => {
    const nodes = [
      { germplasmDbId: 'ptt-a', germplasmName: 'PTT A' },
      { germplasmDbId: 'ptt-b', germplasmName: 'PTT B' },
      { germplasmDbId: 'ptt-c', germplasmName: 'PTT C' },
      { germplasmDbId: 'ptt-x', germplasmName: 'PTT X', parents: [{ germplasmDbId: 'ptt-a', parentType: 'FEMALE' }, { germplasmDbId: 'ptt-b', parentType: 'MALE' }] },
    ];
    expect((await api('POST', '/pedigree', nodes)).status).to.equal(200);

    const kept = await api('POST', '/pedigree', [{ germplasmDbId: 'ptt-x', parents: [{ germplasmDbId: 'ptt-b', parentType: 'POPULATION' }] }]);
    expect(kept.status, kept.text).to.equal(200);
    expect(await parentsOf('ptt-x')).to.deep.equal(['ptt-a FEMALE', 'ptt-b MALE']);
    expect(messages(kept)).to.include('1 parents given as POPULATION kept the type stored for them (kept stored sex): ptt-x <- ptt-b MALE.');
    expect(messages(kept)).to.include('0 parent relationships added, 0 parent types changed.');

    const flipped = await api('POST', '/pedigree', [{ germplasmDbId: 'ptt-x', parents: [{ germplasmDbId: 'ptt-b', parentType: 'FEMALE' }] }]);
    expect(flipped.status).to.equal(400);
    expect(flipped.text).to.contain('PTT B is stored as MALE and given as FEMALE').and.contain('stored: PTT A FEMALE, PTT B MALE; given: PTT B FEMALE');

    const more = await api('POST', '/pedigree', [{ germplasmDbId: 'ptt-x', parents: [{ germplasmDbId: 'ptt-c', parentType: 'POPULATION' }] }]);
    expect(more.status).to.equal(400);
    expect(more.text).to.contain('MALE parent and POPULATION parents').and.contain('stored: PTT A FEMALE, PTT B MALE; given: PTT C POPULATION');
    expect(await parentsOf('ptt-x')).to.deep.equal(['ptt-a FEMALE', 'ptt-b MALE']);
  });

  it('replaceParentTypes on POST, and PUT, change known types and count the changes', async () => {
    const swapped = await api('POST', '/pedigree?replaceParentTypes=true', [
      { germplasmDbId: 'ptt-x', parents: [{ germplasmDbId: 'ptt-a', parentType: 'MALE' }, { germplasmDbId: 'ptt-b', parentType: 'FEMALE' }] },
    ]);
    expect(swapped.status, swapped.text).to.equal(200);
    expect(await parentsOf('ptt-x')).to.deep.equal(['ptt-a MALE', 'ptt-b FEMALE']);
    expect(messages(swapped)).to.include('0 parent relationships added, 2 parent types changed: ptt-x <- ptt-a FEMALE to MALE, ptt-x <- ptt-b MALE to FEMALE.');

    const put = await api('PUT', '/pedigree', { 'ptt-x': { germplasmDbId: 'ptt-x', parents: [{ germplasmDbId: 'ptt-a', parentType: 'POPULATION' }, { germplasmDbId: 'ptt-c', parentType: 'POPULATION' }] } });
    expect(put.status, put.text).to.equal(200);
    expect(await parentsOf('ptt-x')).to.deep.equal(['ptt-a POPULATION', 'ptt-c POPULATION']);
    expect(messages(put)).to.include('1 parent relationships added, 1 parent types changed: ptt-x <- ptt-a MALE to POPULATION.');
  });
});

describe('the crop of a pedigree node', function () {
  this.timeout(60_000);
  after(removeCrop);
  const cropOf = async (id: string) => (await api('GET', `/germplasm/${id}`)).json.result.commonCropName;

  it('POST stores commonCropName on the germplasm it creates, refuses one that contradicts a stored crop, and PUT changes it', async () => {
    const res = await api('POST', '/pedigree', [{ germplasmDbId: 'ptt-crop-1', germplasmName: 'PTT Crop 1', commonCropName: CROP }]);
    expect(res.status, res.text).to.equal(200);
    expect(await cropOf('ptt-crop-1')).to.equal(CROP);

    const same = await api('POST', '/pedigree', [{ germplasmDbId: 'ptt-crop-1', commonCropName: CROP }]);
    expect(same.status, same.text).to.equal(200);
    const other = await api('POST', '/pedigree', [{ germplasmDbId: 'ptt-crop-1', commonCropName: 'Maize' }]);
    expect(other.status).to.equal(400);
    expect(other.text).to.contain('commonCropName is given as "Maize" but the germplasm is stored with "PtBarley"');
    expect(await cropOf('ptt-crop-1')).to.equal(CROP);

    const put = await api('PUT', '/pedigree', { 'ptt-crop-1': { commonCropName: `${CROP}2` } });
    expect(put.status, put.text).to.equal(200);
    expect(await cropOf('ptt-crop-1')).to.equal(`${CROP}2`);
  });
});

describe('the pedigree history write', function () {
  this.timeout(60_000);
  after(async () => {
    // Others' history keeps numbering on after the largest sequence recorded.
    await server().graph.write(
      `MERGE (l:PedigreeLock {name: 'pedigree'})
       SET l.changeCount = coalesce(COLLECT { MATCH (h:PedigreeChange) RETURN max(h.sequence) AS s }[0], 0)`,
    );
    await removeCrop();
  });

  it('records the change even when the lock node is gone (never answers "recorded" with nothing recorded)', async () => {
    expect((await api('POST', '/pedigree', [{ germplasmDbId: 'ptt-h-p', germplasmName: 'PTT H P' }, { germplasmDbId: 'ptt-h-c', germplasmName: 'PTT H C' }])).status).to.equal(200);
    const [{ top }] = await server().graph.read<{ top: number }>('MATCH (h:PedigreeChange) RETURN coalesce(max(h.sequence), 0) AS top');
    await server().graph.write("MATCH (l:PedigreeLock {name: 'pedigree'}) DELETE l");
    // The recorder as every pedigree write uses it, in a transaction of its own that has not taken the lock.
    const recorded = await server().graph.transaction(async (tx) => {
      const changes = await snapshotEdges(tx, { children: ['ptt-h-c'], parents: [] });
      await tx.run("MATCH (c:Germplasm {germplasmDbId: 'ptt-h-c'}), (p:Germplasm {germplasmDbId: 'ptt-h-p'}) CREATE (c)-[:PARENT {parentType: 'FEMALE'}]->(p)");
      return changes.record(tx, { source: 'test' });
    });
    expect(recorded.changes).to.have.length(1);
    const rows = await server().graph.read<{ sequence: number; actions: string[] }>(
      'MATCH (h:PedigreeChange {changeId: $id})-[:CHANGES_CHILD]->(:Germplasm {germplasmDbId: $child}) RETURN h.sequence AS sequence, h.actions AS actions',
      { id: recorded.changeId, child: 'ptt-h-c' },
    );
    expect(rows).to.deep.equal([{ sequence: top + 1, actions: ['ADDED'] }]);

    // Through POST /pedigree, with the lock node gone again: the answer names a change that is recorded.
    await server().graph.write("MATCH (l:PedigreeLock {name: 'pedigree'}) DELETE l");
    const res = await api('POST', '/pedigree', [{ germplasmDbId: 'ptt-h-c', parents: [{ germplasmDbId: 'ptt-h-p', parentType: 'FEMALE' }, { germplasmDbId: 'ptt-a2', germplasmName: 'PTT A2', parentType: 'MALE' }] }]);
    expect(res.status, res.text).to.equal(200);
    const said = res.json.metadata.status.map((s: { message: string }) => s.message).find((m: string) => m.includes('recorded as pedigree change'));
    const changeId = /pedigree change (\S+)\.$/.exec(said)![1];
    expect(await count('MATCH (h:PedigreeChange {changeId: $changeId}) RETURN count(h) AS n', { changeId })).to.equal(1);
  });
});

// The migration runner on the real database: a dry run counts and writes nothing, a run changes exactly the records
// that need it and records itself, a second run changes nothing; and the command line around it.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Migration } from '../../src/migrations/migration.js';
import { runMigrations } from '../../src/migrations/migration.js';
import { geoPositions } from '../../src/migrations/geo-positions.js';
import { germplasmCrops } from '../../src/migrations/germplasm-crops.js';
import { utcInstants } from '../../src/migrations/utc-instants.js';
import { crossFamilies } from '../../src/migrations/cross-families.js';
import { samplePlates } from '../../src/migrations/sample-plates.js';
import { historyParentLinks } from '../../src/migrations/history-parent-links.js';
import { historyPerChild } from '../../src/migrations/history-per-child.js';
import { cli, cliAsProcess } from '../support/cli.js';
import { count, removeNodes } from '../support/graph.js';
import { searchIds } from '../support/search.js';
import { api, createRecords, server } from '../support/server.js';

describe('migrations', () => {
  const run = randomUUID();
  // A migration of our own for the test: marks :MigrationTest nodes that lack `done`.
  const mark: Migration = {
    id: `test-mark-${run}`,
    description: 'sets done on test nodes',
    async pending(graph) {
      const [row] = await graph.read<{ n: number }>('MATCH (t:MigrationTest {run: $run}) WHERE t.done IS NULL RETURN count(t) AS n', { run });
      return row.n;
    },
    async apply(graph) {
      const [row] = await graph.write<{ n: number }>('MATCH (t:MigrationTest {run: $run}) WHERE t.done IS NULL SET t.done = true RETURN count(t) AS n', { run });
      return row.n;
    },
  };

  after(async () => {
    await server().graph.write('MATCH (t:MigrationTest {run: $run}) DELETE t', { run });
    await server().graph.write('MATCH (m:Migration {id: $id}) DELETE m', { id: mark.id });
  });

  it('dry run counts, a run changes only what needs it and is recorded, a second run changes nothing', async () => {
    const graph = server().graph;
    await graph.write('UNWIND range(1, 3) AS i CREATE (:MigrationTest {run: $run, i: i})', { run });
    await graph.write('CREATE (:MigrationTest {run: $run, done: true})', { run });

    expect(await runMigrations(graph, [mark], { dryRun: true })).to.deep.equal([{ id: mark.id, description: mark.description, pending: 3, changed: 0 }]);
    expect(await mark.pending(graph)).to.equal(3);
    expect(await graph.read('MATCH (m:Migration {id: $id}) RETURN m', { id: mark.id })).to.deep.equal([]);

    expect(await runMigrations(graph, [mark])).to.deep.equal([{ id: mark.id, description: mark.description, pending: 3, changed: 3 }]);
    expect(await runMigrations(graph, [mark])).to.deep.equal([{ id: mark.id, description: mark.description, pending: 0, changed: 0 }]);
    const [rec] = await graph.read<{ changed: number }>('MATCH (m:Migration {id: $id}) RETURN m.changed AS changed', { id: mark.id });
    expect(rec.changed).to.equal(3);
  });

  it('geo-positions: GeoJSON stored without spatial values gets them back, and area searches find it again', async () => {
    const graph = server().graph;
    const area = { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[100, 10], [101, 10], [101, 11], [100, 11], [100, 10]]] } };
    const field = { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[100.2, 10.2], [100.4, 10.2], [100.4, 10.4], [100.2, 10.2]]] } };
    const spot = { type: 'Feature', geometry: { type: 'Point', coordinates: [100.5, 10.5, 12] } };
    const created = await createRecords('locations', [{ locationName: `migrate ${run} field`, coordinates: field }, { locationName: `migrate ${run} spot`, coordinates: spot }]);
    const ids = created.map((l) => l.locationDbId).sort();
    const inArea = () => searchIds('locations', 'locationDbId', { coordinates: area, locationDbIds: ids });
    const stored = () => graph.read('MATCH (n:Location) WHERE n.locationDbId IN $ids RETURN n.coordinatesPoint AS p, n.coordinatesRing AS r ORDER BY n.locationDbId', { ids });
    try {
      expect(await inArea()).to.deep.equal(ids);
      const written = await stored();
      // As a store made before area searches holds them.
      await graph.write('MATCH (n:Location) WHERE n.locationDbId IN $ids REMOVE n.coordinatesPoint, n.coordinatesRing', { ids });
      expect(await inArea()).to.deep.equal([]);

      expect(await geoPositions.pending(graph)).to.equal(2);
      expect((await runMigrations(graph, [geoPositions], { dryRun: true }))[0]).to.include({ pending: 2, changed: 0 });
      expect(await inArea()).to.deep.equal([]);
      expect((await runMigrations(graph, [geoPositions]))[0]).to.include({ pending: 2, changed: 2 });
      expect(await stored()).to.deep.equal(written);
      expect(await inArea()).to.deep.equal(ids);
      expect((await runMigrations(graph, [geoPositions]))[0]).to.include({ pending: 0, changed: 0 });
    } finally {
      await removeNodes('Location', 'locationDbId', ids);
    }
  });

  it('germplasm-crops: germplasm stored without a crop take their relatives\' down a chain; a dry run counts exactly that', async () => {
    const graph = server().graph;
    const id = (n: string) => `migrate-${run}-${n}`;
    const posted = await api('POST', '/pedigree', [
      { germplasmDbId: id('f1'), germplasmName: `Migrate ${run} F1`, parents: [{ germplasmDbId: 'soy-lee', parentType: 'FEMALE' }, { germplasmDbId: 'soy-essex', parentType: 'MALE' }] },
      { germplasmDbId: id('f2'), germplasmName: `Migrate ${run} F2`, parents: [{ germplasmDbId: id('f1'), parentType: 'SELF' }] },
      { germplasmDbId: id('alone'), germplasmName: `Migrate ${run} alone`, parents: [] },
    ]);
    expect(posted.status, posted.text).to.equal(200);
    const crops = async () => graph.read<{ id: string; taxon: unknown[] }>(
      'MATCH (g:Germplasm) WHERE g.germplasmDbId IN $ids RETURN g.germplasmDbId AS id, [g.commonCropName, g.genus, g.species] AS taxon ORDER BY id',
      { ids: [id('alone'), id('f1'), id('f2')] },
    );
    const soybean = ['Soybean', 'Glycine', 'max'];
    const expected = [{ id: id('alone'), taxon: [null, null, null] }, { id: id('f1'), taxon: soybean }, { id: id('f2'), taxon: soybean }];
    expect(await crops()).to.deep.equal(expected); // set by the upload itself
    const before = await germplasmCrops.pending(graph);
    // As a store written before pedigree writes set crops holds them.
    await graph.write('MATCH (g:Germplasm) WHERE g.germplasmDbId IN $ids REMOVE g.commonCropName, g.genus, g.species', { ids: [id('f1'), id('f2')] });
    expect(await germplasmCrops.pending(graph)).to.equal(before + 2);
    expect(await germplasmCrops.pending(graph)).to.equal(before + 2); // counting wrote nothing
    expect((await runMigrations(graph, [germplasmCrops]))[0]).to.include({ pending: before + 2, changed: before + 2 });
    expect(await crops()).to.deep.equal(expected);
    expect(await germplasmCrops.pending(graph)).to.equal(0);
  });

  it('cross-families: a cross stored before crosses were pedigree nodes gets its family, under its parents', async () => {
    const graph = server().graph;
    const posted = await api('POST', '/crosses', [{ crossName: `Migrate ${run} cross`, parent1: { germplasmDbId: 'soy-lee', parentType: 'FEMALE' }, parent2: { germplasmDbId: 'soy-essex', parentType: 'MALE' } }]);
    expect(posted.status, posted.text).to.equal(200);
    const id = posted.json.result.data[0].crossDbId as string;
    const family = () => graph.read<{ parents: string[] }>(
      'MATCH (c:Cross {crossDbId: $id})-[:FAMILY]->(g:Germplasm {germplasmDbId: $id}) RETURN [(g)-[r:PARENT]->(p) | p.germplasmDbId + ":" + r.parentType] AS parents',
      { id },
    );
    expect((await family()).map((f) => [...f.parents].sort())).to.deep.equal([['soy-essex:MALE', 'soy-lee:FEMALE']]);
    // As a store written before crosses had families holds it.
    await removeNodes('Germplasm', 'germplasmDbId', [id]);
    expect(await family()).to.deep.equal([]);
    const pending = await crossFamilies.pending(graph);
    expect(pending).to.equal(1);
    expect((await runMigrations(graph, [crossFamilies]))[0]).to.include({ pending, changed: pending });
    expect((await family()).map((f) => [...f.parents].sort())).to.deep.equal([['soy-essex:MALE', 'soy-lee:FEMALE']]);
    expect(await crossFamilies.pending(graph)).to.equal(0);
  });

  it('utc-instants: a date-time stored without its UTC form gets it, and range searches find it again', async () => {
    const graph = server().graph;
    const [image] = await createRecords('images', [{ imageName: `migrate ${run} image`, imageTimeStamp: '2033-03-03T10:00:00+02:00', descriptiveOntologyTerms: [`migrate-${run}`] }]);
    const found = () => searchIds('images', 'imageDbId', { descriptiveOntologyTerms: [`migrate-${run}`], imageTimeStampRangeEnd: '2033-03-03T08:00:00Z' });
    try {
      expect(await found()).to.deep.equal([image.imageDbId]);
      await graph.write('MATCH (n:Image {imageDbId: $id}) REMOVE n.imageTimeStampUtc', { id: image.imageDbId });
      expect(await found()).to.deep.equal([]);
      const pending = await utcInstants.pending(graph);
      expect(pending).to.equal(1);
      expect((await runMigrations(graph, [utcInstants]))[0]).to.include({ pending: 1, changed: 1 });
      expect(await found()).to.deep.equal([image.imageDbId]);
      expect(await utcInstants.pending(graph)).to.equal(0);
    } finally {
      await removeNodes('Image', 'imageDbId', [image.imageDbId]);
    }
  });

  it('sample-plates: samples holding their plate as plain properties get plate records and relationships', async () => {
    const graph = server().graph;
    const made = await createRecords('samples', [
      { sampleName: `migrate ${run} A`, studyDbId: 'study-stoneville-2023' },
      { sampleName: `migrate ${run} B`, studyDbId: 'study-stoneville-2023' },
      { sampleName: `migrate ${run} C` },
      { sampleName: `migrate ${run} D` },
    ]);
    const [a, b, c, d] = made.map((s) => s.sampleDbId as string);
    const plate = `migrate-plate-${run}`;
    try {
      // As a store written before plates were records holds them: two plain properties.
      await graph.write('MATCH (s:Sample) WHERE s.sampleDbId IN $ids SET s.plateDbId = $plate, s.plateName = $name', { ids: [a, b], plate, name: `Migrate ${run} plate` });
      await graph.write('MATCH (s:Sample {sampleDbId: $id}) SET s.plateName = $name', { id: c, name: `Migrate ${run} named only` });
      await graph.write("MATCH (s:Sample {sampleDbId: $id}) SET s.plateDbId = 'plate-ust24-seed-01', s.plateName = 'an old name'", { id: d });
      expect((await api('GET', `/samples/${a}`)).json.result.plateDbId).to.equal(null);
      const pending = await samplePlates.pending(graph);
      expect(pending).to.equal(4);
      expect((await runMigrations(graph, [samplePlates]))[0]).to.include({ pending: 4, changed: 4 });
      expect(await samplePlates.pending(graph)).to.equal(0);

      const shown = Object.fromEntries(await Promise.all([a, b, c, d].map(async (id) => [id, (await api('GET', `/samples/${id}`)).json.result])));
      expect([shown[a], shown[b]].map((s) => [s.plateDbId, s.plateName])).to.deep.equal([[plate, `Migrate ${run} plate`], [plate, `Migrate ${run} plate`]]);
      // The plate takes its samples' study (they share one).
      const got = await api('GET', `/plates/${plate}`);
      expect(got.status, got.text).to.equal(200);
      expect(got.json.result).to.include({ plateDbId: plate, plateName: `Migrate ${run} plate`, studyDbId: 'study-stoneville-2023' });
      // A plate named without a DbId becomes a plate of its own; a DbId of an existing plate links to it.
      expect(shown[c].plateName).to.equal(`Migrate ${run} named only`);
      expect(shown[c].plateDbId).to.be.a('string').and.not.equal(plate);
      expect([shown[d].plateDbId, shown[d].plateName]).to.deep.equal(['plate-ust24-seed-01', 'UST24 seed tubes 01']);
      expect((await api('GET', `/samples?plateDbId=${plate}`)).json.result.data.map((s: { sampleDbId: string }) => s.sampleDbId).sort()).to.deep.equal([a, b].sort());
      expect(await count('MATCH (s:Sample) WHERE s.sampleDbId IN $ids AND (s.plateDbId IS NOT NULL OR s.plateName IS NOT NULL) RETURN count(s) AS n', { ids: [a, b, c, d] })).to.equal(0);
    } finally {
      await graph.write(
        'MATCH (s:Sample) WHERE s.sampleDbId IN $ids OPTIONAL MATCH (s)-[:ON_PLATE]->(p:Plate) WHERE p.plateDbId <> $kept DETACH DELETE s, p',
        { ids: [a, b, c, d], kept: 'plate-ust24-seed-01' },
      );
    }
  });

  it('history-parent-links: pedigree history entries lose their link to the parent, and still name it', async () => {
    const graph = server().graph;
    const child = `migrate-${run}-history`;
    const posted = await api('POST', '/pedigree', [{
      germplasmDbId: child, germplasmName: `Migrate ${run} history`,
      parents: [{ germplasmDbId: 'soy-lee', parentType: 'FEMALE' }, { germplasmDbId: 'soy-essex', parentType: 'MALE' }],
    }]);
    expect(posted.status, posted.text).to.equal(200);
    // As the earlier writer left them: a node per entry, linked to its parent as well.
    await asEntryNodes(child);
    await graph.write('MATCH (h:PedigreeChange {germplasmDbId: $child}) MATCH (p:Germplasm {germplasmDbId: h.parentDbId}) CREATE (h)-[:CHANGES_PARENT]->(p)', { child });
    const pending = await historyParentLinks.pending(graph);
    expect(pending).to.be.at.least(2);
    expect((await runMigrations(graph, [historyParentLinks]))[0]).to.include({ pending, changed: pending });
    expect(await historyParentLinks.pending(graph)).to.equal(0);
    const [left] = await graph.read('MATCH (h:PedigreeChange {germplasmDbId: $child}) RETURN count(h) AS entries, sum(COUNT { (h)--() }) AS links', { child });
    expect(left).to.deep.equal({ entries: 2, links: 2 });
    const history = await api('GET', `/extensions/germplasm/${child}/pedigree-history`);
    expect(history.status, history.text).to.equal(200);
    expect(history.json.result.data.map((e: { parentDbId: string; parentGermplasmName: string }) => `${e.parentDbId} ${e.parentGermplasmName}`).sort())
      .to.deep.equal(['soy-essex Essex', 'soy-lee Lee']);
  });

  /** Rewrites the child's pedigree history as the writer before history-per-child kept it: a node per entry. */
  async function asEntryNodes(child: string) {
    await server().graph.write(
      `MATCH (h:PedigreeChange)-[:CHANGES_CHILD]->(c:Germplasm {germplasmDbId: $child})
       UNWIND range(0, size(h.actions) - 1) AS i
       WITH h, c, i WHERE h.germplasmDbIds[i] = $child
       CREATE (e:PedigreeChange {changeId: h.changeId, sequence: h.sequence, position: i, action: h.actions[i],
         parentType: CASE WHEN h.parentTypes[i] <> '' THEN h.parentTypes[i] END, germplasmDbId: $child,
         parentDbId: h.parentDbIds[i], userId: h.userId, source: h.source, timestamp: h.timestamp})
       CREATE (e)-[:CHANGES_CHILD]->(c)
       WITH DISTINCT h DETACH DELETE h`,
      { child },
    );
  }

  it('history-per-child: entry nodes become one node per change and child; the history and its undo answer as before', async () => {
    const graph = server().graph;
    const child = `migrate-${run}-per-child`;
    const parents = (male: string) => [{ germplasmDbId: 'soy-lee', parentType: 'FEMALE' }, { germplasmDbId: male, parentType: 'MALE' }];
    expect((await api('POST', '/pedigree', [{ germplasmDbId: child, germplasmName: `Migrate ${run} per child`, parents: parents('soy-essex') }])).status).to.equal(200);
    expect((await api('PUT', '/pedigree', { [child]: { parents: parents('soy-forrest') } })).status).to.equal(200);
    const history = async () => (await api('GET', `/extensions/germplasm/${child}/pedigree-history`)).json.result.data;
    const before = await history();
    expect(before.map((e: { action: string; parentDbId: string }) => `${e.action} ${e.parentDbId}`))
      .to.deep.equal(['ADDED soy-essex', 'ADDED soy-lee', 'REMOVED soy-essex', 'ADDED soy-forrest']);
    await asEntryNodes(child);
    // Not migrated yet: read as they are.
    expect(await history()).to.deep.equal(before);
    const nodes = () => count('MATCH (h:PedigreeChange {germplasmDbId: $child}) RETURN count(h) AS n', { child });
    expect(await nodes()).to.equal(4);
    const pending = await historyPerChild.pending(graph);
    expect(pending).to.be.at.least(4);
    expect((await runMigrations(graph, [historyPerChild]))[0]).to.include({ pending, changed: pending });
    expect(await historyPerChild.pending(graph)).to.equal(0);
    expect(await nodes()).to.equal(2);
    expect(await history()).to.deep.equal(before);
    // The PUT's change, undone from its rewritten entries: the parents it replaced are back.
    const undo = await api('POST', `/extensions/pedigree-history/${before[3].changeId}/undo`);
    expect(undo.status, undo.text).to.equal(200);
    const now = (await api('GET', `/pedigree?germplasmDbId=${child}&pedigreeDepth=1&progenyDepth=0`)).json.result.data.find((n: { germplasmDbId: string }) => n.germplasmDbId === child);
    expect(now.parents.map((p: { germplasmDbId: string }) => p.germplasmDbId).sort()).to.deep.equal(['soy-essex', 'soy-lee']);
  });

  it('npm run migrate: a dry run on the suite database writes nothing; bad usage exits 2', async function () {
    const before = await server().graph.read<{ n: number }>('MATCH (m:Migration) RETURN count(m) AS n');
    // The dry run as a process, as an operator runs it; the bad usage in the test process.
    const dry = await cliAsProcess('migrate', ['--dry-run'], undefined, undefined, { test: this });
    expect(dry.code, dry.stderr).to.equal(0);
    expect(dry.stdout).to.contain('Dry run: nothing was written.');
    expect(await server().graph.read('MATCH (m:Migration) RETURN count(m) AS n')).to.deep.equal(before);
    const bad = await cli('migrate', ['--force']);
    expect(bad.code).to.equal(2);
    expect(bad.stderr).to.contain('Usage: npm run migrate');
  });
});

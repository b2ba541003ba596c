// Curator-grade imports: names looked up within one crop, never linked across crops; every parent kept whatever the
// file calls it; repeats and conflicts reported with their true lines; the real barley files as they are; and a
// Helium export that imports back as the same graph. Checked through the API and the graph, as a curator would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BARLEY, FIXTURES } from '../../src/demo/load.js';
import { cli } from '../support/cli.js';
import { count, HISTORY, removeNodes } from '../support/graph.js';
import { heliumFile } from '../support/helium.js';
import { api, server } from '../support/server.js';

/** PARENT relationships whose child and parent are of different crops, anywhere in the database. */
async function crossCropEdges(): Promise<number> {
  return count('MATCH (c:Germplasm)-[:PARENT]->(p:Germplasm) WHERE c.commonCropName <> p.commonCropName RETURN count(*) AS n');
}

/** The parents of each germplasm of a crop whose DbId starts with `prefix`: DbId -> ["parent name:TYPE", ...]. */
async function parentsByName(crop: string, prefix: string): Promise<Record<string, string[]>> {
  const rows = await server().graph.read<{ name: string; parents: string[] }>(
    `MATCH (g:Germplasm {commonCropName: $crop}) WHERE g.germplasmDbId STARTS WITH $prefix
     RETURN g.germplasmName AS name, [(g)-[r:PARENT]->(p) | p.germplasmName + ':' + r.parentType] AS parents`,
    { crop, prefix },
  );
  return Object.fromEntries(rows.map((r) => [r.name, [...r.parents].sort()]));
}

/**
 * Other files search the demo by name: the germplasm made here (a maize "Williams 82", new soybean lines, a barley
 * import) go, with their pedigree history.
 */
async function removeCreated(): Promise<void> {
  for (const prefix of ['crp-', 'barn-']) await removeNodes('Germplasm', 'germplasmDbId', { startsWith: prefix }, HISTORY);
}

describe('pedigree imports scoped to a crop', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pedigree-crops-'))));
  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await removeCreated();
  });
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };
  const importFile = (args: string[]) => cli('import', args, undefined, dir);
  const report = (p: string) => JSON.parse(fs.readFileSync(`${p}.import-report.json`, 'utf8'));

  it('needs --crop for a names file, and writes the report to the current folder (the input folder may be read-only)', async () => {
    const readOnly = path.join(dir, 'ro');
    fs.mkdirSync(readOnly);
    const p = path.join(readOnly, 'one.helium');
    fs.writeFileSync(p, '# heliumInput = PEDIGREE\nLineName\tFemaleParent\tMaleParent\nRO-1\tRO-A\tRO-B\n');
    fs.chmodSync(readOnly, 0o555);
    const missing = await importFile([p, '--dry-run']);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.contain('--crop is required');
    const run = await importFile([p, '--dry-run', '--crop', 'Maize']);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain(`report: one.helium.import-report.json`);
    expect(report(path.join(dir, 'one.helium'))).to.include({ crop: 'Maize', created: 3, linked: 2, unchanged: 0 });
    fs.chmodSync(readOnly, 0o755);
  });

  it('refuses a crop spelled otherwise than it is stored (--crop soybean), naming the stored spelling and writing nothing', async () => {
    const p = file('soy-lowercase.helium', '# heliumInput = PEDIGREE\nLineName\tFemaleParent\tMaleParent\nCRP-Low1\tWilliams 82\tLee\n');
    const before = await server().graph.read<{ n: number }>('MATCH (g:Germplasm) RETURN count(g) AS n');
    const run = await importFile([p, '--crop', 'soybean', '--id-prefix', 'crp-']);
    expect(run.code, run.stdout).to.equal(1);
    expect(run.stderr).to.contain('"soybean"').and.to.contain('--crop Soybean');
    const after = await server().graph.read<{ n: number }>('MATCH (g:Germplasm) RETURN count(g) AS n');
    expect(after[0].n).to.equal(before[0].n);
  });

  it('never links a name of another crop: soybean names in a maize file make new maize germplasm, listed', async () => {
    // A headerless parent,child edge list with CRLF endings, as public maize pedigrees come; a child with four
    // parents (a synthetic), a repeated row, a two-line cycle, and names soybean germplasm also have.
    const p = file('maize-edges.csv', [
      'Williams 82,CRP-Syn1', // line 1
      'Lee,CRP-Syn1',
      'CRP-B73,CRP-Syn1',
      'CRP-Mo17,CRP-Syn1',
      'Lee,CRP-Syn1', // line 5: repeats line 2
      'CRP-B73,CRP-Hyb',
      'CRP-Mo17,CRP-Hyb',
      'CRP-Cy1,CRP-Cy2', // line 8
      'CRP-Cy2,CRP-Cy1', // line 9: closes a cycle
      '',
    ].join('\r\n'));
    const before = await crossCropEdges();
    const args = [p, '--crop', 'Maize', '--no-header', '--columns', 'parent=1,child=2', '--id-prefix', 'crp-'];
    // A dry run's summary speaks of what would be done.
    const dry = await importFile([...args, '--dry-run']);
    expect(dry.stdout).to.contain('2 names known only outside Maize would be made new Maize germplasm')
      .and.to.contain('8 parents without a sex, would be stored as POPULATION');
    const run = await importFile(args);
    expect(run.code, run.stderr + run.stdout).to.equal(3);
    const r = report(p);
    expect(r.otherCrops.map((o: { name: string }) => o.name).sort()).to.deep.equal(['Lee', 'Williams 82']);
    expect(r.otherCrops.find((o: { name: string }) => o.name === 'Lee').crops).to.deep.equal(['Soybean']);
    expect(r.existing).to.equal(0);
    expect(r.merged).to.deep.equal([{ at: ['line 5', 'line 2'], germplasmName: 'CRP-Syn1', reason: 'repeats the relationship CRP-Syn1 <- Lee (no sex given); merged with line 2' }]);
    expect(r.rejected).to.have.length(1);
    expect(r.rejected[0].at).to.satisfy((at: string[]) => at[0] === 'line 8' || at[0] === 'line 9');
    expect(r.rejected[0].reason).to.contain('own ancestor');
    expect(r.unsexedParents).to.deep.equal({ count: 8, storedAs: 'population' });

    expect(await crossCropEdges()).to.equal(before);
    const maize = await parentsByName('Maize', 'crp-');
    expect(maize['CRP-Syn1']).to.deep.equal(['CRP-B73:POPULATION', 'CRP-Mo17:POPULATION', 'Lee:POPULATION', 'Williams 82:POPULATION']);
    expect(maize['CRP-Hyb']).to.deep.equal(['CRP-B73:POPULATION', 'CRP-Mo17:POPULATION']);
    expect([...maize['CRP-Cy1'], ...maize['CRP-Cy2']]).to.deep.equal([]);
    // The soybean Williams 82 kept its parents and gained no child.
    const w82 = await api('GET', '/pedigree?germplasmDbId=soy-williams-82');
    expect(w82.json.result.data[0].progeny.map((p: { germplasmName: string }) => p.germplasmName)).to.not.include('CRP-Syn1');
    const names = await api('GET', '/germplasm?germplasmName=Williams%2082&pageSize=10');
    expect(names.json.result.data.map((g: { commonCropName: string }) => g.commonCropName).sort()).to.deep.equal(['Maize', 'Soybean']);
  });

  it('matches by accession number, PUI or synonym when no germplasmName matches, says which; an ambiguous name rejects its row', async () => {
    const twins = await api('POST', '/germplasm', [
      { germplasmName: 'CRP Twin', commonCropName: 'Soybean' },
      { germplasmName: 'CRP Twin', commonCropName: 'Soybean' },
    ]);
    expect(twins.status, twins.text).to.equal(200);
    const twinIds = twins.json.result.data.map((g: { germplasmDbId: string }) => g.germplasmDbId).sort();
    // An accession number one soybean germplasm has (and none as its name); and PI 548585, which SoyBase gives to both
    // Williams 82 and Wilstar 790.
    const [{ accession, owner }] = await server().graph.read<{ accession: string; owner: string }>(
      `MATCH (g:Germplasm {commonCropName: 'Soybean'}) WHERE g.accessionNumber IS NOT NULL
       WITH g.accessionNumber AS accession, collect(g.germplasmDbId) AS ids WHERE size(ids) = 1
         AND NOT EXISTS { MATCH (:Germplasm {germplasmName: accession}) }
       RETURN accession, ids[0] AS owner ORDER BY accession LIMIT 1`,
    );
    const p = file('soy.helium', [
      '# heliumInput = PEDIGREE',
      'LineName\tFemaleParent\tMaleParent',
      `CRP-Acc\t${accession}\tEssex`,
      'CRP-Pui\turn:soybase:parentage:Lee\tEssex',
      'CRP-Twin-Child\tCRP Twin\tEssex', // line 5
      'CRP-Shared-PI\tPI 548585\tEssex', // line 6
      '',
    ].join('\n'));
    const run = await importFile([p, '--crop', 'Soybean', '--id-prefix', 'crp-']);
    expect(run.code, run.stdout).to.equal(3);
    const r = report(p);
    expect(r.matchedOtherwise).to.deep.equal([
      { name: accession, germplasmDbId: owner, field: 'accessionNumber' },
      { name: 'urn:soybase:parentage:Lee', germplasmDbId: 'soy-lee', field: 'germplasmPUI' },
    ]);
    expect(r.rejected.map((x: { at: string[] }) => x.at[0])).to.deep.equal(['line 5', 'line 6']);
    expect(r.rejected[0].reason).to.contain(`"CRP Twin" is the germplasmName of 2 Soybean germplasm (${twinIds.join(', ')})`);
    expect(r.rejected[1].reason).to.contain('"PI 548585" is the accessionNumber of 2 Soybean germplasm (soy-williams-82, soy-wilstar-790)');
    const acc = await parentsByName('Soybean', 'crp-');
    const ownerName = (await api('GET', `/germplasm/${owner}`)).json.result.germplasmName;
    expect(acc['CRP-Acc']).to.deep.equal(['Essex:MALE', `${ownerName}:FEMALE`]);
    expect(acc['CRP-Pui']).to.deep.equal(['Essex:MALE', 'Lee:FEMALE']);
    expect(acc).to.not.have.property('CRP-Twin-Child');
    expect(acc).to.not.have.property('CRP-Shared-PI');

    // A synonym of one soybean germplasm that no germplasm has as its name or accession number.
    const [{ name, id }] = await server().graph.read<{ name: string; id: string }>(
      `MATCH (g:Germplasm {commonCropName: 'Soybean'}) WHERE g.synonymNames IS NOT NULL
       UNWIND g.synonymNames AS name
       WITH name, g WHERE NOT EXISTS { MATCH (:Germplasm {germplasmName: name}) } AND NOT EXISTS { MATCH (:Germplasm {accessionNumber: name}) }
       WITH name, collect(g.germplasmDbId) AS ids WHERE size(ids) = 1
       RETURN name, ids[0] AS id ORDER BY name LIMIT 1`,
    );
    const syn = file('syn.helium', `# heliumInput = PEDIGREE\nLineName\tFemaleParent\tMaleParent\nCRP-Syn-Child\t${name}\tEssex\n`);
    expect((await importFile([syn, '--crop', 'Soybean', '--id-prefix', 'crp-'])).code).to.equal(0);
    expect(report(syn).matchedOtherwise).to.deep.equal([{ name, germplasmDbId: id, field: 'synonym' }]);
  });

  it('refuses a PARENT relationship between crops from a DbId file, unless wide crosses are allowed (and reported)', async () => {
    const nodes = [{ germplasmDbId: 'crp-triticale-1', germplasmName: 'CRP Wide', parents: [{ germplasmDbId: 'soy-williams-82', parentType: 'FEMALE' }, { germplasmDbId: 'crp-maize-mom', germplasmName: 'CRP Maize Mom', parentType: 'MALE' }] }];
    const p = file('wide.json', JSON.stringify(nodes));
    const refused = await importFile([p, '--crop', 'Maize']);
    expect(refused.code, refused.stdout).to.equal(3);
    expect(report(p).rejected[0].reason).to.contain('is Maize and has the Soybean germplasm soy-williams-82 as a parent: a cross between crops must be allowed explicitly');
    expect(await parentsByName('Maize', 'crp-triticale')).to.deep.equal({ 'CRP Wide': ['CRP Maize Mom:MALE'] });
    const allowed = await importFile([p, '--crop', 'Maize', '--allow-wide-crosses']);
    expect(allowed.code, allowed.stdout).to.equal(0);
    expect(report(p).wideCrosses).to.deep.equal([{ child: 'crp-triticale-1', parent: 'soy-williams-82', childCrop: 'Maize', parentCrop: 'Soybean', childCropGiven: true }]);
    expect(allowed.stdout).to.contain('1 parent relationships between crops kept');
  });

  it('imports the BaRN barley file as it is: every parent without a sex kept, repeats reported, conflicts with the demo barley named', async () => {
    const barn = path.join(dir, 'barn.pedigree.helium');
    fs.copyFileSync(path.join(FIXTURES, 'barley', 'barn.pedigree.helium'), barn);
    const before = await crossCropEdges();
    const sexed = () => server().graph.read<{ child: string; parent: string; type: string }>(
      `MATCH (c:Germplasm {commonCropName: 'Barley'})-[r:PARENT]->(p) WHERE r.parentType IN ['FEMALE', 'MALE']
       RETURN c.germplasmDbId AS child, p.germplasmDbId AS parent, r.parentType AS type ORDER BY child, parent`,
    );
    const sexedBefore = await sexed();
    const run = await importFile([barn, '--crop', 'Barley', '--genus', 'Hordeum', '--species', 'vulgare', '--id-prefix', 'barn-']);
    expect([0, 3], run.stderr).to.include(run.code);
    const r = report(barn);
    const file = heliumFile(barn);
    // The demo's sexed barley relationships are all still there (the file's parents without a sex kept them).
    expect(await sexed()).to.deep.equal(sexedBefore);
    expect(r.typeChanged).to.equal(0);
    expect(r.keptStoredSex).to.be.greaterThan(0);
    const n = r.names;
    expect(n.existing + n.created + n.ambiguous + n.onlyInRejectedRows).to.equal(n.names);
    expect(r.merged).to.have.length(3); // the file's three repeated rows (see fixtures/barley/SOURCE.md)
    expect(r.unsexedParents.count).to.equal(856); // 859 rows, 3 of them repeats
    expect(await crossCropEdges()).to.equal(before);
    // Every germplasm has a crop: the new ones are Barley; soybean names such as Columbus became barley germplasm.
    const [{ none }] = await server().graph.read<{ none: number }>(
      'UNWIND $names AS name MATCH (g:Germplasm {germplasmName: name}) WHERE g.commonCropName IS NULL RETURN count(g) AS none',
      { names: [...file.names] },
    );
    expect(none).to.equal(0);
    expect(r.otherCrops).to.deep.include({ name: 'Columbus', crops: ['Soybean'] });

    // Each line of the file has exactly the parents it gives, unless the demo barley (the ExHIBiT file) already gives
    // it others: then the rows are rejected and the report says why.
    const given = new Map([...file.children].map((child) => [child, new Set<string>()]));
    for (const { child, parent } of file.pairs) given.get(child)!.add(parent);
    const rejectedLines = new Set([...r.rejected, ...r.conflicts].map((x: { germplasmName: string }) => x.germplasmName));
    const stored = await server().graph.read<{ name: string; parents: string[]; types: string[] }>(
      `UNWIND $names AS name MATCH (g:Germplasm {germplasmName: name, commonCropName: 'Barley'})
       RETURN name, [(g)-[r:PARENT]->(p) | p.germplasmName] AS parents, [(g)-[r:PARENT]->() | r.parentType] AS types`,
      { names: [...given.keys()] },
    );
    let checked = 0;
    for (const { name, parents, types } of stored) {
      if (rejectedLines.has(name) || given.get(name)!.size === 0) continue;
      const demoGave = types.some((t) => t !== 'POPULATION');
      if (demoGave) continue;
      expect([...parents].sort(), name).to.deep.equal([...given.get(name)!].sort());
      checked++;
    }
    // The lines the demo barley gives parents to are conflicts or kept their sexes (checked above).
    expect(checked).to.be.greaterThan(100);
    for (const x of r.rejected) expect(x.reason, JSON.stringify(x)).to.match(/POPULATION|own parent|own ancestor|FEMALE|MALE/);
  });

  it('exports a slice with every parent type as Helium, and that file imports back as the same graph', async () => {
    const nodes = [
      { germplasmDbId: 'crp-rt-a', germplasmName: 'CRP RT A', parents: [{ germplasmDbId: 'soy-lee', parentType: 'FEMALE' }, { germplasmDbId: 'soy-essex', parentType: 'MALE' }] },
      { germplasmDbId: 'crp-rt-self', germplasmName: 'CRP RT Self', parents: [{ germplasmDbId: 'crp-rt-a', parentType: 'SELF' }] },
      { germplasmDbId: 'crp-rt-clone', germplasmName: 'CRP RT Clone', parents: [{ germplasmDbId: 'crp-rt-self', parentType: 'CLONAL' }] },
      { germplasmDbId: 'crp-rt-syn', germplasmName: 'CRP RT Syn', parents: [{ germplasmDbId: 'crp-rt-clone', parentType: 'POPULATION' }, { germplasmDbId: 'soy-williams-82', parentType: 'POPULATION' }] },
      { germplasmDbId: 'crp-rt-op', germplasmName: 'CRP RT OP', parents: [{ germplasmDbId: 'crp-rt-syn', parentType: 'FEMALE' }, { germplasmDbId: 'crp-rt-a', parentType: 'POPULATION' }] },
    ];
    const posted = await api('POST', '/pedigree', nodes);
    expect(posted.status, posted.text).to.equal(200);
    const exported = await cli('export', ['crp-rt-op', '--ancestors', '3', '--descendants', '0']);
    expect(exported.code, exported.stderr).to.equal(0);
    const helium = file('rt.helium', exported.stdout);
    for (const type of ['\tF\n', '\tM\n', '\tPOPULATION\n', '\tCLONAL\n']) expect(exported.stdout).to.contain(type);
    const back = await importFile([helium, '--crop', 'Soybean', '--dry-run']);
    expect(back.code, back.stdout).to.equal(0);
    const r = report(helium);
    const pairs = new Set(heliumFile(helium).pairs.map((p) => `${p.child}\t${p.parent}`));
    expect(r).to.include({ created: 0, linked: 0, unchanged: pairs.size });
    expect(r.rejected).to.deep.equal([]);
  });
});

describe('the crop of germplasm written through /pedigree', () => {
  after(removeCreated);

  it('created germplasm take their parents\' crop, genus and species, down a chain of new crosses', async () => {
    const res = await api('POST', '/pedigree', [
      { germplasmDbId: 'crp-api-f1', germplasmName: 'CRP API F1', parents: [{ germplasmDbId: 'soy-lee', parentType: 'FEMALE' }, { germplasmDbId: 'soy-essex', parentType: 'MALE' }] },
      { germplasmDbId: 'crp-api-f2', germplasmName: 'CRP API F2', parents: [{ germplasmDbId: 'crp-api-f1', parentType: 'SELF' }] },
    ]);
    expect(res.status, res.text).to.equal(200);
    for (const id of ['crp-api-f1', 'crp-api-f2']) {
      const g = (await api('GET', `/germplasm/${id}`)).json.result;
      expect([g.commonCropName, g.genus, g.species], id).to.deep.equal(['Soybean', 'Glycine', 'max']);
    }
  });

  it('refuses a parent of another crop with a 400 naming both crops, and changes nothing; allowWideCrosses=true keeps it', async () => {
    const [barley] = (await server().graph.read<{ id: string }>(`MATCH (g:Germplasm {commonCropName: 'Barley'}) RETURN g.germplasmDbId AS id ORDER BY id LIMIT 1`)).map((r) => r.id);
    const body = [{ germplasmDbId: 'crp-api-wide', germplasmName: 'CRP API Wide', parents: [{ germplasmDbId: 'soy-lee', parentType: 'FEMALE' }, { germplasmDbId: barley, parentType: 'MALE' }] }];
    const refused = await api('POST', '/pedigree', body);
    expect(refused.status).to.equal(400);
    expect(refused.text).to.contain('crp-api-wide: has parents of different crops: soy-lee is Soybean, the others Barley');
    expect((await api('GET', '/germplasm/crp-api-wide')).status).to.equal(404);
    const allowed = await api('POST', '/pedigree?allowWideCrosses=true', body);
    expect(allowed.status, allowed.text).to.equal(200);
    expect(allowed.json.metadata.status.map((s: { message: string }) => s.message)).to.include('Wide cross kept (allowWideCrosses): crp-api-wide has parents of different crops: soy-lee is Soybean, the others Barley.');
    const bad = await api('POST', '/pedigree?allowWideCrosses=maybe', body);
    expect(bad.status).to.equal(400);
  });

  it('GET /commoncropnames lists both demo crops', async () => {
    const res = await api('GET', '/commoncropnames');
    expect(res.json.result.data).to.include.members(['Barley', 'Soybean']);
  });

  it('the demo barley is the ExHIBiT file imported with --crop Barley: its one self-parent row rejected, every germplasm barley', async () => {
    const [{ n, crops }] = await server().graph.read<{ n: number; crops: string[] }>(
      'MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH $prefix RETURN count(g) AS n, collect(DISTINCT g.commonCropName) AS crops',
      { prefix: BARLEY.idPrefix },
    );
    expect(crops).to.deep.equal(['Barley']);
    expect(n).to.be.greaterThan(800);
    const valticky = (await api('GET', '/germplasm?germplasmName=Valticky&commonCropName=Barley')).json.result.data[0];
    const nodes = (await api('GET', `/pedigree?germplasmDbId=${valticky.germplasmDbId}`)).json.result.data;
    const node = nodes.find((n: { germplasmDbId: string }) => n.germplasmDbId === valticky.germplasmDbId);
    expect(node.parents.map((p: { germplasmName: string }) => p.germplasmName)).to.deep.equal(['Starnovsky Kneifel']);
    expect(node.parents.map((p: { germplasmDbId: string }) => p.germplasmDbId)).to.not.include(valticky.germplasmDbId);
  });
});

// The pedigree check against genotypes simulated down the real SoyBase pedigree (test/support/genotype-simulation.ts):
// 1% genotyping errors, 5% missing calls, and known pedigree errors injected (a line's genotypes drawn from another
// parent than the recorded one). The check must flag every injected error, name the true parent among the
// candidates, and flag at most 1% of the correct parent-offspring pairs. Then VanRaden's G beside the pedigree's A.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { connectGraph } from '../../src/graph/connect.js';
import type { Graph } from '../../src/graph/port.js';
import { importVcf } from '../../src/modules/genotyping/io/importVcf.js';
import { cli } from '../support/cli.js';
import { genotypingStudy, removeGenotypingStudy } from '../support/genotyping.js';
import { random, simulate, type PedigreeNode } from '../support/genotype-simulation.js';
import { api, testDatabase } from '../support/server.js';

const SEED = 20260125;
const TARGETS = 250;
const EXTRA = 40;
const SWAPS = 12;

describe('pedigree check extension (simulated genotypes, injected errors)', function () {
  this.timeout(300_000);
  let graph: Graph;
  let dir: string;
  const swaps = new Map<string, { replaced: string; truth: string }>();
  let nodes: PedigreeNode[];
  // The import goes into a study of the test's own, so that its samples and reference set go with it: the demo's
  // studies would keep samples named as germplasm, which a later VCF import matches before germplasm names.
  let study: string;

  before(async () => {
    graph = connectGraph({ ...testDatabase(), timeoutMs: 120_000 });
    study = await genotypingStudy('pedigree check');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pedigree-check-'));
    nodes = await graph.read<PedigreeNode & Record<string, unknown>>(
      'MATCH (g:Germplasm {commonCropName: $crop}) RETURN g.germplasmDbId AS germplasmDbId, g.germplasmName AS germplasmName, ' +
      '[(g)-[r:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, parentType: r.parentType}] AS parents ORDER BY germplasmDbId',
      { crop: 'Soybean' },
    );
    const byId = new Map(nodes.map((n) => [n.germplasmDbId, n]));
    // Names the import can match (one Soybean germplasm each).
    const nameCount = new Map<string, number>();
    for (const n of nodes) nameCount.set(n.germplasmName, (nameCount.get(n.germplasmName) ?? 0) + 1);
    const unique = (id: string) => nameCount.get(byId.get(id)?.germplasmName ?? '') === 1;
    const crosses = nodes.filter((n) => n.parents.length === 2 && new Set(n.parents.map((p) => p.parentType)).size === 2
      && n.parents.every((p) => p.parentType === 'FEMALE' || p.parentType === 'MALE') && unique(n.germplasmDbId) && n.parents.every((p) => unique(p.germplasmDbId)));
    const rnd = random(SEED);
    const pick = <T>(list: T[], k: number) => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [copy[i], copy[j]] = [copy[j], copy[i]]; }
      return copy.slice(0, k);
    };
    const targets = pick(crosses, TARGETS);
    const columns = new Set<string>();
    for (const t of targets) { columns.add(t.germplasmDbId); for (const p of t.parents) columns.add(p.germplasmDbId); }
    for (const n of pick(nodes.filter((n) => unique(n.germplasmDbId) && !columns.has(n.germplasmDbId)), EXTRA)) columns.add(n.germplasmDbId);

    // Ancestors and descendants by the recorded pedigree: a true parent drawn from them could be the line's own kin.
    const children = new Map<string, string[]>();
    for (const n of nodes) for (const p of n.parents) children.set(p.germplasmDbId, [...(children.get(p.germplasmDbId) ?? []), n.germplasmDbId]);
    const reach = (start: string, next: (id: string) => string[]) => {
      const seen = new Set<string>();
      const stack = [start];
      while (stack.length) for (const x of next(stack.pop()!)) if (!seen.has(x)) { seen.add(x); stack.push(x); }
      return seen;
    };
    const genotyped = [...columns];
    for (const o of pick(targets, SWAPS)) {
      const kin = new Set([...reach(o.germplasmDbId, (id) => byId.get(id)?.parents.map((p) => p.germplasmDbId) ?? []), ...reach(o.germplasmDbId, (id) => children.get(id) ?? [])]);
      const replaced = o.parents[Math.floor(rnd() * 2)].germplasmDbId;
      const truth = pick(genotyped.filter((x) => x !== o.germplasmDbId && !kin.has(x) && !o.parents.some((p) => p.germplasmDbId === x) && !swaps.has(x)), 1)[0];
      swaps.set(o.germplasmDbId, { replaced, truth });
    }
    const sim = simulate(nodes, { markers: 800, seed: SEED, selfings: 5, errorRate: 0.01, missingRate: 0.05, swaps });
    const file = path.join(dir, 'simulated.vcf');
    fs.writeFileSync(file, sim.vcf(genotyped));
    const report = await importVcf(graph, file, { crop: 'Soybean', studyDbId: study, variantSetDbId: 'vs-simulated', batchSize: 200 });
    expect(report.rejected).to.deep.equal([]);
    expect(report.matched).to.have.length(columns.size);
  });
  after(async () => {
    await removeGenotypingStudy(study);
    await graph.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('flags every injected error, names the true parent, and at most 1% of the correct pairs', async () => {
    const res = await api('GET', '/extensions/pedigree-check?variantSetDbId=vs-simulated&pageSize=5000');
    expect(res.status, res.text).to.equal(200);
    const results = res.json.result.data as Array<{ germplasmDbId: string; trio: { rate: number } | null; parents: Array<{ parentDbId: string; verdict: string; reason: string; candidates: Array<{ germplasmDbId: string }> }> }>;
    const byId = new Map(results.map((r) => [r.germplasmDbId, r]));
    for (const [o, { replaced, truth }] of swaps) {
      const checked = byId.get(o);
      expect(checked, `${o} checked`).to.not.equal(undefined);
      const parent = checked!.parents.find((p) => p.parentDbId === replaced)!;
      expect(parent.verdict, `${o}: recorded parent ${replaced}, true ${truth}: ${parent.reason}`).to.equal('INCONSISTENT');
      expect(parent.candidates.map((c) => c.germplasmDbId), `${o}: candidates for ${replaced}`).to.include(truth);
    }
    const correct = results.flatMap((r) => r.parents.filter((p) => p.verdict !== 'INCONCLUSIVE' && swaps.get(r.germplasmDbId)?.replaced !== p.parentDbId));
    const flagged = correct.filter((p) => p.verdict === 'INCONSISTENT');
    console.log(`      ${swaps.size} injected errors found; ${flagged.length} of ${correct.length} correct parent-offspring pairs flagged`);
    expect(correct.length).to.be.greaterThan(2 * (TARGETS - SWAPS) - 10);
    expect(flagged.length / correct.length).to.be.at.most(0.01);
  });

  it('gives VanRaden\'s G beside the pedigree A for a trio; unknown or ungenotyped germplasm is a 4xx', async () => {
    const [o] = [...swaps.keys()];
    const target = nodes.find((n) => n.germplasmDbId === o)!;
    const ids = [o, ...target.parents.map((p) => p.germplasmDbId)];
    const res = await api('POST', '/extensions/genomic-relationship', { variantSetDbId: 'vs-simulated', germplasmDbIds: ids, method: 'inbred' });
    expect(res.status, res.text).to.equal(200);
    const { genomicRelationship: g, pedigreeRelationship: a, markers } = res.json.result;
    expect(markers).to.be.greaterThan(700);
    expect(g).to.have.length(3);
    // Inbred lines (founders inbred, method inbred): 1 + F near 2 on both diagonals; G symmetric.
    for (let i = 0; i < 3; i++) {
      expect(g[i][i]).to.be.within(1.4, 2.6);
      expect(a[i][i]).to.be.within(1.5, 2);
      for (let j = 0; j < 3; j++) expect(g[i][j]).to.be.closeTo(g[j][i], 1e-12);
    }
    expect((await api('POST', '/extensions/genomic-relationship', { variantSetDbId: 'vs-simulated', germplasmDbIds: ['no-such-germplasm'] })).status).to.equal(404);
    expect((await api('GET', '/extensions/pedigree-check')).status).to.equal(400);
    expect((await api('GET', '/extensions/pedigree-check?variantSetDbId=no-such-set')).status).to.equal(404);
  });
});

describe('genomic relationship: VanRaden\'s G on a hand-worked genotype matrix', function () {
  this.timeout(180_000);
  let study: string;
  before(async () => {
    study = await genotypingStudy('genomic relationship by hand');
  });
  after(() => removeGenotypingStudy(study));

  it('gives every entry of G worked out by hand', async () => {
    // VanRaden (2008, J Dairy Sci 91:4414-4423), first method: G = ZZ' / (2 sum_i p_i (1 - p_i)), Z = X - 2p, p_i
    // the ALT allele frequency at marker i over the set's lines (called ones only); a missing call has Z = 0; a marker
    // with p = 0 or 1 adds nothing. X (ALT allele counts), lines x markers:
    //            m1  m2  m3  m4  m5
    //   Essex     2   2   0   0   1       m1: p = 2/8 = 1/4, 2p = 1/2, 2p(1-p) = 3/8
    //   Lee       0   2   2   0   0       m2: p = 6/8 = 3/4, 2p = 3/2, 2p(1-p) = 3/8
    //   Forrest   0   1   .   0   2       m3: p = 3/6 = 1/2 (3 lines called), 2p(1-p) = 1/2
    //   W82       0   1   1   0   1       m4: p = 0, left out; m5: p = 4/8 = 1/2, 2p(1-p) = 1/2
    // Denominator 3/8 + 3/8 + 1/2 + 1/2 = 7/4. Z (m1, m2, m3, m5):
    //   Essex [3/2, 1/2, -1, 0]; Lee [-1/2, 1/2, 1, -1]; Forrest [-1/2, -1/2, 0, 1]; W82 [-1/2, -1/2, 0, 0].
    // ZZ': Essex.Essex = 9/4 + 1/4 + 1 = 7/2; Essex.Lee = -3/4 + 1/4 - 1 = -3/2; Essex.Forrest = -3/4 - 1/4 = -1;
    // Essex.W82 = -1; Lee.Lee = 1/4 + 1/4 + 1 + 1 = 5/2; Lee.Forrest = 1/4 - 1/4 - 1 = -1; Lee.W82 = 0;
    // Forrest.Forrest = 1/4 + 1/4 + 1 = 3/2; Forrest.W82 = 1/2; W82.W82 = 1/2. Divided by 7/4 (rows sum to 0):
    const expected = [
      [2, -6 / 7, -4 / 7, -4 / 7],
      [-6 / 7, 10 / 7, -4 / 7, 0],
      [-4 / 7, -4 / 7, 6 / 7, 2 / 7],
      [-4 / 7, 0, 2 / 7, 2 / 7],
    ];
    const GT: Record<string, string> = { 0: '0/0', 1: '0/1', 2: '1/1', '.': './.' };
    const X = ['2 0 0 0', '2 2 1 1', '0 2 . 1', '0 0 0 0', '1 0 2 1'];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grm-'));
    try {
      const file = path.join(dir, 'grm.vcf');
      fs.writeFileSync(file, [
        '##fileformat=VCFv4.2', '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
        '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tEssex\tLee\tForrest\tWilliams 82',
        ...X.map((row, i) => ['Gm09', 100 * (i + 1), '.', 'A', 'G', '.', 'PASS', '.', 'GT', ...row.split(' ').map((x) => GT[x])].join('\t')),
      ].join('\n') + '\n');
      const run = await cli('import-vcf', [file, '--crop', 'Soybean', '--study', study, '--variant-set-id', 'vs-grm-hand'], undefined, dir);
      expect(run.code, run.stderr + run.stdout).to.equal(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const ids = ['soy-essex', 'soy-lee', 'soy-forrest', 'soy-williams-82'];
    const res = await api('POST', '/extensions/genomic-relationship', { variantSetDbId: 'vs-grm-hand', germplasmDbIds: ids });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.result.markers).to.equal(4);
    const g = res.json.result.genomicRelationship as number[][];
    expect(g).to.have.length(4);
    ids.forEach((a, i) => ids.forEach((b, j) => expect(g[i][j], `G(${a}, ${b})`).to.be.closeTo(expected[i][j], 1e-12)));
  });
});

// The relationship and kinship extensions on the SoyBase pedigree against an outside implementation: sgkit, a
// population-genetics library from PyPI (its pedigree module: kinship and inbreeding, diploid and Hamilton-Kerr
// methods), run by test/support/pedigree_reference.py in a virtualenv under .tmp/ (test/support/python-references.ts).
// The script also builds A-inverse by Henderson's rules with Quaas's inbreeding correction from the parent list and
// sgkit's F.
//
// Compared where the two sides' conventions agree: a germplasm whose own parents are none, a FEMALE and/or a MALE
// (an unknown other parent is an unrelated founder on both sides; FEMALE and MALE the same line is a self), or a
// single SELF parent (both gametes from that parent on both sides), and whose ancestors are all such. CLONAL
// (merged with its source here; no such rule in a diploid pedigree), POPULATION (1/k per parent) and parent sets that
// fit no rule are left out, with all their descendants.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { sgkitPython } from '../support/python-references.js';
import { api, server } from '../support/server.js';

const run = promisify(execFile);
const SCRIPT = path.resolve('test/support/pedigree_reference.py');

interface Stored {
  germplasmDbId: string;
  parents: Array<{ germplasmDbId: string; parentType: string }>;
}

/** The two gametes' parents ("." unknown) of a germplasm whose parent relationships fit both conventions, else null. */
function gametes(g: Stored): [string, string] | null {
  const types = g.parents.map((p) => p.parentType);
  const of = (t: string) => g.parents.filter((p) => p.parentType === t).map((p) => p.germplasmDbId);
  if (types.length === 0) return ['.', '.'];
  if (types.length === 1 && types[0] === 'SELF') return [g.parents[0].germplasmDbId, g.parents[0].germplasmDbId];
  if (types.every((t) => t === 'FEMALE' || t === 'MALE') && of('FEMALE').length <= 1 && of('MALE').length <= 1) {
    return [of('FEMALE')[0] ?? '.', of('MALE')[0] ?? '.'];
  }
  return null;
}

describe('pedigree statistics of SoyBase against sgkit (outside implementation)', function () {
  this.timeout(1_200_000);
  /** The compared germplasm in parents-first order, with their gametes' parents. */
  const compared: Array<{ id: string; parents: [string, string] }> = [];
  let excluded = 0;
  let reference: { inbreeding: Record<string, number>; inverse: Array<[string, string, number]>; kinship: { ids: string[]; pedigree: number[][]; inbred: number[][] } };
  let sample: string[];

  before(async () => {
    const sgkit = await sgkitPython();
    if (!sgkit.python) throw new Error(sgkit.reason);
    const stored = await server().graph.read<Stored & Record<string, unknown>>(
      'MATCH (g:Germplasm {commonCropName: $crop}) RETURN g.germplasmDbId AS germplasmDbId, ' +
      '[(g)-[r:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, parentType: r.parentType}] AS parents ORDER BY germplasmDbId',
      { crop: 'Soybean' },
    );
    const byId = new Map(stored.map((g) => [g.germplasmDbId, g]));
    // Kept: fits both conventions, and so do all its ancestors (each visited after its parents).
    const kept = new Map<string, boolean>();
    const visit = (id: string): boolean => {
      const known = kept.get(id);
      if (known !== undefined) return known;
      const g = byId.get(id);
      const pair = g ? gametes(g) : null;
      const ok = pair !== null && pair.every((p) => p === '.' || visit(p));
      kept.set(id, ok);
      if (ok) compared.push({ id, parents: pair! });
      return ok;
    };
    for (const g of stored) visit(g.germplasmDbId);
    excluded = stored.length - compared.length;
    console.log(`      ${compared.length} of ${stored.length} SoyBase germplasm compared (${excluded} left out: CLONAL, POPULATION or odd parents, or such an ancestor)`);
    // Most of SoyBase is compared, and every convention that is compared occurs in it.
    expect(compared.length).to.be.greaterThan(0.9 * stored.length);
    expect(compared.filter((c) => c.parents[0] !== '.' && c.parents[0] === c.parents[1]).length, 'selfs').to.be.greaterThan(0);
    expect(compared.filter((c) => (c.parents[0] === '.') !== (c.parents[1] === '.')).length, 'one known parent').to.be.greaterThan(0);

    // 60 germplasm with parents, spread over the compared set, for the kinship matrix.
    const withParents = compared.filter((c) => c.parents[0] !== '.' || c.parents[1] !== '.').map((c) => c.id).sort();
    sample = Array.from({ length: 60 }, (_, i) => withParents[Math.floor((i * withParents.length) / 60)]);
    const input = compared.map((c) => `${c.id}\t${c.parents[0]}\t${c.parents[1]}\n`).join('');
    const child = run(sgkit.python, [SCRIPT, ...sample], { timeout: 600_000, maxBuffer: 512 * 1024 * 1024 });
    child.child.stdin!.end(input);
    reference = JSON.parse((await child).stdout);
  });

  it('inbreeding of every compared germplasm (whole database, CSV) equals sgkit\'s', async () => {
    const res = await api('GET', '/extensions/inbreeding?format=csv', undefined, { accept: 'text/csv' });
    expect(res.status, res.text.slice(0, 500)).to.equal(200);
    const rows = parse(res.text, { columns: true }) as Array<{ germplasmDbId: string; inbreeding: string }>;
    const served = new Map(rows.map((r) => [r.germplasmDbId, Number(r.inbreeding)]));
    let inbred = 0;
    const wrong: string[] = [];
    for (const { id } of compared) {
      const expected = reference.inbreeding[id];
      if (expected > 0) inbred++;
      if (!(Math.abs(served.get(id)! - expected) <= 1e-12)) wrong.push(`${id}: served ${served.get(id)}, sgkit ${expected}`);
    }
    expect(wrong.slice(0, 10), `${wrong.length} differ`).to.deep.equal([]);
    // The comparison means something: many compared germplasm are inbred.
    expect(inbred).to.be.greaterThan(1000);
  });

  it('A-inverse of the compared germplasm (CSV triplets) equals Henderson\'s rules on sgkit\'s F', async () => {
    const body = { germplasmDbIds: compared.map((c) => c.id), method: 'pedigree' };
    const table = await api('POST', '/extensions/relationship-inverse?format=csv&table=germplasm', body, { accept: 'text/csv' });
    expect(table.status, table.text.slice(0, 500)).to.equal(200);
    const germplasm = parse(table.text, { columns: true }) as Array<{ row: string; germplasmDbId: string; identicalTo: string }>;
    // Only the compared germplasm (they hold their ancestors), none merged with another.
    expect(germplasm.length).to.equal(compared.length);
    expect(germplasm.filter((g) => g.identicalTo)).to.deep.equal([]);
    const idOf = new Map(germplasm.map((g) => [g.row, g.germplasmDbId]));

    const res = await api('POST', '/extensions/relationship-inverse?format=csv', body, { accept: 'text/csv' });
    expect(res.status, res.text.slice(0, 500)).to.equal(200);
    const key = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);
    const served = new Map<string, number>();
    for (const t of parse(res.text, { columns: true }) as Array<{ row: string; column: string; value: string }>) {
      served.set(key(idOf.get(t.row)!, idOf.get(t.column)!), Number(t.value));
    }
    const expected = new Map(reference.inverse.map(([a, b, v]) => [key(a, b), v]));
    // A cell absent on one side is 0 there (contributions of a line and of its backcross child can cancel exactly,
    // and one side may still list the cell).
    const wrong: string[] = [];
    for (const k of new Set([...expected.keys(), ...served.keys()])) {
      const [got, want] = [served.get(k) ?? 0, expected.get(k) ?? 0];
      if (!(Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want)))) wrong.push(`${k}: served ${served.get(k)}, reference ${expected.get(k)}`);
    }
    expect(wrong.slice(0, 10), `${wrong.length} differ`).to.deep.equal([]);
    expect(expected.size).to.be.greaterThan(compared.length);
  });

  for (const method of ['pedigree', 'inbred'] as const) {
    it(`the kinship matrix (${method} method) of 60 compared germplasm equals sgkit's`, async () => {
      const res = await api('POST', '/extensions/kinship', { germplasmDbIds: sample, method });
      expect(res.status, res.text).to.equal(200);
      expect(res.json.result.germplasmDbIds).to.deep.equal(sample);
      expect(reference.kinship.ids).to.deep.equal(sample);
      const wrong: string[] = [];
      sample.forEach((a, i) => sample.forEach((b, j) => {
        const [got, want] = [res.json.result.coancestry[i][j], reference.kinship[method][i][j]];
        if (!(Math.abs(got - want) <= 1e-12)) wrong.push(`${a} ${b}: served ${got}, sgkit ${want}`);
      }));
      expect(wrong.slice(0, 10), `${wrong.length} differ`).to.deep.equal([]);
      // Not a matrix of zeros, halves and ones: related pairs are in it.
      expect(res.json.result.coancestry.flat().filter((v: number) => v > 0 && v !== 0.5 && v !== 1).length).to.be.greaterThan(60);
    });
  }
});

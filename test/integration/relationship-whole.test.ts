// The relationship extension over the whole database (read by extensions/pedigree-all, in rows of slices) against
// the same calls for named germplasm (read by the kinship extension's ancestry traversal, another statement): on the
// demo data (SoyBase, many rows of the whole-database read), every germplasm is answered once, and the inbreeding
// of any germplasm is the same whichever read computed it. A relationship whose child comes in a later row than the
// relationship, a name or parent type misplaced, or a row left out would change these answers.
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { mulberry32 } from '../../bench/generate.js';
import { api } from '../support/server.js';

const INBREEDING = '/extensions/inbreeding';
const INVERSE = '/extensions/relationship-inverse';

describe('relationship extension: the whole database', () => {
  it('every germplasm once, with its name; inbreeding equal to that of the named-germplasm read', async () => {
    const all = await api('GET', '/germplasm?pageSize=1');
    const whole = await api('GET', INBREEDING);
    expect(whole.status, whole.text).to.equal(200);
    const data: Array<{ germplasmDbId: string; germplasmName: string | null; inbreeding: number }> = whole.json.result.data;
    expect(data.length).to.equal(all.json.metadata.pagination.totalCount);
    expect(new Set(data.map((g) => g.germplasmDbId)).size).to.equal(data.length);
    const byId = new Map(data.map((g) => [g.germplasmDbId, g]));
    // A spread of inbred SoyBase cultivars with deep pedigrees (F > 0), and any others.
    const random = mulberry32(7);
    const inbred = data.filter((g) => g.inbreeding > 0);
    expect(inbred.length).to.be.greaterThan(100);
    const sample = Array.from({ length: 12 }, (_, i) => (i % 2 ? inbred : data)[Math.floor(random() * (i % 2 ? inbred : data).length)].germplasmDbId);
    const named = await api('POST', INBREEDING, { germplasmDbIds: sample });
    expect(named.status, named.text).to.equal(200);
    // The same up to rounding: a subset's rows differ, so the traces add the same terms in another order.
    for (const g of named.json.result.data) {
      const w = byId.get(g.germplasmDbId)!;
      expect(w.germplasmName, g.germplasmDbId).to.equal(g.germplasmName);
      expect(w.inbreeding, g.germplasmDbId).to.be.closeTo(g.inbreeding, 1e-12);
    }
    // Names as GET /germplasm/{id} has them.
    for (const id of sample.slice(0, 4)) {
      const one = await api('GET', `/germplasm/${encodeURIComponent(id)}`);
      expect(byId.get(id)!.germplasmName).to.equal(one.json.result.germplasmName);
    }
  });

  it('A-inverse: the germplasm table lists every germplasm once, the same as the inbreeding answer', async () => {
    const [inv, inb] = [await api('GET', `${INVERSE}?table=germplasm&format=csv`), await api('GET', INBREEDING)];
    expect(inv.status, inv.text).to.equal(200);
    const rows: string[][] = parse(inv.text);
    expect(rows[0]).to.deep.equal(['row', 'germplasmDbId', 'germplasmName', 'inbreeding', 'identicalTo']);
    const data = inb.json.result.data as Array<{ germplasmDbId: string; inbreeding: number }>;
    expect(rows.slice(1).map((r) => r[1])).to.deep.equal(data.map((g) => g.germplasmDbId));
    expect(rows.slice(1).map((r) => Number(r[3]))).to.deep.equal(data.map((g) => g.inbreeding));
  });
});

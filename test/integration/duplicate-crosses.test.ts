// The duplicate-cross look-up over HTTP: SoyBase's Williams 82 (FEMALE Williams 7, MALE Kingwa) found from its pair
// and from the reciprocal, a selfing pair on a pedigree of the test's own, pairs never crossed, and bad requests.
import { expect } from 'chai';
import { api } from '../support/server.js';
import { removeRun } from '../support/graph.js';
import { runIds } from '../support/run-ids.js';

const PATH = '/extensions/duplicate-crosses';
const { run, id } = runIds('dup-');

describe('duplicate-cross look-up extension', () => {
  after(() => removeRun(run));
  before(async () => {
    const res = await api('POST', '/pedigree', [
      { germplasmDbId: id('P'), germplasmName: `${run} P` },
      { germplasmDbId: id('S1'), germplasmName: `${run} S1`, parents: [{ germplasmDbId: id('P'), parentType: 'SELF' }] },
      { germplasmDbId: id('S2'), germplasmName: `${run} S2`, parents: [{ germplasmDbId: id('P'), parentType: 'SELF' }] },
    ]);
    expect(res.status, res.text).to.equal(200);
  });

  it('finds the germplasm of a pair in either orientation, in the order of the block', async () => {
    const res = await api('POST', PATH, {
      crosses: [
        { femaleDbId: 'soy-williams-7', maleDbId: 'soy-kingwa' },
        { femaleDbId: 'soy-kingwa', maleDbId: 'soy-williams-7' },
        { femaleDbId: id('P'), maleDbId: id('P') },
        { femaleDbId: id('S1'), maleDbId: 'soy-kingwa' },
      ],
    });
    expect(res.status, res.text).to.equal(200);
    const [pair, reverse, self, none] = res.json.result.data;
    expect(pair.sameOrientation.map((g: any) => g.germplasmDbId)).to.include('soy-williams-82');
    expect(pair.reciprocal.map((g: any) => g.germplasmDbId)).to.not.include('soy-williams-82');
    expect(reverse.reciprocal.map((g: any) => g.germplasmDbId)).to.include('soy-williams-82');
    expect(reverse).to.include({ femaleDbId: 'soy-kingwa', maleDbId: 'soy-williams-7' });
    expect(pair.sameOrientation.find((g: any) => g.germplasmDbId === 'soy-williams-82').germplasmName).to.equal('Williams 82');
    expect(self.sameOrientation).to.deep.equal([
      { germplasmDbId: id('S1'), germplasmName: `${run} S1` },
      { germplasmDbId: id('S2'), germplasmName: `${run} S2` },
    ]);
    expect(none).to.deep.include({ sameOrientation: [], reciprocal: [] });
    expect(res.json.result).to.include({ crossCount: 4, duplicateCount: 3 });
  });

  it('a read: no token needed while reads are public', async () => {
    const res = await api('POST', PATH, { crosses: [{ femaleDbId: id('P'), maleDbId: id('S1') }] }, { authorization: '' });
    expect(res.status, res.text).to.equal(200);
  });

  it('bad bodies 400 naming the item; unknown germplasm 404 naming them', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /crosses/],
      [{ crosses: [] }, /at least one/],
      [[{ femaleDbId: 'a', maleDbId: 'b' }], /crosses/],
      [{ crosses: [{ femaleDbId: 'a' }] }, /crosses\[0\]\.maleDbId/],
      [{ crosses: [{ femaleDbId: id('P'), maleDbId: id('P') }, { femaleDbId: 3, maleDbId: 'b' }] }, /crosses\[1\]\.femaleDbId/],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', PATH, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.text).to.match(message);
    }
    const missing = await api('POST', PATH, { crosses: [{ femaleDbId: id('P'), maleDbId: id('nope') }] });
    expect(missing.status).to.equal(404);
    expect(missing.text).to.include(id('nope'));
    expect((await api('GET', PATH)).status).to.equal(405);
  });
});

// The name-suggestion extension on the demo data (SoyBase and the barley collection): found by words of names,
// synonyms, accession numbers and DbIds whatever the case, ranked exact, then prefix, then word matches.
import { expect } from 'chai';
import { removeRecords } from '../support/graph.js';
import { api, createRecords } from '../support/server.js';

const PATH = '/extensions/germplasm-suggestions';

interface Suggestion {
  germplasmDbId: string;
  germplasmName: string | null;
  commonCropName: string | null;
  accessionNumber: string | null;
  matchedSynonym: string | null;
}

async function suggest(query: string, headers: Record<string, string> = {}) {
  const res = await api('GET', `${PATH}?${query}`, undefined, { authorization: '', ...headers });
  expect(res.status, res.text).to.equal(200);
  return { data: res.json.result.data as Suggestion[], pagination: res.json.metadata.pagination, status: res.json.metadata.status };
}

/** How the name alone ranks against the text (exact 0, prefix 2, a later word 4, neither 9), as the call ranks. */
function nameRank(name: string | null, text: string): number {
  const n = (name ?? '').toLowerCase();
  if (n === text) return 0;
  if (n.startsWith(text)) return 2;
  if (new RegExp(`[^\\p{L}\\p{N}]${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(n)) return 4;
  return 9;
}

describe('germplasm name suggestions (extension)', () => {
  it('puts the exact name first, then names starting with the text (shorter first), then later words', async () => {
    const { data, pagination } = await suggest('text=williams&pageSize=100');
    expect(data[0].germplasmName).to.equal('Williams');
    expect(data.length).to.be.greaterThan(20);
    expect(pagination.totalCount).to.equal(data.length);
    // Matches by name in rank order; those found by a synonym, an accession number or a DbId among them.
    const byName = data.filter((s) => nameRank(s.germplasmName, 'williams') < 9);
    const ranks = byName.map((s) => nameRank(s.germplasmName, 'williams'));
    for (let i = 1; i < ranks.length; i++) expect(ranks[i], `${byName[i - 1].germplasmName} before ${byName[i].germplasmName}`).to.be.at.least(ranks[i - 1]);
    for (const s of data.filter((x) => !byName.includes(x))) {
      expect(`${s.matchedSynonym} ${s.accessionNumber} ${s.germplasmDbId}`.toLowerCase(), s.germplasmDbId).to.match(/(^|[^a-z0-9])williams/);
    }
    const prefixed = data.filter((s) => nameRank(s.germplasmName, 'williams') === 2).map((s) => s.germplasmName!.length);
    expect(prefixed).to.deep.equal([...prefixed].sort((a, b) => a - b));
    expect(ranks).to.include(4);
  });

  it('ignores case and matches the start of each typed word', async () => {
    const { data } = await suggest('text=WILLIAMS%208');
    expect(data[0].germplasmName).to.equal('Williams 82');
    for (const s of data) {
      const names = `${s.germplasmName} | ${s.matchedSynonym} | ${s.accessionNumber} | ${s.germplasmDbId}`.toLowerCase();
      expect(names, s.germplasmDbId).to.match(/(^|[^a-z0-9])williams\b/).and.match(/(^|[^a-z0-9])8/);
    }
    // L24A has "Williams 82" as a synonym: found, and says so.
    expect(data.find((s) => s.germplasmDbId === 'soy-l24a')?.matchedSynonym).to.equal('Williams 82');
  });

  it('finds a germplasm by its DbId, its accession number and its synonyms', async () => {
    const record = (await api('GET', '/germplasm/soy-williams-82')).json.result;
    expect((await suggest('text=soy-williams-82')).data[0].germplasmDbId).to.equal('soy-williams-82');
    expect(record.accessionNumber).to.be.a('string');
    const byAccession = await suggest(`text=${encodeURIComponent(record.accessionNumber.toLowerCase())}`);
    expect(byAccession.data[0].germplasmDbId).to.equal('soy-williams-82');
    const synonymous = (await api('GET', '/germplasm?synonym=&pageSize=1')).status;
    expect(synonymous).to.equal(200);
    // Some SoyBase germplasm with a synonym that is not its name.
    const withSynonym = (await api('GET', '/germplasm?commonCropName=Soybean&pageSize=2000')).json.result.data
      .find((g: any) => g.synonyms?.some((s: any) => s.synonym && /^[A-Za-z][\w -]{3,}$/.test(s.synonym) && s.synonym !== g.germplasmName && !/^PI /.test(s.synonym)));
    expect(withSynonym, 'a germplasm with a synonym').to.not.equal(undefined);
    const synonym: string = withSynonym.synonyms.find((s: any) => s.synonym && s.synonym !== withSynonym.germplasmName && !/^PI /.test(s.synonym)).synonym;
    const found = (await suggest(`text=${encodeURIComponent(synonym)}&pageSize=100`)).data.find((s) => s.germplasmDbId === withSynonym.germplasmDbId);
    expect(found, synonym).to.not.equal(undefined);
    if (nameRank(found!.germplasmName, synonym.toLowerCase()) === 9) expect(found!.matchedSynonym).to.equal(synonym);
  });

  it('filters by crop: barley and soybean lines share names', async () => {
    const all = await suggest('text=bonus&pageSize=100');
    expect(new Set(all.data.map((s) => s.commonCropName))).to.include.members(['Barley', 'Soybean']);
    const barley = await suggest('text=bonus&commonCropName=Barley&pageSize=100');
    expect(barley.data.length).to.be.greaterThan(0);
    expect(barley.data.every((s) => s.commonCropName === 'Barley')).to.equal(true);
    expect(barley.data[0].germplasmName).to.equal('Bonus');
  });

  it('sees a germplasm as soon as it is written, by name and synonym', async () => {
    const [g] = await createRecords('germplasm', [{ germplasmName: 'Zyxwv Suggestion Line', commonCropName: 'Soybean', synonyms: [{ synonym: 'QQ-Alias 7', type: 'code' }] }]);
    expect((await suggest('text=zyxw')).data.map((s) => s.germplasmDbId)).to.deep.equal([g.germplasmDbId]);
    const bySynonym = await suggest('text=qq-alias');
    expect(bySynonym.data.map((s) => [s.germplasmDbId, s.matchedSynonym])).to.deep.equal([[g.germplasmDbId, 'QQ-Alias 7']]);
    await removeRecords([{ label: 'Germplasm', idProp: 'germplasmDbId', id: g.germplasmDbId }]);
  });

  it('answers a few dozen by default and pages; nothing to look for is an empty list', async () => {
    const first = await suggest('text=a');
    expect(first.data.length).to.equal(30);
    const second = await suggest('text=a&page=1');
    expect(second.data.map((s) => s.germplasmDbId)).to.not.include.members(first.data.map((s) => s.germplasmDbId));
    expect((await suggest('text=%2B%2F-')).data).to.deep.equal([]);
    const odd = await suggest(`text=${encodeURIComponent('wil\\E*"(')}`);
    expect(odd.data.length).to.be.greaterThan(0);
  });

  it('refuses a missing or empty text, a repeated one and pageSize above 100, naming the parameter', async () => {
    const bad: Array<[string, string]> = [['', 'text'], ['text=', 'text'], ['text=%20%20', 'text'], ['text=a&text=b', 'text'],
      ['text=a&pageSize=101', 'pageSize'], [`text=${'x'.repeat(201)}`, 'text'], ['text=a&commonCropName=x&commonCropName=y', 'commonCropName']];
    for (const [query, name] of bad) {
      const res = await api('GET', `${PATH}?${query}`, undefined, { authorization: '' });
      expect(res.status, query).to.equal(400);
      expect(res.headers.get('content-type')).to.match(/^text\/plain/);
      expect(res.text, query).to.contain(`Query parameter ${name} `);
    }
  });
});

// POST /variantsets/extract: a new variant set from a selection of a VCF import's variants and call sets. The
// extracted set's calls, read back through GET /calls, are exactly the selected calls of the source (hets, phased,
// missing, haploid and multi-allelic calls included); a selection over two sets gives missing calls where a variant
// of one meets a call set of the other; unknown DbIds and an empty selection write nothing.
import { expect } from 'chai';
import { importOwnVcf, removeGenotypingStudy, removeVariantSets } from '../support/genotyping.js';
import { count } from '../support/graph.js';
import { list } from '../support/list.js';
import { expectValidResponse } from '../support/schema.js';
import { api } from '../support/server.js';

const HEADER = '##fileformat=VCFv4.2\n##reference=Glycine max extract test assembly\n##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT';

type Call = { variantDbId: string; callSetDbId: string; callSetName: string; genotypeValue: string };

/** Every call of a /calls query, through its pages. */
async function allCalls(query: string): Promise<Call[]> {
  const out: Call[] = [];
  for (let page = 0; ; page++) {
    const res = await api('GET', `/calls?${query}&pageSize=9&page=${page}`);
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('get', '/calls', 200, res.json);
    out.push(...res.json.result.data);
    if (!res.json.metadata.pagination.nextPageToken) return out;
  }
}

describe('genotyping: POST /variantsets/extract', function () {
  this.timeout(120_000);
  const columns = ['Essex', 'Lee', 'Forrest', 'Williams 82', 'Clark'];
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const choices = ['0/0', '1/1', '0/1', '1|0', '0|1', './.', '.', '1', '0/0'];
  const rows = Array.from({ length: 12 }, (_, i) => ({
    chrom: i < 7 ? 'Gm10' : 'Gm11', pos: 500 + i * 250, id: `ss-ex-${i}`, alt: i === 4 ? 'G,T' : 'G',
    gts: columns.map((_, c) => (i === 4 && c === 1 ? '2|1' : choices[Math.floor(rnd() * choices.length)])),
  }));
  const VCF = `${HEADER}\t${columns.join('\t')}\n${rows.map((r) => [r.chrom, r.pos, r.id, 'A', r.alt, '.', 'PASS', '.', 'GT', ...r.gts].join('\t')).join('\n')}\n`;
  let variants: string[];
  let callSets: Array<{ callSetDbId: string; callSetName: string }>;
  const made: string[] = [];
  let study: string;

  before(async () => {
    // A study of the test's own: the import makes samples of its columns there, which no other test then matches.
    study = await importOwnVcf('Extract test study', VCF, 'vs-extract-src');
    variants = (await api('GET', '/variantsets/vs-extract-src/variants?pageSize=100')).json.result.data.map((v: { variantDbId: string }) => v.variantDbId);
    callSets = (await api('GET', '/variantsets/vs-extract-src/callsets')).json.result.data;
  });
  after(async () => {
    await removeVariantSets(made);
    await removeGenotypingStudy(study);
  });

  it('the extracted set holds exactly the selected calls of the source, read back through /calls', async () => {
    const pickedVariants = [variants[11], variants[0], variants[4], variants[7], variants[9]];
    // Asked for in another order than the columns: the new set keeps the source's column order.
    const pickedCallSets = [callSets[3], callSets[1], callSets[0]];
    const res = await api('POST', '/variantsets/extract', {
      variantSetDbIds: ['vs-extract-src'],
      variantDbIds: pickedVariants,
      callSetDbIds: pickedCallSets.map((c) => c.callSetDbId),
      unknownString: '-', sepUnphased: '/', sepPhased: '|', expandHomozygotes: false,
    });
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('post', '/variantsets/extract', 200, res.json);
    const set = res.json.result;
    made.push(set.variantSetDbId);
    const source = (await api('GET', '/variantsets/vs-extract-src')).json.result;
    expect(set).to.include({ variantCount: 5, callSetCount: 3, studyDbId: study, referenceSetDbId: source.referenceSetDbId });
    expect(set.availableFormats).to.deep.equal([{ dataFormat: 'VCF', fileFormat: 'text/tsv', fileURL: null, expandHomozygotes: false, sepPhased: '|', sepUnphased: '/', unknownString: '-' }]);
    expect((await api('GET', `/variantsets/${set.variantSetDbId}`)).json.result).to.deep.equal(set);

    // Variants: the selected ones in file order, same places and bases; call sets: the selected ones in column order.
    const order = [0, 4, 7, 9, 11];
    const copied = (await api('GET', `/variantsets/${set.variantSetDbId}/variants?pageSize=100`)).json.result.data;
    const originals = await Promise.all(order.map(async (i) => (await api('GET', `/variants/${variants[i]}`)).json.result));
    const place = (v: Record<string, unknown>) => [v.referenceDbId, v.referenceName, v.start, v.end, v.referenceBases, v.alternateBases, v.variantNames];
    expect(copied.map(place)).to.deep.equal(originals.map(place));
    const newCallSets = (await api('GET', `/variantsets/${set.variantSetDbId}/callsets`)).json.result.data;
    expect(newCallSets.map((c: { callSetName: string }) => c.callSetName)).to.deep.equal(['Essex', 'Lee', 'Williams 82']);
    const samples = await Promise.all([0, 1, 3].map(async (i) => (await api('GET', `/callsets/${callSets[i].callSetDbId}`)).json.result.sampleDbId));
    expect(newCallSets.map((c: { sampleDbId: string }) => c.sampleDbId)).to.deep.equal(samples);

    // Every call of the new set equals the source's call for the same variant (by row) and call set (by name).
    const got = await allCalls(`variantSetDbId=${set.variantSetDbId}`);
    expect(got).to.have.length(15);
    const wanted = await allCalls(`variantSetDbId=vs-extract-src&${pickedVariants.map((v) => `variantDbId=${v}`).join('&')}&${pickedCallSets.map((c) => `callSetDbId=${c.callSetDbId}`).join('&')}`);
    const key = (c: Call, ids: string[]) => `${ids.indexOf(c.variantDbId)} ${c.callSetName}`;
    const newIds = copied.map((v: { variantDbId: string }) => v.variantDbId);
    const sourceIds = order.map((i) => variants[i]);
    expect(new Map(got.map((c) => [key(c, newIds), c.genotypeValue]))).to.deep.equal(new Map(wanted.map((c) => [key(c, sourceIds), c.genotypeValue])));
    // And those are the file's GT values.
    for (const c of got) {
      const r = order[newIds.indexOf(c.variantDbId)];
      expect(c.genotypeValue, `${rows[r].id} ${c.callSetName}`).to.equal(rows[r].gts[columns.indexOf(c.callSetName)]);
    }
    // The copies are markers of the same map, at the same positions.
    const markers = (await list('markerpositions', `mapDbId=${encodeURIComponent(source.referenceSetDbId)}&variantDbId=${newIds[2]}`)).data;
    expect(markers.map((m) => [m.linkageGroupName, m.position])).to.deep.equal([[rows[7].chrom, rows[7].pos]]);
  });

  it('no variant or call set named: every variant and call set of the named set', async () => {
    const res = await api('POST', '/variantsets/extract', { variantSetDbIds: ['vs-extract-src'] });
    expect(res.status, res.text).to.equal(200);
    made.push(res.json.result.variantSetDbId);
    expect(res.json.result).to.include({ variantCount: rows.length, callSetCount: columns.length });
    const got = await allCalls(`variantSetDbId=${res.json.result.variantSetDbId}`);
    const copied = (await api('GET', `/variantsets/${res.json.result.variantSetDbId}/variants?pageSize=100`)).json.result.data.map((v: { variantDbId: string }) => v.variantDbId);
    expect(got.map((c) => [copied.indexOf(c.variantDbId), c.callSetName, c.genotypeValue])).to.deep.equal(
      rows.flatMap((r, i) => columns.map((name, c) => [i, name, r.gts[c]])));
  });

  it('two sources: each keeps its calls, a variant of one has missing calls for the call sets of the other', async () => {
    const demo = 'variantset-stoneville-2023-demo';
    const demoCallSets = (await api('GET', `/variantsets/${demo}/callsets`)).json.result.data;
    const demoVariants = (await api('GET', `/variantsets/${demo}/variants`)).json.result.data.map((v: { variantDbId: string }) => v.variantDbId);
    const res = await api('POST', '/variantsets/extract', {
      variantSetDbIds: ['vs-extract-src', demo], variantDbIds: [variants[1], demoVariants[0]], callSetDbIds: [callSets[2].callSetDbId, demoCallSets[1].callSetDbId],
    });
    expect(res.status, res.text).to.equal(200);
    const set = res.json.result;
    made.push(set.variantSetDbId);
    // Two studies and two assemblies: the new set is in neither.
    expect(set).to.include({ variantCount: 2, callSetCount: 2, studyDbId: null, referenceSetDbId: null });
    const got = await allCalls(`variantSetDbId=${set.variantSetDbId}`);
    const [demoCall] = await allCalls(`variantDbId=${demoVariants[0]}&callSetDbId=${demoCallSets[1].callSetDbId}`);
    // Sources in DbId order (the demo set first), each with its variants and its call sets.
    expect(got.map((c) => [c.callSetName, c.genotypeValue])).to.deep.equal([
      [demoCallSets[1].callSetName, demoCall.genotypeValue], ['Forrest', './.'],
      [demoCallSets[1].callSetName, './.'], ['Forrest', rows[1].gts[2]],
    ]);
  });

  it('unknown DbIds: 404; a selection of no calls or a bad body: 400; nothing written', async () => {
    const sets = () => count('MATCH (vs:VariantSet) RETURN count(vs) AS n');
    const variantsBefore = await count('MATCH (v:Variant) RETURN count(v) AS n');
    const before = await sets();
    const unknown = await api('POST', '/variantsets/extract', { variantSetDbIds: ['vs-nope'] });
    expect(unknown.status).to.equal(404);
    expect(unknown.text).to.contain('vs-nope');
    expect((await api('POST', '/variantsets/extract', { callSetDbIds: ['cs-nope'] })).status).to.equal(404);
    // A variant of one set and a call set of another: no call is selected.
    const demoCallSet = (await api('GET', '/variantsets/variantset-stoneville-2023-demo/callsets')).json.result.data[0].callSetDbId;
    const none = await api('POST', '/variantsets/extract', { variantDbIds: [variants[0]], callSetDbIds: [demoCallSet] });
    expect(none.status).to.equal(400);
    expect(none.text).to.contain('no calls');
    expect((await api('POST', '/variantsets/extract', { variantDbIds: 'not a list' })).status).to.equal(400);
    expect((await api('POST', '/variantsets/extract', [])).status).to.equal(400);
    expect(await sets()).to.equal(before);
    expect(await count('MATCH (v:Variant) RETURN count(v) AS n')).to.equal(variantsBefore);
  });
});

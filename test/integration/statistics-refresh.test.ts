// Large writes refresh Neo4j's index statistics once they are committed (refreshStatistics in graph/schema.ts): on a
// young database whose statistics still describe it as empty, the next write's DbId lookups could otherwise be planned
// as an index scan per row. Seen on the statements the service sends, for POST /pedigree and POST /germplasm, each
// once just under and once at BULK_ROWS.
import { expect } from 'chai';
import { BULK_ROWS } from '../../src/graph/schema.js';
import { HISTORY, removeNodes } from '../support/graph.js';
import { api } from '../support/server.js';
import { statementsOf } from '../support/statements.js';
import { runIds } from '../support/run-ids.js';

const run = runIds('stats-').run;
const REFRESH = 'CALL db.resampleOutdatedIndexes()';

/** `count` new crosses of two new parents: count + 2 germplasm and 2 x count relationships. */
function crosses(prefix: string, count: number) {
  const parent = (name: string, parentType: string) => ({ germplasmDbId: `${prefix}-${name}`, germplasmName: `${prefix} ${name}`, parentType });
  return Array.from({ length: count }, (_, i) => ({
    germplasmDbId: `${prefix}-${i}`,
    germplasmName: `${prefix} line ${i}`,
    parents: [parent('mother', 'FEMALE'), parent('father', 'MALE')],
  }));
}

describe('index statistics after large writes', function () {
  this.timeout(180_000);

  after(async () => {
    await removeNodes('Germplasm', 'germplasmDbId', { startsWith: run }, HISTORY);
    await removeNodes('Germplasm', 'germplasmName', { startsWith: run }, HISTORY);
  });

  it('POST /pedigree refreshes them after a write of BULK_ROWS germplasm or relationships, not after a smaller one', async () => {
    // 2 x 249 relationships and 251 germplasm: under BULK_ROWS.
    const small = await statementsOf(async () => {
      const res = await api('POST', '/pedigree', crosses(`${run}-small`, 249));
      expect(res.status, res.text).to.equal(200);
    });
    expect(small).to.not.include(REFRESH);
    const large = await statementsOf(async () => {
      const res = await api('POST', '/pedigree', crosses(`${run}-large`, BULK_ROWS / 2));
      expect(res.status, res.text).to.equal(200);
    });
    expect(large.filter((s) => s === REFRESH)).to.have.length(1);
    // After the write (its statements all come before), before the answer is read back.
    const at = large.indexOf(REFRESH);
    expect(large.slice(0, at).some((s) => /\bCREATE\b|\bMERGE\b/.test(s))).to.equal(true);
    expect(large.slice(at + 1).some((s) => /\bCREATE\b|\bMERGE\b|\bSET\b/.test(s))).to.equal(false);
  });

  it('POST /germplasm refreshes them after BULK_ROWS records, not after fewer', async () => {
    const records = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({ germplasmName: `${prefix} ${i}`, commonCropName: 'Soybean' }));
    const small = await statementsOf(async () => {
      const res = await api('POST', '/germplasm', records(`${run}-g-small`, BULK_ROWS - 1));
      expect(res.status, res.text).to.equal(200);
    });
    expect(small).to.not.include(REFRESH);
    const large = await statementsOf(async () => {
      const res = await api('POST', '/germplasm', records(`${run}-g-large`, BULK_ROWS));
      expect(res.status, res.text).to.equal(200);
    });
    expect(large.filter((s) => s === REFRESH)).to.have.length(1);
  });
});

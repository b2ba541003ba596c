// At startup the service plans the statements of a first visit (src/modules/warm-up.ts). They must be the very texts
// the routes send, or Neo4j would plan them again on the first request; this finds a route that drifted away.
import { expect } from 'chai';
import { warmUp } from '../../src/modules/warm-up.js';
import { api, server } from '../support/server.js';
import { statementsOf } from '../support/statements.js';

// What the viewer asks for a germplasm (its default view, record, inbreeding and generations panel, suggestions as
// a name is typed), BrAPI's default slice and the germplasm's own pedigree node.
const FIRST_VISIT = [
  '/pedigree?germplasmDbId=soy-williams-82',
  '/pedigree?germplasmDbId=soy-williams-82&pedigreeDepth=3&progenyDepth=1',
  '/germplasm/soy-williams-82',
  '/germplasm/soy-williams-82/pedigree',
  '/extensions/inbreeding?germplasmDbId=soy-williams-82',
  '/extensions/generations?germplasmDbId=soy-williams-82',
  '/extensions/germplasm-suggestions?text=Willi&pageSize=20',
];

describe('warm-up at startup', () => {
  it('sends exactly the statements of a first visit, for a germplasm that does not exist', async () => {
    let calls = 0;
    const warmed = new Set(await statementsOf(async () => (calls = await warmUp(server().graph))));
    const visited = new Set(
      await statementsOf(async () => {
        for (const path of FIRST_VISIT) {
          // No token: a public read sends no token look-up.
          const res = await api('GET', path, undefined, { authorization: '' });
          expect(res.status, `${path}: ${res.text}`).to.equal(200);
        }
      }),
    );
    expect(calls).to.equal(6);
    expect(warmed.size, 'one statement per call').to.equal(calls);
    expect([...visited].filter((text) => !warmed.has(text)), 'statements of the visit not planned at startup').to.deep.equal([]);
    expect([...warmed].filter((text) => !visited.has(text)), 'statements planned that the visit does not send').to.deep.equal([]);
  });
});

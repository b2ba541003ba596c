// Every refusal that comes from a configured limit names the limit and the environment variable that sets it
// (issue 33, item 7), so a user who meets one knows what to change. The test server runs with
// BRAPI_MAX_BODY_BYTES=1 MiB and BRAPI_MAX_PAGE_SIZE=5000 (test/support/server.ts), BRAPI_MAX_ARRAY_ITEMS at its default.
import { expect } from 'chai';
import { removeRecords } from '../support/graph.js';
import { ADMIN_TOKEN, api, server } from '../support/server.js';

describe('limits in messages: each 413/400 from a configured limit names it and its variable', () => {
  const total = async (path: string) => (await api('GET', `${path}?pageSize=1`)).json.metadata.pagination.totalCount as number;

  it('pageSize past BRAPI_MAX_PAGE_SIZE, in a query string and in a search body', async () => {
    const max = server().config.maxPageSize;
    const list = await api('GET', `/germplasm?pageSize=${max + 1}`);
    expect(list.status).to.equal(400);
    expect(list.text).to.contain(`at most ${max}`).and.contain('BRAPI_MAX_PAGE_SIZE');
    const search = await api('POST', '/search/germplasm', { pageSize: max + 1 });
    expect(search.status).to.equal(400);
    expect(search.text).to.contain(`at most ${max}`).and.contain('BRAPI_MAX_PAGE_SIZE');
  });

  it('a JSON body past BRAPI_MAX_BODY_BYTES: 413 naming the bytes and the variable, nothing written', async () => {
    const limit = server().config.maxBodyBytes;
    const before = await total('/programs');
    const res = await api('POST', '/programs', [{ programName: 'x'.repeat(limit) }]);
    expect(res.status).to.equal(413);
    expect(res.text).to.contain(`${limit} bytes`).and.contain('BRAPI_MAX_BODY_BYTES');
    expect(await total('/programs')).to.equal(before);
  });

  it('an array past BRAPI_MAX_ARRAY_ITEMS: 413 naming the count, the limit and the variable, nothing written', async () => {
    const max = server().config.maxArrayItems;
    const before = await total('/programs');
    const res = await api('POST', '/programs', [{ programName: 'too many', documentationURL: null, additionalInfo: null, externalReferences: Array(max + 1).fill(0) }]);
    expect(res.status).to.equal(413);
    expect(res.text).to.contain(`${max + 1} items`).and.contain(`at most ${max}`).and.contain('BRAPI_MAX_ARRAY_ITEMS');
    expect(await total('/programs')).to.equal(before);
  });

  it('image content past BRAPI_MAX_BODY_BYTES: 413 naming the bytes and the variable', async () => {
    const limit = server().config.maxBodyBytes;
    const [image] = (await api('POST', '/images', [{ imageName: 'limit.jpg', mimeType: 'image/jpeg' }])).json.result.data;
    const res = await fetch(`${server().baseUrl}/images/${image.imageDbId}/imagecontent`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: Buffer.alloc(limit + 1, 7),
    });
    expect(res.status).to.equal(413);
    expect(await res.text()).to.contain(`${limit} bytes`).and.contain('BRAPI_MAX_BODY_BYTES');
    await removeRecords([{ label: 'Image', idProp: 'imageDbId', id: image.imageDbId }]);
  });
});

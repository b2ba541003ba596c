// Germplasm attributes, their categories, attribute values and breeding methods, on the demo data (SoyBase cultivars
// with maturity groups and colors) plus records created here.
import { expect } from 'chai';
import { count, removeWhere } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { list } from '../support/list.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';

const ids = (res: { json: any }, field: string) => res.json.result.data.map((r: any) => r[field]).sort();
const statusText = (res: { json: any }) => res.json.metadata.status.map((s: any) => `${s.messageType} ${s.message}`).join(' | ');

// A program of this test whose crossing project has SCD18-3321 as a potential parent: that germplasm (and so its
// attribute values) belongs to the program. Raw Cypher, since the crossing-project API is not under test here; both
// nodes are removed afterwards so other test files do not see them.
const PROGRAM = 'program-test-attributes';
const PROJECT = 'crossingproject-test-attributes';

describe('germplasm attributes, values and breeding methods', () => {
  before(async () => {
    await server().graph.write(
      `MATCH (g:Germplasm {germplasmDbId: 'germplasm-demo-scd-18-3321'})
       CREATE (cp:CrossingProject {crossingProjectDbId: $project})-[:IN_PROGRAM]->(:Program {programDbId: $program, programName: 'Attribute test'}),
              (cp)-[:POTENTIAL_PARENT]->(g)`,
      { program: PROGRAM, project: PROJECT },
    );
  });
  // What the tests create through the API, removed with the records made above.
  const madeAttributes: string[] = [];
  const madeValues: string[] = [];
  after(async () => {
    await removeWhere({ crossingProjectDbId: [PROJECT], programDbId: [PROGRAM], attributeDbId: madeAttributes, attributeValueDbId: madeValues });
  });

  describe('GET/POST/PUT /attributes', () => {
    it('lists the demo attributes with every field, trait, method and scale whole', async () => {
      const res = await list('attributes');
      expect(ids(res, 'attributeDbId')).to.include.members(['attribute-flower-color', 'attribute-maturity-group', 'attribute-pubescence-color']);
      for (const a of res.json.result.data) expectAllFields('Germplasm', 'GermplasmAttribute', a);
      const mg = res.json.result.data.find((a: any) => a.attributeDbId === 'attribute-maturity-group');
      expect(mg).to.include({ attributeName: 'Maturity group', attributeCategory: 'Agronomic', commonCropName: 'Soybean' });
      expect(mg.trait).to.include({ traitDbId: 'trait-maturity', traitName: 'Maturity', traitClass: 'Phenological' });
      expect(mg.scale.validValues.categories.map((c: any) => c.value)).to.include.members(['000', 'III', 'X']);
    });

    it('gets one attribute, 404 in plain text otherwise', async () => {
      const res = await api('GET', '/attributes/attribute-flower-color');
      expect(res.status).to.equal(200);
      expectValidResponse('get', '/attributes/{attributeDbId}', 200, res.json);
      expect(res.json.result.method).to.include({ methodDbId: 'method-visual-rating', methodName: 'Visual rating' });
      const missing = await api('GET', '/attributes/no-such-attribute');
      expect(missing.status).to.equal(404);
      expect(missing.headers.get('content-type')).to.match(/^text\/plain/);
      expect(missing.text).to.contain('no-such-attribute');
    });

    it('filters by each own field and by trait, method and scale members', async () => {
      const cases: Array<[string, string[]]> = [
        ['attributeDbId=attribute-flower-color', ['attribute-flower-color']],
        ['attributeName=Pubescence%20color', ['attribute-pubescence-color']],
        ['attributePUI=urn:demo:soybean:attribute:maturity-group', ['attribute-maturity-group']],
        ['attributeCategory=Morphological', ['attribute-flower-color', 'attribute-pubescence-color']],
        ['traitDbId=trait-maturity', ['attribute-maturity-group']],
        ['traitName=Flower%20color', ['attribute-flower-color']],
        ['traitPUI=urn:demo:soybean:trait:pubescence-color', ['attribute-pubescence-color']],
        ['methodDbId=method-visual-rating', ['attribute-flower-color', 'attribute-pubescence-color']],
        ['methodName=Comparison%20with%20maturity-group%20checks', ['attribute-maturity-group']],
        ['methodPUI=urn:demo:soybean:method:visual-rating', ['attribute-flower-color', 'attribute-pubescence-color']],
        ['scaleDbId=scale-flower-color', ['attribute-flower-color']],
        ['scaleName=Pubescence%20color%20classes', ['attribute-pubescence-color']],
        ['scalePUI=urn:demo:soybean:scale:maturity-group', ['attribute-maturity-group']],
        // AND of two, and a repeated parameter (any of its values).
        ['attributeCategory=Morphological&traitName=Flower%20color', ['attribute-flower-color']],
        ['attributeCategory=Agronomic&traitName=Flower%20color', []],
        ['scaleDbId=scale-flower-color&scaleDbId=scale-maturity-group', ['attribute-flower-color', 'attribute-maturity-group']],
      ];
      for (const [query, expected] of cases) {
        const res = await list('attributes', `${query}&commonCropName=Soybean`);
        expect(ids(res, 'attributeDbId'), query).to.deep.equal(expected);
      }
    });

    it('filters through the graph: the germplasm an attribute has values for, and their programs', async () => {
      // Clark has a value for all three attributes; Williams 82 only a maturity group.
      expect(ids(await list('attributes', 'germplasmDbId=soy-clark'), 'attributeDbId')).to.have.length(3);
      expect(ids(await list('attributes', 'germplasmDbId=soy-williams-82'), 'attributeDbId')).to.deep.equal(['attribute-maturity-group']);
      const both = await list('attributes', 'germplasmDbId=soy-williams-82&attributeCategory=Morphological');
      expect(both.json.result.data).to.deep.equal([]);
      // SCD18-3321 is a potential parent of a crossing project of the test program (see `before`).
      const program = await list('attributes', 'programDbId=program-test-attributes');
      expect(ids(program, 'attributeDbId')).to.deep.equal(['attribute-flower-color', 'attribute-maturity-group', 'attribute-pubescence-color']);
      expect((await list('attributes', 'programDbId=program-soybean-pedigree&germplasmDbId=germplasm-demo-scd-18-3321')).json.result.data).to.deep.equal([]);
    });

    it('answers an unknown DbId with an empty page and an INFO naming it', async () => {
      const res = await list('attributes', 'germplasmDbId=soy-no-such-germplasm');
      expect(res.json.result.data).to.deep.equal([]);
      expect(res.json.metadata.pagination.totalCount).to.equal(0);
      expect(statusText(res)).to.match(/INFO .*soy-no-such-germplasm/);
      const none = await list('attributes', 'traitDbId=no-such-trait');
      expect(statusText(none)).to.contain('INFO');
    });

    it('creates an attribute, reads it back, finds it by its trait, and updates it', async () => {
      const body = {
        attributeName: 'Hilum color',
        attributeCategory: 'Seed quality',
        commonCropName: 'Soybean',
        contextOfUse: ['Variety description'],
        synonyms: ['Seed scar color'],
        externalReferences: [{ referenceId: 'hilum-1', referenceSource: 'attr-test' }],
        trait: { traitDbId: 'trait-test-hilum', traitName: 'Hilum color', traitPUI: 'urn:test:trait:hilum', traitClass: 'Morphological' },
        method: { methodDbId: 'method-test-hilum', methodName: 'Seed inspection', methodPUI: 'urn:test:method:hilum' },
        scale: { scaleDbId: 'scale-test-hilum', scaleName: 'Hilum colors', dataType: 'Nominal', validValues: { categories: [{ label: 'Black', value: 'black' }] } },
      };
      const res = await api('POST', '/attributes', [body]);
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('post', '/attributes', 200, res.json);
      const [created] = res.json.result.data;
      madeAttributes.push(created.attributeDbId);
      expect(created.attributeDbId).to.be.a('string');
      // Nested objects come back as sent, completed with the schema's other members as null.
      const { trait, method, scale, ...plain } = body;
      expect(created).to.deep.include(plain);
      expect(created.trait).to.include({ ...trait, traitDescription: null, entity: null });
      expect(created.method).to.include({ ...method, description: null });
      expect(created.scale).to.include({ scaleDbId: scale.scaleDbId, scaleName: scale.scaleName, dataType: 'Nominal', units: null });
      expect(created.scale.validValues).to.deep.include(scale.validValues);
      const again = await api('GET', `/attributes/${created.attributeDbId}`);
      expect(again.json.result).to.deep.equal(created);

      for (const query of ['traitDbId=trait-test-hilum', 'methodPUI=urn:test:method:hilum', 'scaleName=Hilum%20colors', 'externalReferenceSource=attr-test']) {
        expect(ids(await list('attributes', query), 'attributeDbId'), query).to.deep.equal([created.attributeDbId]);
      }
      const categories = await api('GET', '/attributes/categories');
      expect(categories.json.result.data).to.include('Seed quality');

      // PUT: the trait is replaced (the old trait filter no longer matches), the scale cleared, the rest kept.
      const put = await api('PUT', `/attributes/${created.attributeDbId}`, {
        trait: { traitDbId: 'trait-test-hilum-2', traitName: 'Hilum colour' },
        scale: null,
        attributeDescription: 'Color of the seed scar',
      });
      expect(put.status, put.text).to.equal(200);
      expectValidResponse('put', '/attributes/{attributeDbId}', 200, put.json);
      expect(put.json.result).to.include({ scale: null, attributeName: 'Hilum color', attributeDescription: 'Color of the seed scar' });
      expect(put.json.result.method).to.deep.equal(created.method);
      expect(put.json.result.trait).to.include({ traitDbId: 'trait-test-hilum-2', traitName: 'Hilum colour', traitPUI: null });
      expect((await list('attributes', 'traitDbId=trait-test-hilum')).json.result.data).to.deep.equal([]);
      expect(ids(await list('attributes', 'traitName=Hilum%20colour'), 'attributeDbId')).to.deep.equal([created.attributeDbId]);
      expect((await list('attributes', 'scaleDbId=scale-test-hilum')).json.result.data).to.deep.equal([]);
      expect((await api('PUT', '/attributes/no-such-attribute', { attributeName: 'x' })).status).to.equal(404);
    });

    it('rejects bodies of the wrong shape with 400 naming the member', async () => {
      const bad = await api('POST', '/attributes', [{ attributeName: 'x', trait: 'not an object' }]);
      expect(bad.status).to.equal(400);
      expect(bad.text).to.contain('trait');
      expect((await api('POST', '/attributes', { attributeName: 'not an array' })).status).to.equal(400);
      const put = await api('PUT', '/attributes/attribute-flower-color', { contextOfUse: 'not a list' });
      expect(put.status).to.equal(400);
      expect(put.text).to.contain('contextOfUse');
    });
  });

  describe('GET /attributes/categories', () => {
    it('lists the distinct categories in use, sorted and paged', async () => {
      const res = await api('GET', '/attributes/categories');
      expect(res.status).to.equal(200);
      expectValidResponse('get', '/attributes/categories', 200, res.json);
      const all: string[] = res.json.result.data;
      expect(all).to.include.members(['Agronomic', 'Morphological']);
      expect(new Set(all).size).to.equal(all.length);
      expect([...all].sort()).to.deep.equal(all);
      const second = await api('GET', '/attributes/categories?pageSize=1&page=1');
      expect(second.json.result.data).to.deep.equal([all[1]]);
      expect(second.json.metadata.pagination).to.include({ totalCount: all.length, totalPages: all.length });
      const ignored = await api('GET', '/attributes/categories?attributeCategory=Agronomic');
      expect(statusText(ignored)).to.match(/WARNING .*attributeCategory/);
    });
  });

  describe('GET/POST/PUT /attributevalues', () => {
    it('lists the demo values with the attribute and germplasm names from the graph', async () => {
      const res = await list('attributevalues', 'germplasmDbId=soy-williams-82');
      const [w82] = res.json.result.data;
      expectAllFields('Germplasm', 'GermplasmAttributeValue', w82);
      expect(w82).to.include({
        attributeDbId: 'attribute-maturity-group',
        attributeName: 'Maturity group',
        germplasmDbId: 'soy-williams-82',
        germplasmName: 'Williams 82',
        value: 'III',
      });
      const one = await api('GET', `/attributevalues/${w82.attributeValueDbId}`);
      expect(one.status).to.equal(200);
      expectValidResponse('get', '/attributevalues/{attributeValueDbId}', 200, one.json);
      expect(one.json.result).to.deep.equal(w82);
      const missing = await api('GET', '/attributevalues/no-such-value');
      expect(missing.status).to.equal(404);
      expect(missing.headers.get('content-type')).to.match(/^text\/plain/);
    });

    it('filters by value DbId, attribute (DbId and name), germplasm, crop and program, AND-combined', async () => {
      const values = (res: { json: any }) => res.json.result.data.map((v: any) => `${v.germplasmDbId}:${v.value}`).sort();
      expect(values(await list('attributevalues', 'attributeValueDbId=attributevalue-essex-maturity-group'))).to.deep.equal(['soy-essex:V']);
      expect(values(await list('attributevalues', 'attributeDbId=attribute-flower-color'))).to.deep.equal(['germplasm-demo-scd-18-3321:white', 'soy-clark:purple']);
      expect(values(await list('attributevalues', 'attributeName=Pubescence%20color'))).to.deep.equal(['germplasm-demo-scd-18-3321:gray', 'soy-clark:tawny']);
      expect(values(await list('attributevalues', 'germplasmDbId=soy-clark&attributeName=Maturity%20group'))).to.deep.equal(['soy-clark:IV']);
      expect(values(await list('attributevalues', 'germplasmDbId=soy-lee&germplasmDbId=soy-forrest'))).to.deep.equal(['soy-forrest:V', 'soy-lee:VI']);
      const crop = await list('attributevalues', 'commonCropName=Soybean&attributeDbId=attribute-maturity-group');
      expect(crop.json.result.data.length).to.be.at.least(10);
      expect((await list('attributevalues', 'commonCropName=Maize')).json.result.data).to.deep.equal([]);
      // Program through the graph: SCD18-3321 is a potential parent in a crossing project of the test program.
      expect(values(await list('attributevalues', 'programDbId=program-test-attributes'))).to.deep.equal([
        'germplasm-demo-scd-18-3321:III', 'germplasm-demo-scd-18-3321:gray', 'germplasm-demo-scd-18-3321:white',
      ]);
      expect(values(await list('attributevalues', 'programDbId=program-test-attributes&attributeName=Flower%20color'))).to.deep.equal(['germplasm-demo-scd-18-3321:white']);
      const unknown = await list('attributevalues', 'attributeDbId=attribute-nothing');
      expect(unknown.json.result.data).to.deep.equal([]);
      expect(statusText(unknown)).to.match(/INFO .*attribute-nothing/);
      const unknownProgram = await list('attributevalues', 'programDbId=program-nothing');
      expect(statusText(unknownProgram)).to.match(/INFO .*program-nothing/);
    });

    it('creates a value linked to an attribute and a germplasm, moves it with PUT, and rejects unknown DbIds', async () => {
      const res = await api('POST', '/attributevalues', [
        {
          attributeDbId: 'attribute-pubescence-color',
          germplasmDbId: 'soy-harosoy',
          value: 'gray',
          determinedDate: '2024-09-30T00:00:00Z',
          additionalInfo: { rater: 'James Okafor' },
          externalReferences: [{ referenceId: 'av-1', referenceSource: 'av-test' }],
        },
      ]);
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('post', '/attributevalues', 200, res.json);
      const [created] = res.json.result.data;
      madeValues.push(created.attributeValueDbId);
      expect(created).to.include({ attributeName: 'Pubescence color', germplasmName: 'Harosoy', value: 'gray', determinedDate: '2024-09-30T00:00:00Z' });
      expect(created.additionalInfo).to.deep.equal({ rater: 'James Okafor' });
      expect((await api('GET', `/attributevalues/${created.attributeValueDbId}`)).json.result).to.deep.equal(created);
      expect(ids(await list('attributevalues', 'externalReferenceId=av-1'), 'attributeValueDbId')).to.deep.equal([created.attributeValueDbId]);
      expect(ids(await list('attributes', 'germplasmDbId=soy-harosoy'), 'attributeDbId')).to.deep.equal(['attribute-maturity-group', 'attribute-pubescence-color']);

      const put = await api('PUT', `/attributevalues/${created.attributeValueDbId}`, { attributeDbId: 'attribute-flower-color', value: 'purple' });
      expect(put.status, put.text).to.equal(200);
      expectValidResponse('put', '/attributevalues/{attributeValueDbId}', 200, put.json);
      expect(put.json.result).to.include({ attributeDbId: 'attribute-flower-color', attributeName: 'Flower color', germplasmDbId: 'soy-harosoy', value: 'purple' });
      expect(ids(await list('attributevalues', 'germplasmDbId=soy-harosoy&attributeDbId=attribute-pubescence-color'), 'attributeValueDbId')).to.deep.equal([]);

      const before = await count('MATCH (v:GermplasmAttributeValue) RETURN count(v) AS n');
      const bad = await api('POST', '/attributevalues', [
        { attributeDbId: 'attribute-flower-color', germplasmDbId: 'soy-essex', value: 'purple' },
        { attributeDbId: 'attribute-flower-color', germplasmDbId: 'soy-not-a-cultivar', value: 'white' },
      ]);
      expect(bad.status).to.equal(400);
      expect(bad.text).to.contain('soy-not-a-cultivar');
      const after = await count('MATCH (v:GermplasmAttributeValue) RETURN count(v) AS n');
      expect(after).to.equal(before);
      const badAttribute = await api('PUT', `/attributevalues/${created.attributeValueDbId}`, { attributeDbId: 'attribute-nope' });
      expect(badAttribute.status).to.equal(400);
      expect(badAttribute.text).to.contain('attribute-nope');
      expect((await api('PUT', '/attributevalues/no-such-value', { value: 'x' })).status).to.equal(404);
      expect((await api('POST', '/attributevalues', [{ value: 7 }])).status).to.equal(400);
    });
  });

  describe('GET /breedingmethods', () => {
    it('lists and gets the breeding methods; they are read-only', async () => {
      const res = await list('breedingmethods');
      expect(ids(res, 'breedingMethodDbId')).to.include.members([
        'breedingmethod-backcross', 'breedingmethod-biparental-cross', 'breedingmethod-pure-line-selection',
      ]);
      for (const m of res.json.result.data) expectAllFields('Germplasm', 'BreedingMethod', m);
      const one = await api('GET', '/breedingmethods/breedingmethod-backcross');
      expect(one.status).to.equal(200);
      expectValidResponse('get', '/breedingmethods/{breedingMethodDbId}', 200, one.json);
      expect(one.json.result).to.include({ breedingMethodName: 'Backcross', abbreviation: 'BCR' });
      const missing = await api('GET', '/breedingmethods/breedingmethod-nothing');
      expect(missing.status).to.equal(404);
      expect(missing.headers.get('content-type')).to.match(/^text\/plain/);
      // The spec defines no filters and no writes for breeding methods.
      expect(statusText(await list('breedingmethods', 'breedingMethodName=Backcross'))).to.match(/WARNING .*breedingMethodName/);
      expect((await api('POST', '/breedingmethods', [{ breedingMethodName: 'x' }])).status).to.equal(405);
      // The demo line names its method, by DbId and name.
      const line = await api('GET', '/germplasm/germplasm-demo-scd-18-3321');
      expect(line.json.result).to.include({ breedingMethodDbId: 'breedingmethod-biparental-cross', breedingMethodName: 'Biparental cross' });
    });
  });
});

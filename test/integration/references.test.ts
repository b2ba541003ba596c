// A reference inside a record (a cross's parents, a seed lot's contents, a crossing block, an observation's season,
// a trial's contacts, an ontology reference) shows the referenced record as the graph holds it now: posted with
// DbIds only, it answers with the names; after the referenced record is renamed, with the new name.
import { expect } from 'chai';
import { api, createRecords } from '../support/server.js';
import { expectValidResponse } from '../support/schema.js';

async function put(path: string, body: unknown) {
  const res = await api('PUT', path, body);
  expect(res.status, res.text).to.equal(200);
  return res;
}

async function getOne(path: string, template: string) {
  const res = await api('GET', path);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('get', template, 200, res.json);
  return res.json.result;
}

async function listOne(path: string, query: string) {
  const res = await api('GET', `/${path}?${query}`);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('get', `/${path}`, 200, res.json);
  expect(res.json.result.data).to.have.length(1);
  return res.json.result.data[0];
}

describe('references show the referenced records as the graph holds them', () => {
  let female: string, male: string, unit: string, season: string, person: string, ontology: string;

  before(async () => {
    [female, male] = (await createRecords('germplasm', [{ germplasmName: 'REF Mother 1' }, { germplasmName: 'REF Father 1' }])).map((g) => g.germplasmDbId);
    [unit] = (await createRecords('observationunits', [{ observationUnitName: 'REF plant 1', studyDbId: 'study-urbana-2024', germplasmDbId: female }]))
      .map((u) => u.observationUnitDbId);
    [season] = (await createRecords('seasons', [{ seasonName: 'REF Spring', year: 2031 }])).map((s) => s.seasonDbId);
    [person] = (await createRecords('people', [{ firstName: 'Ada', lastName: 'Refson', emailAddress: 'ada@example.org' }])).map((p) => p.personDbId);
    [ontology] = (await createRecords('ontologies', [{ ontologyName: 'REF dictionary', version: '1' }])).map((o) => o.ontologyDbId);
  });

  it('crosses, planned crosses and crossing blocks posted with DbIds only show names, and new names after a rename', async () => {
    const parent1 = { germplasmDbId: female, observationUnitDbId: unit, parentType: 'FEMALE' };
    const parent2 = { germplasmDbId: male, parentType: 'MALE' };
    const cross = await api('POST', '/crosses', [{ crossName: 'REF cross 1', parent1, parent2 }]);
    expect(cross.status, cross.text).to.equal(200);
    expectValidResponse('post', '/crosses', 200, cross.json);
    const [made] = cross.json.result.data;
    expect(made.parent1).to.deep.equal({ ...parent1, germplasmName: 'REF Mother 1', observationUnitName: 'REF plant 1' });
    expect(made.parent2).to.deep.equal({ ...parent2, germplasmName: 'REF Father 1', observationUnitDbId: null, observationUnitName: null });
    const [planned] = await createRecords('plannedcrosses', [{ plannedCrossName: 'REF plan 1', parent1, parent2 }]);
    const [block] = await createRecords('crossingprojects', [{ crossingProjectName: 'REF block 1', potentialParents: [parent1, parent2] }]);

    await put(`/germplasm/${female}`, { germplasmName: 'REF Mother 1 renamed' });
    await put(`/observationunits/${unit}`, { observationUnitName: 'REF plant 1 renamed' });
    const renamed = { ...parent1, germplasmName: 'REF Mother 1 renamed', observationUnitName: 'REF plant 1 renamed' };
    expect((await listOne('crosses', `crossDbId=${made.crossDbId}`)).parent1).to.deep.equal(renamed);
    expect((await listOne('plannedcrosses', `plannedCrossDbId=${planned.plannedCrossDbId}`)).parent1).to.deep.equal(renamed);
    const potential = (await getOne(`/crossingprojects/${block.crossingProjectDbId}`, '/crossingprojects/{crossingProjectDbId}')).potentialParents;
    expect(potential.map((p: any) => p.germplasmName)).to.deep.equal(['REF Mother 1 renamed', 'REF Father 1']);
    expect(potential[0].observationUnitName).to.equal('REF plant 1 renamed');
  });

  it('a name sent that disagrees with the graph is refused naming it (the same name is accepted); an unknown unit is a 400', async () => {
    // Shown from the germplasm, so never stored: a different value would be dropped without a word (docs/writes.md).
    const refused = await api('POST', '/crosses', [{ crossName: 'REF cross 2', parent1: { germplasmDbId: male, germplasmName: 'Something else' } }]);
    expect(refused.status, refused.text).to.equal(400);
    expect(refused.text).to.contain('body[0].parent1.germplasmName').and.contain('REF Father 1');
    const [cross] = await createRecords('crosses', [{ crossName: 'REF cross 2', parent1: { germplasmDbId: male, germplasmName: 'REF Father 1' } }]);
    expect(cross.parent1.germplasmName).to.equal('REF Father 1');
    const bad = await api('POST', '/crosses', [{ crossName: 'REF cross 3', parent1: { germplasmDbId: male, observationUnitDbId: 'ou-no-such-plant' } }]);
    expect(bad.status).to.equal(400);
    expect(bad.text).to.contain('ou-no-such-plant');
  });

  it('seed lot contents show germplasm and cross names from the graph', async () => {
    const [cross] = await createRecords('crosses', [{ crossName: 'REF cross 4', parent1: { germplasmDbId: female } }]);
    const [lot] = await createRecords('seedlots', [{
      seedLotName: 'REF lot 1',
      contentMixture: [{ germplasmDbId: male, mixturePercentage: 50 }, { crossDbId: cross.crossDbId, mixturePercentage: 50 }],
    }]);
    expect(lot.contentMixture.map((c: any) => [c.germplasmName, c.crossName])).to.deep.equal([['REF Father 1', null], [null, 'REF cross 4']]);
    await put(`/germplasm/${male}`, { germplasmName: 'REF Father 1 renamed' });
    await put('/crosses', { [cross.crossDbId]: { crossName: 'REF cross 4 renamed' } });
    const after = await getOne(`/seedlots/${lot.seedLotDbId}`, '/seedlots/{seedLotDbId}');
    expect(after.contentMixture.map((c: any) => [c.germplasmName, c.crossName])).to.deep.equal([['REF Father 1 renamed', null], [null, 'REF cross 4 renamed']]);
  });

  it("an observation's season, a trial's contacts and an ontology reference follow their records", async () => {
    const [observation] = await createRecords('observations', [{
      observationUnitDbId: unit, observationVariableDbId: 'variable-plant-height-cm', value: '81', season: { seasonDbId: season },
    }]);
    expect(observation.season).to.include({ seasonDbId: season, seasonName: 'REF Spring', year: 2031 });
    const [trial] = await createRecords('trials', [{ trialName: 'REF trial 1', contacts: [{ contactDbId: person, type: 'Breeder' }] }]);
    expect(trial.contacts[0]).to.include({ contactDbId: person, name: 'Ada Refson', email: 'ada@example.org', type: 'Breeder' });
    const [trait] = await createRecords('traits', [{ traitName: 'REF trait', ontologyReference: { ontologyDbId: ontology } }]);
    expect(trait.ontologyReference).to.include({ ontologyDbId: ontology, ontologyName: 'REF dictionary', version: '1' });

    await put(`/seasons/${season}`, { seasonName: 'REF Autumn', year: 2032 });
    await put(`/people/${person}`, { lastName: 'Refsdottir', emailAddress: 'ada@example.net' });
    await put(`/ontologies/${ontology}`, { ontologyName: 'REF dictionary 2', version: '2' });
    expect((await getOne(`/observations/${observation.observationDbId}`, '/observations/{observationDbId}')).season)
      .to.include({ seasonName: 'REF Autumn', year: 2032 });
    expect((await getOne(`/trials/${trial.trialDbId}`, '/trials/{trialDbId}')).contacts[0])
      .to.include({ name: 'Ada Refsdottir', email: 'ada@example.net', type: 'Breeder' });
    expect((await getOne(`/traits/${trait.traitDbId}`, '/traits/{traitDbId}')).ontologyReference)
      .to.include({ ontologyName: 'REF dictionary 2', version: '2' });
  });
});

// The Core search members that map to declared filters beyond the GET list parameters: people, programs,
// locations, trials, studies and lists. Every record is created here with distinctive names (SCM ...), so the demo
// data never matches.
import { expect } from 'chai';
import { api, createRecords, server } from '../support/server.js';
import { searchIds } from '../support/search.js';

/** POST records to /<path>, expect 200, return their DbIds in order. */
const create = async (path: string, idField: string, records: object[]) => (await createRecords(path, records)).map((r) => r[idField] as string);

/** The search finds exactly these DbIds (in any order) and reports no ignored member. */
async function finds(path: string, idField: string, body: object, expected: string[]) {
  expect(await searchIds(path, idField, body), JSON.stringify(body)).to.have.members(expected).and.have.length(expected.length);
}

describe('search: Core members beyond the list parameters', () => {
  let people: string[];
  let programs: string[];
  let trials: string[];
  let locations: string[];
  let studies: string[];

  before(async () => {
    people = await create('people', 'personDbId', [
      { firstName: 'Scm', middleName: 'Alpha', lastName: 'Ada', emailAddress: 'ada@scm.example', mailingAddress: '1 Scm Road', phoneNumber: '+1-555-0101' },
      { firstName: 'Scm', middleName: 'Beta', lastName: 'Bo', emailAddress: 'bo@scm.example', mailingAddress: '2 Scm Road', phoneNumber: '+1-555-0102' },
      { firstName: 'Scm', middleName: 'Beta', lastName: 'Cy', emailAddress: 'cy@scm.example', mailingAddress: '3 Scm Road', phoneNumber: '+1-555-0103' },
    ]);
    programs = await create('programs', 'programDbId', [
      { programName: 'SCM Program A', objective: 'SCM yield', leadPersonDbId: people[0] },
      { programName: 'SCM Program B', objective: 'SCM quality', leadPersonDbId: people[1] },
      { programName: 'SCM Program C', objective: 'SCM yield' },
    ]);
    trials = await create('trials', 'trialDbId', [
      // Cy is a contact of trial A: a person of program A too.
      { trialName: 'SCM Trial A', programDbId: programs[0], contacts: [{ contactDbId: people[2], name: 'Scm Cy' }] },
      { trialName: 'SCM Trial B', programDbId: programs[1] },
    ]);
    const point = (altitude?: number) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: altitude === undefined ? [10, 20] : [10, 20, altitude] },
    });
    locations = await create('locations', 'locationDbId', [
      {
        locationName: 'SCM Loc 100', abbreviation: 'SCM100', countryCode: 'SCA', countryName: 'Scmland',
        instituteName: 'SCM Institute One', instituteAddress: '10 Scm Campus', coordinates: point(100),
      },
      {
        locationName: 'SCM Loc 200', abbreviation: 'SCM200', countryCode: 'SCB', countryName: 'Scmonia',
        instituteName: 'SCM Institute Two', instituteAddress: '20 Scm Campus', coordinates: point(200),
      },
      {
        locationName: 'SCM Loc 99.5', abbreviation: 'SCM99', countryCode: 'SCA', countryName: 'Scmland',
        instituteName: 'SCM Institute One', instituteAddress: '10 Scm Campus', coordinates: point(99.5),
      },
      // No altitude (a 2D point): never within an altitude bound.
      { locationName: 'SCM Loc flat', abbreviation: 'SCMFLAT', countryCode: 'SCA', countryName: 'Scmland', coordinates: point() },
    ]);
    studies = await create('studies', 'studyDbId', [
      { studyName: 'SCM Study A1', trialDbId: trials[0], locationDbId: locations[0] },
      { studyName: 'SCM Study A2', trialDbId: trials[0], locationDbId: locations[1] },
      { studyName: 'SCM Study B1', trialDbId: trials[1], locationDbId: locations[1] },
    ]);
  });

  it('people: middle names, email and mailing addresses, phone numbers, program names', async () => {
    await finds('people', 'personDbId', { middleNames: ['Beta', 'Nobody'] }, [people[1], people[2]]);
    await finds('people', 'personDbId', { emailAddresses: ['ada@scm.example', 'cy@scm.example'] }, [people[0], people[2]]);
    await finds('people', 'personDbId', { mailingAddresses: ['2 Scm Road'] }, [people[1]]);
    await finds('people', 'personDbId', { phoneNumbers: ['+1-555-0101', '+1-555-0102'], middleNames: ['Beta'] }, [people[1]]);
    // Program A: its lead (Ada) and the contact of its trial (Cy).
    await finds('people', 'personDbId', { programNames: ['SCM Program A'] }, [people[0], people[2]]);
    await finds('people', 'personDbId', { programNames: ['SCM Program A', 'SCM Program B'] }, people);
    await finds('people', 'personDbId', { programNames: ['SCM Program A'], middleNames: ['Beta'] }, [people[2]]);
  });

  it('programs: lead person DbIds and names, objectives', async () => {
    await finds('programs', 'programDbId', { leadPersonDbIds: [people[0], people[1]] }, [programs[0], programs[1]]);
    await finds('programs', 'programDbId', { leadPersonNames: ['Scm Ada', 'No Body'] }, [programs[0]]);
    await finds('programs', 'programDbId', { objectives: ['SCM yield'] }, [programs[0], programs[2]]);
    await finds('programs', 'programDbId', { objectives: ['SCM yield', 'SCM quality'], leadPersonNames: ['Scm Bo'] }, [programs[1]]);
    await finds('programs', 'programDbId', { objectives: ['SCM quality'], leadPersonDbIds: [people[0]] }, []);
  });

  it('locations: abbreviations, countries, institutes, program names', async () => {
    await finds('locations', 'locationDbId', { abbreviations: ['SCM100', 'SCM200'] }, [locations[0], locations[1]]);
    await finds('locations', 'locationDbId', { countryCodes: ['SCA'] }, [locations[0], locations[2], locations[3]]);
    await finds('locations', 'locationDbId', { countryNames: ['Scmonia', 'Scmland'] }, locations);
    await finds('locations', 'locationDbId', { instituteNames: ['SCM Institute One'], abbreviations: ['SCM99', 'SCM200'] }, [locations[2]]);
    await finds('locations', 'locationDbId', { instituteAddresses: ['20 Scm Campus'] }, [locations[1]]);
    // Program A's studies were at locations 100 and 200; program B's at 200.
    await finds('locations', 'locationDbId', { programNames: ['SCM Program A'] }, [locations[0], locations[1]]);
    await finds('locations', 'locationDbId', { programNames: ['SCM Program B'] }, [locations[1]]);
    await finds('locations', 'locationDbId', { programNames: ['SCM Program A'], countryCodes: ['SCA'] }, [locations[0]]);
  });

  it('locations: altitudeMin / altitudeMax are inclusive bounds on the Point altitude', async () => {
    const scm = { countryNames: ['Scmland', 'Scmonia'] };
    await finds('locations', 'locationDbId', { ...scm, altitudeMin: 100 }, [locations[0], locations[1]]);
    await finds('locations', 'locationDbId', { ...scm, altitudeMin: 100.5 }, [locations[1]]);
    await finds('locations', 'locationDbId', { ...scm, altitudeMax: 100 }, [locations[0], locations[2]]);
    await finds('locations', 'locationDbId', { ...scm, altitudeMax: 99.4 }, []);
    await finds('locations', 'locationDbId', { ...scm, altitudeMax: 99.5 }, [locations[2]]);
    await finds('locations', 'locationDbId', { ...scm, altitudeMin: 100, altitudeMax: 200 }, [locations[0], locations[1]]);
    await finds('locations', 'locationDbId', { ...scm, altitudeMin: 100, altitudeMax: 199.9 }, [locations[0]]);
    // Changing the coordinates moves the altitude; clearing them leaves none.
    const moved = await api('PUT', `/locations/${locations[0]}`, {
      coordinates: { type: 'Feature', geometry: { type: 'Point', coordinates: [10, 20, 300] } },
    });
    expect(moved.status, moved.text).to.equal(200);
    await finds('locations', 'locationDbId', { ...scm, altitudeMin: 250 }, [locations[0]]);
    const cleared = await api('PUT', `/locations/${locations[0]}`, { coordinates: null });
    expect(cleared.status, cleared.text).to.equal(200);
    await finds('locations', 'locationDbId', { ...scm, altitudeMin: 0 }, [locations[1], locations[2]]);
    // An area without a geometry is refused with the reason, not ignored.
    const area = await api('POST', '/search/locations', { countryNames: ['Scmland'], coordinates: { type: 'Feature', geometry: null } });
    expect(area.status, area.text).to.equal(400);
    expect(area.text).to.include('Point or Polygon');
  });

  it('trials: program, study and location names', async () => {
    await finds('trials', 'trialDbId', { programNames: ['SCM Program A', 'SCM Program B'] }, trials);
    await finds('trials', 'trialDbId', { studyNames: ['SCM Study B1'] }, [trials[1]]);
    await finds('trials', 'trialDbId', { locationNames: ['SCM Loc 200'] }, trials);
    await finds('trials', 'trialDbId', { locationNames: ['SCM Loc 100', 'SCM Loc flat'] }, [trials[0]]);
    await finds('trials', 'trialDbId', { locationNames: ['SCM Loc 200'], programNames: ['SCM Program B'] }, [trials[1]]);
    await finds('trials', 'trialDbId', { studyNames: ['SCM Study A1'], programNames: ['SCM Program B'] }, []);
  });

  it('studies: trial, program, location and germplasm names', async () => {
    await finds('studies', 'studyDbId', { trialNames: ['SCM Trial A'] }, [studies[0], studies[1]]);
    await finds('studies', 'studyDbId', { programNames: ['SCM Program B', 'SCM Program C'] }, [studies[2]]);
    await finds('studies', 'studyDbId', { locationNames: ['SCM Loc 200'] }, [studies[1], studies[2]]);
    await finds('studies', 'studyDbId', { locationNames: ['SCM Loc 200'], trialNames: ['SCM Trial A'] }, [studies[1]]);
    const germplasm = await create('germplasm', 'germplasmDbId', [
      { germplasmName: 'SCM Germ One', commonCropName: 'Scmcrop' },
      { germplasmName: 'SCM Germ Two', commonCropName: 'Scmcrop' },
    ]);
    // Germplasm in a study: through its observation units (built by hand; no API creates them yet).
    const unit = `MATCH (s:Study {studyDbId: $study}), (g:Germplasm {germplasmDbId: $germplasm})
      CREATE (s)<-[:IN_STUDY]-(:ObservationUnit {observationUnitDbId: $unit})-[:OF_GERMPLASM]->(g)`;
    await server().graph.write(unit, { study: studies[0], germplasm: germplasm[0], unit: 'ou-scm-1' });
    await server().graph.write(unit, { study: studies[2], germplasm: germplasm[1], unit: 'ou-scm-2' });
    await finds('studies', 'studyDbId', { germplasmNames: ['SCM Germ One'] }, [studies[0]]);
    await finds('studies', 'studyDbId', { germplasmNames: ['SCM Germ One', 'SCM Germ Two'] }, [studies[0], studies[2]]);
    await finds('studies', 'studyDbId', { germplasmNames: ['SCM Germ One', 'SCM Germ Two'], programNames: ['SCM Program B'] }, [studies[2]]);
  });

  it('lists: owner DbIds and names, program names, inclusive created / modified date ranges', async () => {
    const lists = await create('lists', 'listDbId', [
      { listName: 'SCM list 1', listType: 'germplasm', listOwnerPersonDbId: people[0], dateCreated: '2031-01-10T12:00:00Z', dateModified: '2031-02-10T12:00:00Z' },
      { listName: 'SCM list 2', listType: 'germplasm', listOwnerPersonDbId: people[1], dateCreated: '2031-01-20T12:00:00Z', dateModified: '2031-02-20T12:00:00Z' },
      { listName: 'SCM list 3', listType: 'germplasm', listOwnerPersonDbId: people[2], dateCreated: '2031-01-30T12:00:00Z', dateModified: '2031-02-28T12:00:00Z' },
    ]);
    await finds('lists', 'listDbId', { listOwnerPersonDbIds: [people[0], people[2]] }, [lists[0], lists[2]]);
    await finds('lists', 'listDbId', { listOwnerNames: ['Scm Bo', 'No Body'] }, [lists[1]]);
    await finds('lists', 'listDbId', { programNames: ['SCM Program A'] }, [lists[0], lists[2]]);
    await finds('lists', 'listDbId', { programNames: ['SCM Program A'], listOwnerNames: ['Scm Cy', 'Scm Bo'] }, [lists[2]]);
    // The stored dates are date-times; the bounds are given in the same form (an exact hit is inside).
    const scm = { listOwnerPersonDbIds: people };
    await finds('lists', 'listDbId', { ...scm, dateCreatedRangeStart: '2031-01-20T12:00:00Z' }, [lists[1], lists[2]]);
    await finds('lists', 'listDbId', { ...scm, dateCreatedRangeStart: '2031-01-20T12:00:01Z' }, [lists[2]]);
    await finds('lists', 'listDbId', { ...scm, dateCreatedRangeEnd: '2031-01-20T12:00:00Z' }, [lists[0], lists[1]]);
    await finds('lists', 'listDbId', { ...scm, dateCreatedRangeEnd: '2031-01-20T11:59:59Z' }, [lists[0]]);
    await finds('lists', 'listDbId', { ...scm, dateCreatedRangeStart: '2031-01-20T12:00:00Z', dateCreatedRangeEnd: '2031-01-20T12:00:00Z' }, [lists[1]]);
    await finds('lists', 'listDbId', { ...scm, dateModifiedRangeStart: '2031-02-20T12:00:00Z', dateModifiedRangeEnd: '2031-02-28T12:00:00Z' }, [lists[1], lists[2]]);
    await finds('lists', 'listDbId', { ...scm, dateModifiedRangeStart: '2031-02-21T12:00:00Z', dateModifiedRangeEnd: '2031-02-27T12:00:00Z' }, []);
    await finds('lists', 'listDbId', { ...scm, dateModifiedRangeEnd: '2031-02-10T12:00:00Z', dateCreatedRangeStart: '2031-01-10T12:00:00Z' }, [lists[0]]);
    // Offsets: 14:00+02:00 is 12:00Z, so list 2 is also found by its creation instant written in Central European time.
    await finds('lists', 'listDbId', { ...scm, dateCreatedRangeStart: '2031-01-20T13:00:00+01:00', dateCreatedRangeEnd: '2031-01-20T14:00:00+02:00' }, [lists[1]]);
    const [offset] = await create('lists', 'listDbId', [{ listName: 'SCM list offset', listType: 'germplasm', listOwnerPersonDbId: people[0], dateCreated: '2031-01-20T13:30:00+02:00' }]);
    // 13:30+02:00 is 11:30Z: before list 2's 12:00Z, though its text sorts after.
    await finds('lists', 'listDbId', { ...scm, dateCreatedRangeEnd: '2031-01-20T12:00:00Z', dateCreatedRangeStart: '2031-01-11T00:00:00Z' }, [lists[1], offset].sort());
    await finds('lists', 'listDbId', { ...scm, dateCreatedRangeStart: '2031-01-20T11:45:00Z', dateCreatedRangeEnd: '2031-01-29T00:00:00Z' }, [lists[1]]);
    const bad = await api('POST', '/search/lists', { dateCreatedRangeStart: 'yesterday' });
    expect(bad.status, bad.text).to.equal(400);
  });
});

// MIAPPE v1.1 on Core: one test per row of the mapping table (service-spec.md, DM-1..DM-39 and DM-57..DM-59) for
// trial, study, location and contact fields. Each POSTs a record carrying the field, GETs it back and compares the
// value at the mapped path with what was sent.
// Rows without a mapping get no test: DM-8 Standard version (additionalInfo if necessary) and DM-29 Map of
// experimental design (study.additionalInfo or GET /observationunits).
import { expect } from 'chai';
import { api } from '../support/server.js';
import { at, mappingTests, storeAndReadBack, type Check as MiappeCheck, type Row } from '../support/miappe.js';

type Path = 'trials' | 'studies' | 'locations';
const ID_FIELD: Record<Path, string> = { trials: 'trialDbId', studies: 'studyDbId', locations: 'locationDbId' };

const CONTACTS = [
  {
    contactDbId: 'person-maria-gonzalez',
    name: 'Maria Gonzalez',
    email: 'maria.gonzalez@soybreeding.example.org',
    orcid: 'https://orcid.org/0000-0002-1825-0097',
    instituteName: 'University of Illinois Urbana-Champaign',
    type: 'Principal Investigator',
  },
  {
    contactDbId: 'person-li-wei',
    name: 'Wei Li',
    email: 'wei.li@soybreeding.example.org',
    orcid: 'https://orcid.org/0000-0001-5000-0007',
    instituteName: 'University of Illinois Urbana-Champaign',
    type: 'Data Manager',
  },
];

const LOCATION = {
  locationName: 'MIAPPE test field, Urbana',
  instituteName: 'University of Illinois Urbana-Champaign, Department of Crop Sciences',
  instituteAddress: '1102 S Goodwin Ave, Urbana, IL 61801, USA',
  countryCode: 'USA',
  countryName: 'United States of America',
  coordinates: { type: 'Feature', geometry: { type: 'Point', coordinates: [-88.2291, 40.0617, 221.5] } },
};

const TRIAL = {
  trialName: 'MIAPPE test investigation',
  trialDescription: 'Yield of maturity group IV soybean lines in two environments.',
  programDbId: 'program-soybean-main',
  contacts: CONTACTS,
  datasetAuthorships: [
    { datasetPUI: 'doi:10.5072/miappe-1', license: 'https://creativecommons.org/licenses/by/4.0/', submissionDate: '2024-02-15', publicReleaseDate: '2024-03-01' },
  ],
  publications: [{ publicationPUI: 'doi:10.5072/miappe-paper', publicationReference: 'Gonzalez M, Li W. A MIAPPE test paper. 2024.' }],
};

/** The study body; its locationDbId is filled in with the location created before the tests. */
const STUDY: Record<string, unknown> = {
  studyName: 'MIAPPE test study',
  locationDbId: null,
  studyDescription: 'Seed yield and maturity of 24 entries under rain-fed conditions.',
  startDate: '2023-05-18T00:00:00Z',
  endDate: '2023-10-12T17:30:00Z',
  contacts: CONTACTS,
  experimentalDesign: { PUI: 'CO_715:0000145', description: 'Randomized complete block design, three replications.' },
  growthFacility: { PUI: 'CO_715:0000162', description: 'Field environment condition, rain-fed' },
  culturalPractices: 'Conventional tillage; 345,000 seeds per hectare; no irrigation.',
  observationUnitsDescription: 'Four-row plots of one entry in one replication.',
  observationLevels: [
    { levelName: 'field', levelOrder: 0 },
    { levelName: 'block', levelOrder: 1 },
    { levelName: 'plot', levelOrder: 2 },
    { levelName: 'plant', levelOrder: 3 },
  ],
  dataLinks: [
    {
      url: 'https://example.org/miappe/plots.csv',
      name: 'plots.csv',
      description: 'Plot-level seed yield and maturity',
      dataFormat: 'Table',
      fileFormat: 'text/csv',
      version: '1.0.2',
      provenance: 'Combine harvest data curated by the program data manager',
      scientificType: 'Phenotyping reduced data',
    },
  ],
  environmentParameters: [
    // Every member given (null where it does not apply), so the whole objects compare exactly.
    {
      parameterName: 'soil type',
      parameterPUI: 'PECO:0007155',
      description: 'Drummer silty clay loam',
      value: 'silty clay loam',
      valuePUI: 'ENVO:00002262',
      unit: null,
      unitPUI: null,
    },
    { parameterName: 'row spacing', parameterPUI: null, description: 'Distance between rows', value: '0.76', valuePUI: null, unit: 'm', unitPUI: 'UO:0000008' },
  ],
};

const BODIES: Record<Path, Record<string, unknown>> = { trials: TRIAL, studies: STUDY, locations: LOCATION };

/** POSTs the entity's body, GETs the record back (checked against the schema) and returns both. */
const roundTrip = (path: Path) => storeAndReadBack(path, ID_FIELD[path], [BODIES[path]]);

type Check = MiappeCheck<Path>;

const trial = (...fields: string[]): Check => ({ kind: 'trials', fields });
const study = (...fields: string[]): Check => ({ kind: 'studies', fields });
const location = (...fields: string[]): Check => ({ kind: 'locations', fields });
const both = (...fields: string[]) => [trial(...fields), study(...fields)];
/** The whole entity: every member sent comes back. */
const whole = (kind: Path): Check => ({ kind, fields: Object.keys(BODIES[kind]) });
const ownId = (kind: Path): Check => ({ kind, fields: [ID_FIELD[kind]], expected: (id) => [id] });

const ROWS: Array<Row<Path>> = [
  ['DM-1', 'Investigation', 'Trial', [whole('trials')]],
  ['DM-2', 'Investigation unique ID', 'trial.trialDbId', [ownId('trials')]],
  ['DM-3', 'Investigation title', 'trial.trialName', [trial('trialName')]],
  ['DM-4', 'Investigation description', 'trial.trialDescription', [trial('trialDescription')]],
  ['DM-5', 'Submission date', 'trial.datasetAuthorships[].submissionDate', [trial('datasetAuthorships[].submissionDate')]],
  ['DM-6', 'Public release date', 'trial.datasetAuthorships[].publicReleaseDate', [trial('datasetAuthorships[].publicReleaseDate')]],
  ['DM-7', 'License', 'trial.datasetAuthorships[].license', [trial('datasetAuthorships[].license')]],
  ['DM-9', 'Associated publication', 'trial.publications[]', [trial('publications')]],
  ['DM-10', 'Study', 'Study', [whole('studies')]],
  ['DM-11', 'Study unique ID', 'study.studyDbId', [ownId('studies')]],
  ['DM-12', 'Study title', 'study.studyName', [study('studyName')]],
  ['DM-13', 'Study description', 'study.studyDescription', [study('studyDescription')]],
  ['DM-14', 'Start date of study', 'study.startDate', [study('startDate')]],
  ['DM-15', 'End date of study', 'study.endDate', [study('endDate')]],
  ['DM-16', 'Contact institution', 'location.instituteName, location.instituteAddress', [location('instituteName', 'instituteAddress')]],
  ['DM-17', 'Country', 'location.countryCode, location.countryName', [location('countryCode', 'countryName')]],
  ['DM-18', 'Experimental site name', 'location.locationName, study.locationName', [
    location('locationName'),
    { kind: 'studies', fields: ['locationName'], expected: () => [LOCATION.locationName] },
  ]],
  ['DM-19', 'Latitude', 'location.coordinates (GeoJSON)', [location('coordinates.geometry.coordinates[1]')]],
  ['DM-20', 'Longitude', 'location.coordinates (GeoJSON)', [location('coordinates.geometry.coordinates[0]')]],
  ['DM-21', 'Altitude', 'location.coordinates (GeoJSON)', [location('coordinates.geometry.coordinates[2]')]],
  ['DM-22', 'Experimental design description', 'study.experimentalDesign.description', [study('experimentalDesign.description')]],
  ['DM-23', 'Experimental design type', 'study.experimentalDesign.PUI', [study('experimentalDesign.PUI')]],
  ['DM-24', 'Observation unit level hierarchy', 'study.observationLevels', [study('observationLevels')]],
  ['DM-25', 'Observation unit description', 'study.observationUnitsDescription', [study('observationUnitsDescription')]],
  ['DM-26', 'Growth facility description', 'study.growthFacility.description', [study('growthFacility.description')]],
  ['DM-27', 'Growth facility type', 'study.growthFacility.PUI', [study('growthFacility.PUI')]],
  ['DM-28', 'Cultural practices', 'study.culturalPractices', [study('culturalPractices')]],
  ['DM-30', 'Person', 'trial.contacts[], study.contacts[]', both('contacts')],
  ['DM-31', 'Person name', 'contacts[].name', both('contacts[].name')],
  ['DM-32', 'Person email', 'contacts[].email', both('contacts[].email')],
  ['DM-33', 'Person ID', 'contacts[].contactDbId, contacts[].orcid', both('contacts[].contactDbId', 'contacts[].orcid')],
  ['DM-34', 'Person role', 'contacts[].type', both('contacts[].type')],
  ['DM-35', 'Person affiliation', 'contacts[].instituteName', both('contacts[].instituteName')],
  ['DM-36', 'Data file', 'study.dataLinks[]', [study('dataLinks')]],
  ['DM-37', 'Data file link', 'study.dataLinks[].url', [study('dataLinks[].url')]],
  ['DM-38', 'Data file description', 'study.dataLinks[].name, .description, .dataFormat, .fileFormat',
    [study('dataLinks[].name', 'dataLinks[].description', 'dataLinks[].dataFormat', 'dataLinks[].fileFormat')]],
  ['DM-39', 'Data file version', 'study.dataLinks[].version', [study('dataLinks[].version')]],
  ['DM-57', 'Environment', 'study.environmentParameters[]', [study('environmentParameters')]],
  ['DM-58', 'Environment parameter', 'study.environmentParameters[].parameterName', [study('environmentParameters[].parameterName')]],
  ['DM-59', 'Environment parameter value', 'study.environmentParameters[].value', [study('environmentParameters[].value')]],
];

describe('MIAPPE v1.1 mapping on trials, studies and locations', () => {
  before(async () => {
    const res = await api('POST', '/locations', [LOCATION]);
    expect(res.status, res.text).to.equal(200);
    STUDY.locationDbId = res.json.result.data[0].locationDbId;
  });

  mappingTests(ROWS, BODIES, roundTrip);
});

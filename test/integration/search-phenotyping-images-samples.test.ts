// POST /search/images and /search/samples: every member of ImageSearchRequest and SampleSearchRequest, OR within a
// member, AND across members, inclusive ranges. Records are created here with distinctive "SPI" values (a program,
// trial and study of their own; the unit and observation are raw Cypher, as only their DbIds matter) and removed.
import { expect } from 'chai';
import { removeNodes, removeWhere } from '../support/graph.js';
import { api, createRecords, server } from '../support/server.js';
import { searchIds } from '../support/search.js';

const found = searchIds;
const create = createRecords;

describe('search members of images and samples', () => {
  let P: string, T: string, S: string;
  let I1: string, I2: string, I3: string, S1: string, S2: string, S3: string, PL1: string, PL2: string;
  const UNIT = 'spi-ou-1';
  const OBS = 'spi-obs-1';
  const sorted = (...ids: string[]) => [...ids].sort();

  before(async () => {
    [{ programDbId: P }] = await create('programs', [{ programName: 'SPI Program', commonCropName: 'SPICrop' }]);
    [{ trialDbId: T }] = await create('trials', [{ trialName: 'SPI Trial', programDbId: P }]);
    [{ studyDbId: S }] = await create('studies', [{ studyName: 'SPI Study', trialDbId: T }]);
    await server().graph.write(
      `MATCH (s:Study {studyDbId: $study})
       CREATE (:Observation {observationDbId: $obs, spiTest: true})-[:OF_UNIT]->(:ObservationUnit {observationUnitDbId: $unit, spiTest: true})-[:IN_STUDY]->(s)`,
      { study: S, unit: UNIT, obs: OBS },
    );
    [I1, I2, I3] = (await create('images', [
      {
        imageName: 'SPI one', imageFileName: 'spi-1.jpg', mimeType: 'image/jpeg', imageFileSize: 1000, imageHeight: 100, imageWidth: 200,
        imageTimeStamp: '2024-07-01T10:00:00Z', descriptiveOntologyTerms: ['spi', 'leaf'], observationUnitDbId: 'ou-urbana-2024-plot-101',
        externalReferences: [{ referenceId: 'spi-ref-1', referenceSource: 'spi-source-a' }],
      },
      {
        // Its own unit is a demo plot (soybean program); the observation it depicts is on the SPI unit.
        imageName: 'SPI two', imageFileName: 'spi-2.png', mimeType: 'image/png', imageFileSize: 2000, imageHeight: 200, imageWidth: 300,
        imageTimeStamp: '2024-07-02T23:59:00Z', descriptiveOntologyTerms: ['spi', 'pod'], observationUnitDbId: 'ou-urbana-2024-plot-102',
        observationDbIds: [OBS], externalReferences: [{ referenceId: 'spi-ref-2', referenceSource: 'spi-source-a' }],
      },
      {
        imageName: 'SPI three', imageFileName: 'spi-3.tif', mimeType: 'image/tiff', imageFileSize: 3000, imageHeight: 300, imageWidth: 400,
        imageTimeStamp: '2024-07-03T00:00:00Z', descriptiveOntologyTerms: ['spi'], observationUnitDbId: UNIT,
        externalReferences: [{ referenceId: 'spi-ref-3', referenceSource: 'spi-source-b' }],
      },
    ])).map((i) => i.imageDbId);
    // A sample's plate is a record of its own: the plates come first.
    [PL1, PL2] = (await create('plates', [{ plateName: 'SPI plate 1' }, { plateName: 'SPI plate 2' }])).map((p) => p.plateDbId);
    [S1, S2, S3] = (await create('samples', [
      {
        sampleName: 'SPI sample 1', sampleGroupDbId: 'spi-group-1', plateDbId: PL1, plateName: 'SPI plate 1',
        studyDbId: S, germplasmDbId: 'soy-lee', observationUnitDbId: UNIT,
        externalReferences: [{ referenceId: 'spi-sref-1', referenceSource: 'spi-lims' }],
      },
      {
        sampleName: 'SPI sample 2', sampleGroupDbId: 'spi-group-2', plateDbId: PL1, plateName: 'SPI plate 1',
        studyDbId: 'study-urbana-2024', germplasmDbId: 'soy-essex', observationUnitDbId: 'ou-urbana-2024-plot-102',
        externalReferences: [{ referenceId: 'spi-sref-2', referenceSource: 'spi-lims' }],
      },
      {
        sampleName: 'SPI sample 3', sampleGroupDbId: 'spi-group-2', plateDbId: PL2, plateName: 'SPI plate 2',
        studyDbId: S, germplasmDbId: 'soy-essex',
        externalReferences: [{ referenceId: 'spi-sref-3', referenceSource: 'spi-other' }],
      },
    ])).map((s) => s.sampleDbId);
  });

  after(async () => {
    await removeWhere({
      spiTest: [true], imageDbId: [I1, I2, I3], sampleDbId: [S1, S2, S3], plateDbId: [PL1, PL2], programDbId: [P], trialDbId: [T], studyDbId: [S],
    });
  });

  describe('images', () => {
    const hits = (body: object) => found('images', 'imageDbId', body);
    const SPI = { descriptiveOntologyTerms: ['spi'] };

    it('DbIds, names, file names, MIME types, tags', async () => {
      expect(await hits({ imageDbIds: [I1, I3] })).to.deep.equal(sorted(I1, I3));
      expect(await hits({ imageNames: ['SPI two', 'SPI three'] })).to.deep.equal(sorted(I2, I3));
      expect(await hits({ imageFileNames: ['spi-1.jpg'] })).to.deep.equal([I1]);
      expect(await hits({ ...SPI, mimeTypes: ['image/png', 'image/tiff'] })).to.deep.equal(sorted(I2, I3));
      expect(await hits({ descriptiveOntologyTerms: ['leaf', 'pod'] })).to.deep.equal(sorted(I1, I2));
      expect(await hits({ ...SPI, mimeTypes: ['image/png'], imageNames: ['SPI one', 'SPI two'] })).to.deep.equal([I2]);
      expect(await hits({ imageDbIds: [I1], mimeTypes: ['image/png'] })).to.deep.equal([]);
    });

    it('file size, height and width ranges are inclusive', async () => {
      expect(await hits({ ...SPI, imageFileSizeMin: 2000 })).to.deep.equal(sorted(I2, I3));
      expect(await hits({ ...SPI, imageFileSizeMax: 2000 })).to.deep.equal(sorted(I1, I2));
      expect(await hits({ ...SPI, imageFileSizeMin: 1500, imageFileSizeMax: 2500 })).to.deep.equal([I2]);
      expect(await hits({ ...SPI, imageHeightMin: 200, imageHeightMax: 300 })).to.deep.equal(sorted(I2, I3));
      expect(await hits({ ...SPI, imageHeightMax: 99 })).to.deep.equal([]);
      expect(await hits({ ...SPI, imageWidthMin: 300 })).to.deep.equal(sorted(I2, I3));
      expect(await hits({ ...SPI, imageWidthMax: 200 })).to.deep.equal([I1]);
      expect(await hits({ ...SPI, imageWidthMin: 250, imageHeightMax: 250 })).to.deep.equal([I2]);
    });

    it('imageTimeStampRangeStart / End are inclusive', async () => {
      expect(await hits({ ...SPI, imageTimeStampRangeStart: '2024-07-02T23:59:00Z' })).to.deep.equal(sorted(I2, I3));
      expect(await hits({ ...SPI, imageTimeStampRangeEnd: '2024-07-02T23:59:00Z' })).to.deep.equal(sorted(I1, I2));
      expect(await hits({ ...SPI, imageTimeStampRangeStart: '2024-07-03T00:00:00Z', imageTimeStampRangeEnd: '2024-07-03T00:00:00Z' })).to.deep.equal([I3]);
      expect(await hits({ ...SPI, imageTimeStampRangeStart: '2024-07-01T10:00:01Z', imageTimeStampRangeEnd: '2024-07-02T23:58:59Z' })).to.deep.equal([]);
    });

    it('time-stamp ranges compare instants, whatever the offsets of the stored value and of the bounds', async () => {
      // Taken at 10:00 in Berlin summer time, which is 08:00 UTC: before a 09:00Z bound, though "10:00" > "09:00".
      const [berlin] = (await create('images', [{ imageName: 'SPI offset', imageTimeStamp: '2024-07-05T10:00:00+02:00', descriptiveOntologyTerms: ['spi-offset'] }])).map((i) => i.imageDbId);
      const tag = { descriptiveOntologyTerms: ['spi-offset'] };
      expect(await hits({ ...tag, imageTimeStampRangeEnd: '2024-07-05T09:00:00Z' })).to.deep.equal([berlin]);
      expect(await hits({ ...tag, imageTimeStampRangeStart: '2024-07-05T09:00:00Z' })).to.deep.equal([]);
      expect(await hits({ ...tag, imageTimeStampRangeStart: '2024-07-05T08:00:00Z', imageTimeStampRangeEnd: '2024-07-05T08:00:00Z' })).to.deep.equal([berlin]);
      // The bound's own offset counts too: 03:00 in Chicago (-05:00) is 08:00 UTC.
      expect(await hits({ ...tag, imageTimeStampRangeStart: '2024-07-05T03:00:00-05:00', imageTimeStampRangeEnd: '2024-07-05T03:00:00-05:00' })).to.deep.equal([berlin]);
      // The record still reads back as sent.
      const read = await api('GET', `/images/${berlin}`);
      expect(read.json.result.imageTimeStamp).to.equal('2024-07-05T10:00:00+02:00');
      await removeNodes('Image', 'imageDbId', [berlin]);
    });

    it('units, observations, and program / crop through the unit or the depicted observation', async () => {
      expect(await hits({ observationUnitDbIds: ['ou-urbana-2024-plot-101', UNIT], ...SPI })).to.deep.equal(sorted(I1, I3));
      expect(await hits({ observationDbIds: [OBS] })).to.deep.equal([I2]);
      expect(await hits({ programDbIds: [P] })).to.deep.equal(sorted(I2, I3));
      expect(await hits({ programNames: ['SPI Program'] })).to.deep.equal(sorted(I2, I3));
      expect(await hits({ commonCropNames: ['SPICrop'] })).to.deep.equal(sorted(I2, I3));
      expect(await hits({ programDbIds: [P, 'program-soybean-main'], ...SPI })).to.deep.equal(sorted(I1, I2, I3));
      expect(await hits({ programNames: ['SPI Program'], observationUnitDbIds: ['ou-urbana-2024-plot-102'] })).to.deep.equal([I2]);
    });

    it('external references', async () => {
      expect(await hits({ externalReferenceIds: ['spi-ref-1', 'spi-ref-3'] })).to.deep.equal(sorted(I1, I3));
      expect(await hits({ externalReferenceIDs: ['spi-ref-2'] })).to.deep.equal([I2]);
      expect(await hits({ externalReferenceSources: ['spi-source-a'] })).to.deep.equal(sorted(I1, I2));
      expect(await hits({ externalReferenceSources: ['spi-source-a'], externalReferenceIds: ['spi-ref-3'] })).to.deep.equal([]);
    });

    it('imageLocation is applied: an image without a position lies in no area (areas are tested in geo-search)', async () => {
      const area = { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[-89, 40], [-88, 40], [-88, 41], [-89, 41], [-89, 40]]] } };
      expect(await hits({ ...SPI, imageLocation: area })).to.deep.equal([]);
      expect(await hits({ ...SPI })).to.deep.equal(sorted(I1, I2, I3));
    });
  });

  describe('samples', () => {
    const hits = (body: object) => found('samples', 'sampleDbId', body);
    // The test's plates, known once `before` has made them.
    let SPI: { plateDbIds: string[] };
    before(() => {
      SPI = { plateDbIds: [PL1, PL2] };
    });

    it('DbIds, names, groups, plates', async () => {
      expect(await hits({ sampleDbIds: [S1, S3] })).to.deep.equal(sorted(S1, S3));
      expect(await hits({ sampleNames: ['SPI sample 2'] })).to.deep.equal([S2]);
      expect(await hits({ sampleGroupDbIds: ['spi-group-2'] })).to.deep.equal(sorted(S2, S3));
      expect(await hits({ plateDbIds: [PL1] })).to.deep.equal(sorted(S1, S2));
      expect(await hits({ plateNames: ['SPI plate 2', 'SPI plate 1'] })).to.deep.equal(sorted(S1, S2, S3));
      expect(await hits({ sampleGroupDbIds: ['spi-group-2'], plateNames: ['SPI plate 1'] })).to.deep.equal([S2]);
    });

    it('unit, germplasm, study, trial, program and crop through the graph', async () => {
      expect(await hits({ observationUnitDbIds: [UNIT, 'ou-urbana-2024-plot-102'], ...SPI })).to.deep.equal(sorted(S1, S2));
      expect(await hits({ germplasmDbIds: ['soy-essex'], ...SPI })).to.deep.equal(sorted(S2, S3));
      expect(await hits({ germplasmNames: ['Lee', 'Essex'], ...SPI })).to.deep.equal(sorted(S1, S2, S3));
      expect(await hits({ studyDbIds: [S] })).to.deep.equal(sorted(S1, S3));
      expect(await hits({ studyNames: ['SPI Study', 'UST MG IV 2024 - Urbana South Farm'], ...SPI })).to.deep.equal(sorted(S1, S2, S3));
      expect(await hits({ trialDbIds: [T] })).to.deep.equal(sorted(S1, S3));
      expect(await hits({ trialNames: ['SPI Trial'] })).to.deep.equal(sorted(S1, S3));
      expect(await hits({ programDbIds: [P] })).to.deep.equal(sorted(S1, S3));
      expect(await hits({ programNames: ['SPI Program'], germplasmDbIds: ['soy-essex'] })).to.deep.equal([S3]);
      expect(await hits({ commonCropNames: ['SPICrop'] })).to.deep.equal(sorted(S1, S3));
      expect(await hits({ programDbIds: ['program-soybean-main'], ...SPI })).to.deep.equal([S2]);
      expect(await hits({ trialDbIds: [T], plateDbIds: [PL1] })).to.deep.equal([S1]);
    });

    it('external references', async () => {
      expect(await hits({ externalReferenceIds: ['spi-sref-1', 'spi-sref-3'] })).to.deep.equal(sorted(S1, S3));
      expect(await hits({ externalReferenceIDs: ['spi-sref-2'] })).to.deep.equal([S2]);
      expect(await hits({ externalReferenceSources: ['spi-lims'] })).to.deep.equal(sorted(S1, S2));
      expect(await hits({ externalReferenceSources: ['spi-other'], sampleGroupDbIds: ['spi-group-1'] })).to.deep.equal([]);
    });
  });
});

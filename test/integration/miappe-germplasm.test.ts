// MIAPPE v1.1 biological material (DM-40 to DM-56, service-spec.md's mapping table): each mapped element is posted
// in a germplasm, read back with GET /germplasm/{id}, and compared at the mapped path.
// Rows with no direct mapping, so no test: DM-45 to DM-48 (biological material latitude, longitude, altitude,
// coordinates uncertainty).
import { expect } from 'chai';
import { removeNodes } from '../support/graph.js';
import { api } from '../support/server.js';
import { storeAndReadBack } from '../support/miappe.js';
import { expectAllFields } from '../support/schema.js';

/** The germplasm the tests post, removed at the end. */
const made: string[] = [];

/** POSTs one germplasm with the given fields and returns it as GET /germplasm/{id} answers. */
async function roundTrip(fields: Record<string, unknown>) {
  const { id, record } = await storeAndReadBack('germplasm', 'germplasmDbId', [{ germplasmName: 'MIAPPE material', commonCropName: 'Soybean', ...fields }]);
  made.push(id);
  return record;
}

const origin = (coordinates: number[], coordinateUncertainty: string | null = null) => [
  { coordinateUncertainty, coordinates: { type: 'Feature', geometry: { type: 'Point', coordinates } } },
];

describe('MIAPPE biological material (germplasm)', () => {
  after(() => removeNodes('Germplasm', 'germplasmDbId', made));

  it('DM-40 Biological material: Germplasm', async () => {
    const record = await roundTrip({ germplasmName: 'DM-40 material' });
    expectAllFields('Germplasm', 'Germplasm', record);
    expect(record.germplasmName).to.equal('DM-40 material');
  });

  it('DM-41 Biological material ID: germplasm.germplasmDbId, germplasm.germplasmPUI', async () => {
    const record = await roundTrip({ germplasmPUI: 'https://doi.org/10.18730/DM41' });
    expect(record.germplasmDbId).to.be.a('string').and.not.empty;
    expect(record.germplasmPUI).to.equal('https://doi.org/10.18730/DM41');
    const found = await api('GET', `/germplasm?germplasmPUI=${encodeURIComponent('https://doi.org/10.18730/DM41')}`);
    expect(found.json.result.data.map((g: any) => g.germplasmDbId)).to.deep.equal([record.germplasmDbId]);
  });

  it('DM-42 Organism: germplasm.taxonIds[]', async () => {
    const taxonIds = [{ sourceName: 'NCBI', taxonId: '3847' }, { sourceName: 'GRIN Taxonomy', taxonId: '17711' }];
    expect((await roundTrip({ taxonIds })).taxonIds).to.deep.equal(taxonIds);
  });

  it('DM-43 Genus: germplasm.genus', async () => {
    expect((await roundTrip({ genus: 'Glycine' })).genus).to.equal('Glycine');
  });

  it('DM-44 Species: germplasm.species', async () => {
    expect((await roundTrip({ species: 'max' })).species).to.equal('max');
  });

  it("DM-44' Infra-specific name: germplasm.subtaxa", async () => {
    expect((await roundTrip({ subtaxa: 'subsp. soja' })).subtaxa).to.equal('subsp. soja');
  });

  it('DM-49 Biological material preprocessing: germplasm.germplasmPreprocessing', async () => {
    const text = 'EO:0007210; transplanted from study 2351 observation unit ID: pot:894';
    expect((await roundTrip({ germplasmPreprocessing: text })).germplasmPreprocessing).to.equal(text);
  });

  it('DM-50 Material source ID: germplasm.donors[].donorInstituteCode, germplasm.donors[].donorAccessionNumber', async () => {
    const donors = [{ donorInstituteCode: 'FRA030', donorAccessionNumber: '095115_inra' }, { donorInstituteCode: 'USA033', donorAccessionNumber: 'PI 548585' }];
    expect((await roundTrip({ donors })).donors).to.deep.equal(donors);
  });

  it('DM-51 Material source DOI: germplasm.donors[].germplasmPUI', async () => {
    const donors = [{ donorInstituteCode: 'FRA030', donorAccessionNumber: '095115_inra', germplasmPUI: 'https://doi.org/10.15454/DM51' }];
    const record = await roundTrip({ donors });
    expect(record.donors).to.deep.equal(donors);
    expect(record.donors[0].germplasmPUI).to.equal('https://doi.org/10.15454/DM51');
  });

  it('DM-52 Material source latitude: germplasm.germplasmOrigin.coordinates (GeoJSON)', async () => {
    const record = await roundTrip({ germplasmOrigin: origin([-88.2272, 40.0834]) });
    expect(record.germplasmOrigin).to.deep.equal(origin([-88.2272, 40.0834]));
    expect(record.germplasmOrigin[0].coordinates.geometry.coordinates[1]).to.equal(40.0834);
  });

  it('DM-53 Material source longitude: germplasm.germplasmOrigin.coordinates (GeoJSON)', async () => {
    const record = await roundTrip({ germplasmOrigin: origin([126.63, 45.75]) });
    expect(record.germplasmOrigin).to.deep.equal(origin([126.63, 45.75]));
    expect(record.germplasmOrigin[0].coordinates.geometry.coordinates[0]).to.equal(126.63);
  });

  it('DM-54 Material source altitude: germplasm.germplasmOrigin.coordinates (GeoJSON)', async () => {
    const record = await roundTrip({ germplasmOrigin: origin([-90.9, 33.42, 38.5]) });
    expect(record.germplasmOrigin).to.deep.equal(origin([-90.9, 33.42, 38.5]));
    expect(record.germplasmOrigin[0].coordinates.geometry.coordinates[2]).to.equal(38.5);
  });

  it('DM-55 Material source coordinates uncertainty: germplasm.germplasmOrigin.coordinateUncertainty', async () => {
    const record = await roundTrip({ germplasmOrigin: origin([-88.2, 40.1], '20') });
    expect(record.germplasmOrigin[0].coordinateUncertainty).to.equal('20');
  });

  it('DM-56 Material source description: germplasm.seedSourceDescription', async () => {
    const text = 'Branches were collected from a 10-year-old tree growing in a progeny trial established in a loamy brown earth soil.';
    expect((await roundTrip({ seedSourceDescription: text })).seedSourceDescription).to.equal(text);
  });
});

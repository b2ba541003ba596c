// A stored germplasm (as its BrAPI Germplasm record) -> the GermplasmMCPD passport record. Most descriptors are
// Germplasm fields under another name. The MCPD descriptors the Germplasm schema has no field for are read from
// additionalInfo under their MCPD v2.1 descriptor codes (COLLSRC, MLSSTAT, REMARKS, BREDCODE/BREDNAME,
// DUPLSITE/DUPLINSTNAME, COLLCODE/COLLNAME/COLLINSTADDRESS, COLLNUMB, COLLMISSID, COLLDATE, COLLSITE,
// GEOREFMETH, COORDDATUM, LATITUDE, LONGITUDE, DONORNAME), multiple values separated by ";" as MCPD writes them.
import { loadSpec } from '../../../openapi/spec.js';

type Json = Record<string, unknown>;

const COLLSRC = ['10', '11', '12', '13', '14', '15', '20', '21', '22', '23', '24', '25', '26', '27', '28', '30', '40', '50', '60', '61', '62', '99'];
const MLSSTAT = ['', '0', '1', '99'];
const STORAGE = ['10', '11', '12', '13', '20', '30', '40', '50', '99'];

const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter((m): m is Json => m !== null && typeof m === 'object') : []);
/** An object whose members are all null stands for "unknown": null. */
const orNull = <T extends Json>(o: T): T | null => (Object.values(o).some((v) => v !== null) ? o : null);
const nonEmpty = <T>(a: T[]): T[] | null => (a.length ? a : null);

/** Institutes from parallel ";"-separated code and name lists (MCPD's way of writing several). */
function institutes(codes: string | null, names: string | null, addresses?: string | null): Json[] | null {
  const split = (s: string | null | undefined) => (s ? s.split(';').map((x) => x.trim()) : []);
  const [c, n, a] = [split(codes), split(names), split(addresses)];
  const count = Math.max(c.length, n.length, a.length);
  return nonEmpty(Array.from({ length: count }, (_, i) => ({
    ...(addresses === undefined ? {} : { instituteAddress: a[i] || null }),
    instituteCode: c[i] || null,
    instituteName: n[i] || null,
  })));
}

/** Longitude, latitude, altitude of the first origin when it is a point (MCPD has one collecting site). */
function originPoint(origins: Json[]): { lon: string | null; lat: string | null; alt: string | null; uncertainty: string | null } {
  const origin = origins[0] ?? {};
  const geometry = (origin.coordinates as Json | null | undefined)?.geometry as Json | undefined;
  const pos = geometry?.type === 'Point' && Array.isArray(geometry.coordinates) ? (geometry.coordinates as number[]) : [];
  return { lon: str(pos[0]), lat: str(pos[1]), alt: str(pos[2]), uncertainty: str(origin.coordinateUncertainty) };
}

/**
 * The MCPD record of a germplasm. `ancestralData` is the pedigree the caller found (the stored pedigree or a Purdy
 * string from the graph). Every GermplasmMCPD field is present, null when unknown; coded fields keep only valid codes.
 */
export function presentMcpd(g: Json, ancestralData: string | null): Json {
  const info = (g.additionalInfo ?? {}) as Json;
  const code = (key: string) => str(info[key]);
  const oneOf = (value: unknown, codes: string[]) => (typeof value === 'string' && codes.includes(value) ? value : null);
  const origin = originPoint(list(g.germplasmOrigin));
  const [donor] = list(g.donors);
  const names = [g.germplasmName, g.defaultDisplayName].filter((n): n is string => typeof n === 'string');

  const mcpd: Json = {
    accessionNames: nonEmpty([...new Set(names)]),
    accessionNumber: str(g.accessionNumber),
    acquisitionDate: str(g.acquisitionDate),
    acquisitionSourceCode: oneOf(info.COLLSRC, COLLSRC),
    // BrAPI maps the synonyms to OTHERNUMB.
    alternateIDs: nonEmpty(list(g.synonyms).map((s) => str(s.synonym)).filter((s): s is string => s !== null)),
    ancestralData,
    biologicalStatusOfAccessionCode: str(g.biologicalStatusOfAccessionCode),
    breedingInstitutes: institutes(code('BREDCODE'), code('BREDNAME')),
    collectingInfo: orNull({
      collectingDate: code('COLLDATE'),
      collectingInstitutes: institutes(code('COLLCODE'), code('COLLNAME'), code('COLLINSTADDRESS')),
      collectingMissionIdentifier: code('COLLMISSID'),
      collectingNumber: code('COLLNUMB'),
      collectingSite: orNull({
        coordinateUncertainty: origin.uncertainty ?? code('COORDUNCERT'),
        elevation: origin.alt ?? code('ELEVATION'),
        georeferencingMethod: code('GEOREFMETH'),
        latitudeDecimal: origin.lat ?? code('DECLATITUDE'),
        latitudeDegrees: code('LATITUDE'),
        locationDescription: code('COLLSITE'),
        longitudeDecimal: origin.lon ?? code('DECLONGITUDE'),
        longitudeDegrees: code('LONGITUDE'),
        spatialReferenceSystem: code('COORDDATUM'),
      }),
    }),
    commonCropName: str(g.commonCropName),
    countryOfOrigin: str(g.countryOfOriginCode),
    donorInfo: orNull({
      donorAccessionNumber: str(donor?.donorAccessionNumber),
      // A donor's PUI (MIAPPE DM-51) rides along in the donor object.
      donorAccessionPui: str(donor?.germplasmPUI),
      donorInstitute: orNull({ instituteCode: str(donor?.donorInstituteCode), instituteName: code('DONORNAME') }),
    }),
    genus: str(g.genus),
    germplasmDbId: g.germplasmDbId,
    germplasmPUI: str(g.germplasmPUI),
    instituteCode: str(g.instituteCode),
    mlsStatus: oneOf(info.MLSSTAT, MLSSTAT),
    remarks: code('REMARKS'),
    safetyDuplicateInstitutes: institutes(code('DUPLSITE'), code('DUPLINSTNAME')),
    species: str(g.species),
    speciesAuthority: str(g.speciesAuthority),
    storageTypeCodes: nonEmpty(list(g.storageTypes).map((s) => oneOf(s.code, STORAGE)).filter((c): c is string => c !== null)),
    subtaxon: str(g.subtaxa),
    subtaxonAuthority: str(g.subtaxaAuthority),
  };
  // In the schema's order, each field present: a field the spec adds later shows up as null, never missing.
  return Object.fromEntries(loadSpec().schemaProperties('Germplasm', 'GermplasmMCPD').map((f) => [f, mcpd[f] ?? null]));
}

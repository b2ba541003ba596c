// The in-house genotyping lab's service catalogue (GET /vendor/specifications): a JSON file named by configuration
// (BRAPI_VENDOR_SPECIFICATION, default fixtures/vendor/specification.json), read once, checked against the official
// VendorSpecification schema (its required members included) and answered with every member, null when absent.
// Orders name its services (serviceIds), so an order for a service the lab does not offer is refused.
import fs from 'node:fs';
import { formatErrors, loadSpec } from '../../../openapi/spec.js';

export interface VendorService {
  serviceId: string;
  serviceName: string;
  serviceDescription: string | null;
  servicePlatformMarkerType: 'FIXED' | 'DISCOVERABLE' | null;
  servicePlatformName: string | null;
  specificRequirements: Array<{ key: string | null; description: string | null }> | null;
}

export interface VendorSpecification {
  vendorContact: Record<string, string | null> | null;
  services: VendorService[];
  additionalInfo: Record<string, unknown> | null;
}

const CONTACT = ['vendorAddress', 'vendorCity', 'vendorContactName', 'vendorCountry', 'vendorDescription', 'vendorEmail', 'vendorName', 'vendorPhone', 'vendorURL'];
const loaded = new Map<string, VendorSpecification>();

/** Every member present: those the file leaves out are null. */
function complete<T extends string>(value: Record<string, unknown>, members: readonly T[]): Record<T, unknown> {
  return Object.fromEntries(members.map((m) => [m, value[m] ?? null])) as Record<T, unknown>;
}

/** Reads and checks the file (once per path); a file that does not fit the schema stops the caller. */
export function vendorSpecification(file: string): VendorSpecification {
  const cached = loaded.get(file);
  if (cached) return cached;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`The vendor specification ${file} cannot be read as JSON: ${(err as Error).message}`);
  }
  const validate = loadSpec().ajv.compile({ $ref: 'brapi-Genotyping#/components/schemas/VendorSpecification' });
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || !validate(raw)) {
    throw new Error(`The vendor specification ${file} is not a VendorSpecification: ${formatErrors(validate.errors, 'file')}.`);
  }
  const body = raw as Record<string, any>;
  const services: VendorService[] = (body.services ?? []).map((s: Record<string, unknown>) => ({
    ...complete(s, ['serviceDescription', 'serviceId', 'serviceName', 'servicePlatformMarkerType', 'servicePlatformName'] as const),
    specificRequirements: Array.isArray(s.specificRequirements)
      ? s.specificRequirements.map((r: Record<string, unknown>) => complete(r, ['description', 'key'] as const))
      : null,
  }) as VendorService);
  const ids = services.map((s) => s.serviceId);
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length) throw new Error(`The vendor specification ${file} lists service ${[...new Set(repeated)].join(', ')} more than once.`);
  const spec: VendorSpecification = {
    vendorContact: body.vendorContact ? complete(body.vendorContact, CONTACT) as Record<string, string | null> : null,
    services,
    additionalInfo: body.additionalInfo ?? null,
  };
  loaded.set(file, spec);
  return spec;
}

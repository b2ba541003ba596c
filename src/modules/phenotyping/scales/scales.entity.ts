import { variablePart } from '../variables/parts.js';

/** v2.1 deprecates validValues.min / max (integers) for minimumValue / maximumValue (strings). */
const DEPRECATED_BOUNDS = [['min', 'minimumValue'], ['max', 'maximumValue']] as const;

export const scaleEntity = variablePart({
  path: 'scales',
  label: 'Scale',
  idField: 'scaleDbId',
  schema: 'Scale',
  rel: 'ON_SCALE',
  jsonFields: ['validValues'],
  // A client still sending the deprecated bounds gets them as the current members too.
  normalize(record) {
    const valid = record.validValues;
    if (valid === null || typeof valid !== 'object' || Array.isArray(valid)) return record;
    const bounds = { ...(valid as Record<string, unknown>) };
    for (const [old, current] of DEPRECATED_BOUNDS) {
      if ((bounds[current] === undefined || bounds[current] === null) && typeof bounds[old] === 'number') bounds[current] = String(bounds[old]);
    }
    return { ...record, validValues: bounds };
  },
});

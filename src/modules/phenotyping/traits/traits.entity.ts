import { variablePart } from '../variables/parts.js';

export const traitEntity = variablePart({ path: 'traits', label: 'Trait', idField: 'traitDbId', schema: 'Trait', rel: 'MEASURES' });

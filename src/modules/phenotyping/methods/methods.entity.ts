import { variablePart } from '../variables/parts.js';

export const methodEntity = variablePart({ path: 'methods', label: 'Method', idField: 'methodDbId', schema: 'Method', rel: 'USES_METHOD' });

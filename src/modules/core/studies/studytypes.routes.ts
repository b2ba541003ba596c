// GET /studytypes: the distinct study types in use.
import type { BrapiRouter } from '../../../http/types.js';

// Placeholder: filled in by the module's own work.
export function registerStudyTypes(_router: BrapiRouter) {}

// GET /attributes/categories: the distinct attribute categories in use.
import type { BrapiRouter } from '../../../http/types.js';

// Placeholder: filled in by the module's own work.
export function registerAttributeCategories(_router: BrapiRouter) {}

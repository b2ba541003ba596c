// POST /lists/{listDbId}/data: appends items to a list.
import type { BrapiRouter } from '../../../http/types.js';

// Placeholder: filled in by the module's own work.
export function registerListData(_router: BrapiRouter) {}

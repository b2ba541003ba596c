// GET /germplasm/{germplasmDbId}/mcpd: the full MCPD passport record of one germplasm.
import type { BrapiRouter } from '../../../http/types.js';

// Placeholder: filled in by the module's own work.
export function registerMcpd(_router: BrapiRouter) {}

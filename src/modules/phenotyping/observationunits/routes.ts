import type { BrapiRouter } from '../../../http/types.js';

// Placeholder (issue 5): GET /observationlevels, GET/PUT /observationunits/table.
export function registerObservationUnitRoutes(_router: BrapiRouter) {}

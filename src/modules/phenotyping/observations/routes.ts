import type { BrapiRouter } from '../../../http/types.js';

// Placeholder (issue 5): GET /observations/table, POST /delete/observations.
export function registerObservationRoutes(_router: BrapiRouter) {}

import type { BrapiRouter } from '../../../http/types.js';

// Placeholder (issue 5): PUT /images/{imageDbId}/imagecontent, POST /delete/images.
export function registerImageRoutes(_router: BrapiRouter) {}

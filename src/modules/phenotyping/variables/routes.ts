import type { BrapiRouter } from '../../../http/types.js';

// Placeholder (issue 5): variable calls the generic routes cannot serve (if any).
export function registerVariableRoutes(_router: BrapiRouter) {}

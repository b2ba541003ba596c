// GET /studytypes: the distinct study types of stored studies.
import type { RouteDef } from '../../../http/routes.js';
import { valueListRoute } from '../../../http/value-list.js';

export const routes: RouteDef[] = [valueListRoute('/studytypes', 'core/studytypes')];

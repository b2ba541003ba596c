// GET /attributes/categories: the distinct attribute categories in use.
import type { RouteDef } from '../../../http/routes.js';
import { valueListRoute } from '../../../http/value-list.js';

export const routes: RouteDef[] = [valueListRoute('/attributes/categories', 'germplasm/attributes/categories')];

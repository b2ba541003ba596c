// GET /commoncropnames: the crop names in use by programs and germplasm.
import type { RouteDef } from '../../../http/routes.js';
import { valueListRoute } from '../../../http/value-list.js';

export const routes: RouteDef[] = [valueListRoute('/commoncropnames', 'core/commoncropnames')];

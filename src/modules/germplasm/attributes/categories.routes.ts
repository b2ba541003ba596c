// GET /attributes/categories: the distinct attribute categories in use.
import { registerValueList } from '../../../http/value-list.js';
import type { BrapiRouter } from '../../../http/types.js';

export const registerAttributeCategories = (router: BrapiRouter) =>
  registerValueList(router, '/attributes/categories', 'germplasm/attributes/categories');

// GET /commoncropnames: the crop names in use by programs and germplasm.
import { registerValueList } from '../../../http/value-list.js';
import type { BrapiRouter } from '../../../http/types.js';

export const registerCommonCropNames = (router: BrapiRouter) => registerValueList(router, '/commoncropnames', 'core/commoncropnames');

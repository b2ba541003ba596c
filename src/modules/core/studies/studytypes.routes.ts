// GET /studytypes: the distinct study types of stored studies.
import { registerValueList } from '../../../http/value-list.js';
import type { BrapiRouter } from '../../../http/types.js';

export const registerStudyTypes = (router: BrapiRouter) => registerValueList(router, '/studytypes', 'core/studytypes');

import type { Catalogue } from '../en';

const stores: Catalogue['stores'] = {};
export default stores;

import type { Catalogue } from '../en';

const seller: Catalogue['seller'] = {};
export default seller;

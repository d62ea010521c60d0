import type { Catalogue } from '../en';

const applications: Catalogue['applications'] = {};
export default applications;

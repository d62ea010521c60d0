import type { Catalogue } from '../en';

const admin: Catalogue['admin'] = {};
export default admin;

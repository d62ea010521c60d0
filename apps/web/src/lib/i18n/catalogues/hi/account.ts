import type { Catalogue } from '../en';

const account: Catalogue['account'] = {};
export default account;

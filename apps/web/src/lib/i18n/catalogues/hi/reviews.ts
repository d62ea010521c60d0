import type { Catalogue } from '../en';

const reviews: Catalogue['reviews'] = {};
export default reviews;

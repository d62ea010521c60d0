import type { Catalogue } from '../en';

const skills: Catalogue['skills'] = {};
export default skills;

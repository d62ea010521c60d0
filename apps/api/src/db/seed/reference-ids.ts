import { stableId } from '../../lib/ids.js';

// Ids of reference rows derive from their names, so every install (and the demo data) agrees on them.

export const countryId = (country: string) => stableId('country', country);
export const stateId = (country: string, state: string) => stableId('state', country, state);
export const cityId = (country: string, state: string, city: string) =>
  stableId('city', country, state, city);
export const parentCategoryId = (parent: string) => stableId('category', parent);
export const childCategoryId = (parent: string, child: string) => stableId('category', parent, child);
export const influencerCategoryId = (field: string) => stableId('influencer-category', field);
export const hashtagId = (tag: string) => stableId('hashtag', tag);

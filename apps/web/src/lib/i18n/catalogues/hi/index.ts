import type { Catalogue } from '../en';
import account from './account';
import applications from './applications';
import stores from './stores';
import skills from './skills';
import seller from './seller';
import admin from './admin';
import reviews from './reviews';
import orders from './orders';
import checkout from './checkout';
import common from './common';
import landing from './landing';
import queries from './queries';
import search from './search';
import ui from './ui';
import addresses from './addresses';

/** Every Hindi catalogue; loaded as its own chunk the first time someone chooses Hindi. */
export const hi: Catalogue = {
  common,
  ui,
  landing,
  queries,
  search,
  checkout,
  account,
  applications,
  stores,
  skills,
  seller,
  admin,
  reviews,
  orders,
  addresses,
};

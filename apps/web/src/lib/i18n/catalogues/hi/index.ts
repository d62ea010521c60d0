import type { Catalogue } from '../en';
import checkout from './checkout';
import common from './common';
import landing from './landing';
import queries from './queries';
import search from './search';
import ui from './ui';

/** Every Hindi catalogue; loaded as its own chunk the first time someone chooses Hindi. */
export const hi: Catalogue = { common, ui, landing, queries, search, checkout };

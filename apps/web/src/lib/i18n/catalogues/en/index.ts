import checkout from './checkout';
import common from './common';
import landing from './landing';
import queries from './queries';
import search from './search';
import ui from './ui';

/** Every English catalogue: the spec's own text, byte for byte. */
export const en = { common, ui, landing, queries, search, checkout };
export type Catalogue = { [ns in keyof typeof en]: Record<keyof (typeof en)[ns], string> };

import { App } from './app';
import { prepareLanguage } from '../lib/i18n/engine';

/** What every path other than `/` boots into: the router app with all its providers. */
export const Root = App;

/** The chosen language's catalogue (Hindi is its own chunk) before the first render. */
export const prepare = prepareLanguage;

/** Nothing is prerendered for the router app's paths. */
export function canHydrate(): boolean {
  return false;
}

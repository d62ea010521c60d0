import { App } from './app';

/** What every path other than `/` boots into: the router app with all its providers. */
export const Root = App;

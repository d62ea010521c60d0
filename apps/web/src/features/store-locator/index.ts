// What other features may use of the store locator (eslint.config.js allows this file and nothing
// else in here): its place search, with which a service provider without a location lists a
// service at a place (decision 062).
export { PlaceSearch } from './components/place-search';
export type { ChosenPlace } from './api/place-search';

export { useT, type TFunction } from './translate';
export { useFormat, formattersFor } from './format';
export { getLanguage, setLanguage, acceptLanguageHeader, subscribeLanguage } from './language';
export type { Namespace } from './namespaces';

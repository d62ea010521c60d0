/** The catalogues' namespaces: one per area of the interface. */
export const NAMESPACES = [
  'common',
  'ui',
  'landing',
  'queries',
  'search',
  'checkout',
  'account',
  'applications',
  'stores',
  'skills',
  'seller',
  'admin',
  'reviews',
  'orders',
  'addresses',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

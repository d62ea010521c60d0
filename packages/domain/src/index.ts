export * from './auth.js';
export * from './common-passwords.js';
export * from './constants.js';
export * from './envelope.js';
export * from './ids.js';
export * from './lookups.js';
export * from './media.js';
export * from './roles.js';

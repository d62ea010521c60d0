export * from './users.js';
export * from './shops.js';
export * from './reference.js';
export * from './media.js';
export * from './products.js';
export * from './posts.js';
export * from './locator.js';

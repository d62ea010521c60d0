// Moved to db/embedded/server-lock.ts; kept until backup-cli.ts imports it from there.
export * from '../../db/embedded/server-lock.js';

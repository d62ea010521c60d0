/**
 * `npm run dev`: the server in development mode, the only way to get it (issue 40). Set before the
 * server's modules load, since the configuration is read once, at start.
 */
process.env.NODE_ENV ??= 'development';
await import('./server.js');

export {};

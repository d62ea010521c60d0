/**
 * Where the API is served. A module of its own, without zod or the API client, so the landing page
 * (which reads the site settings and the hero reviews) stays light (decision 003).
 */
export const API_BASE = '/api';

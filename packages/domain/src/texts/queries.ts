// Texts of `queries.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).

export const QUERY_THANK_YOU = 'Thank you for posting your query!';

export const REACHOUT_SENT = 'message sent successfully!';

export const REACHOUT_FAILED = 'message not able to send! wrong mobile!';

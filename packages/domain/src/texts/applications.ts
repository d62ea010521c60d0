// Texts of `applications.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).

export const ONE_SOCIAL_HANDLE_MESSAGE = 'Add at least one of Instagram, Facebook or Twitter';

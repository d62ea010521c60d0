// Texts of `approvals.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).

export const APPROVAL_MESSAGES = {
  pending: 'Your application is awaiting approval',
  pendingDetail: 'The admin reviews every application. You can log in again later to check.',
  rejected: 'Your application was not approved',
} as const;

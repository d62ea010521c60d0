// Texts of `contributions.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).

export const CONTRIBUTION_MESSAGES = {
  /** Shown to others on the link of a post that waits for its code. */
  waiting: 'Waiting for confirmation',
  waitingDetail:
    'This post was sent with the contact of an existing account. It is published once the account holder confirms it.',
  published: 'Published under your name',
  codeNotSent:
    'We could not send a code right now (too many were asked for). Log in to publish it, or ask for a code later.',
} as const;

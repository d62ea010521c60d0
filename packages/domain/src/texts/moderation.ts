// Texts of `moderation.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).
import type { ReportReason } from '../moderation.js';

export const MODERATION_MESSAGES = {
  /** What everyone but the author and moderators reads at a hidden or removed post's link. */
  removed: 'This post was removed by moderators',
  reasonRequired: 'Say why, in a few words',
  hidden: 'Post hidden',
  restored: 'Post restored',
  removedDone: 'Post removed',
  reported: 'Thank you. Moderators will look at this post.',
  alreadyReported: 'You reported this post already. Moderators will look at it.',
  detailsRequired: 'Tell us what is wrong with this post',
  tooManyReports: 'You have sent many reports. Please try again later.',
  onlyModerators: 'Only the admin and team members who moderate may do this',
  undone: 'Undone: the post is as it was, and its author is not told',
  undoNotLast: 'Only the last action on a post can be undone',
  undoTooLate: 'Too late to undo: the author has been told. Hide, restore or remove the post instead',
} as const;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  abusive: 'Abusive or hateful',
  fake: 'Fake review',
  other: 'Something else',
};

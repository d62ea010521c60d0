import { z } from './zod.js';
import { idSchema } from './ids.js';
import { mentionKindSchema } from './mentions.js';
import { publicPostSchema } from './posts.js';
import { freeText } from './text.js';
import { MODERATION_MESSAGES } from './texts/moderation.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { MODERATION_MESSAGES, REPORT_REASON_LABELS } from './texts/moderation.js';

/** A moderator's decision on a post; anything but `visible` takes it out of every public list. */
export const MODERATION_STATES = ['visible', 'hidden', 'removed'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

export const MODERATION_ACTIONS = ['hide', 'restore', 'remove'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderatePostSchema = z.object({
  postId: idSchema,
  action: z.enum(MODERATION_ACTIONS, { error: 'Choose hide, restore or remove' }),
  reason: freeText(500, 'Keep the reason under 500 characters').pipe(
    z.string().min(3, MODERATION_MESSAGES.reasonRequired),
  ),
});
export type ModeratePost = z.infer<typeof moderatePostSchema>;

export const moderationActionSchema = z.object({
  _id: idSchema,
  postId: idSchema.nullable(),
  postTitle: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string(),
  actorName: z.string(),
  createdAt: z.string(),
});
export type ModerationActionRecord = z.infer<typeof moderationActionSchema>;

/**
 * How long a moderator may undo an action, and how long the post's author waits for its message:
 * a mistake undone in time never reaches the author (issue 39).
 */
export const MODERATION_UNDO_MINUTES = 10;

export const moderatePostResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.object({
    state: z.enum(MODERATION_STATES),
    action: moderationActionSchema,
    /** Until when the action may be undone; the author is told after it (absent for an undo). */
    undoUntil: z.string().optional(),
  }),
});

/** Undo a moderator's last action on a post, within MODERATION_UNDO_MINUTES of it. */
export const undoModerationSchema = z.object({ actionId: idSchema });
export type UndoModeration = z.infer<typeof undoModerationSchema>;

/** "Report this post": the short list of reasons; `other` needs a few words. */
export const REPORT_REASONS = ['spam', 'abusive', 'fake', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const reportPostSchema = z
  .object({
    postId: idSchema,
    reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
    details: freeText(500, 'Keep it under 500 characters').default(''),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && value.details.length < 3) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: MODERATION_MESSAGES.detailsRequired });
    }
  });
export type ReportPost = z.infer<typeof reportPostSchema>;
export type ReportPostInput = z.input<typeof reportPostSchema>;

export const reportPostResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
});

/** A reported post in the moderators' queue, with its open reports. */
export const reportedPostSchema = z.object({
  post: publicPostSchema,
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), details: z.string(), createdAt: z.string() })),
  lastReportedAt: z.string(),
});
export type ReportedPost = z.infer<typeof reportedPostSchema>;

export const reportedPostsResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(reportedPostSchema),
  hasMore: z.boolean(),
});

export const moderationHistoryResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(moderationActionSchema),
});

/** Tag acceptance: a tag is listed on a profile only once its owner accepts it. */
export const MENTION_STATES = ['pending', 'accepted', 'declined'] as const;
export type MentionState = (typeof MENTION_STATES)[number];

export const decideMentionSchema = z.object({
  mentionId: idSchema,
  decision: z.enum(['accept', 'decline'], { error: 'Choose accept or decline' }),
});
export type DecideMention = z.infer<typeof decideMentionSchema>;

export const pendingMentionSchema = z.object({
  _id: idSchema,
  kind: mentionKindSchema,
  sourcePost: publicPostSchema,
  taggedByName: z.string(),
  createdAt: z.string(),
});
export type PendingMention = z.infer<typeof pendingMentionSchema>;

export const pendingMentionsResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(pendingMentionSchema),
});

export const tagSettingsSchema = z.object({ autoAccept: z.boolean({ error: 'Choose on or off' }) });
export type TagSettings = z.infer<typeof tagSettingsSchema>;
export const tagSettingsResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: tagSettingsSchema,
});
export const decideMentionResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.object({ state: z.enum(MENTION_STATES) }),
});

/**
 * A moderator removes a business's reply under a review (issue 41), with the reason: the review
 * stays, the reply goes, and its history keeps the removal.
 */
export const removeReplySchema = z.object({
  reason: freeText(500, 'Keep the reason under 500 characters').pipe(
    z.string().min(3, MODERATION_MESSAGES.reasonRequired),
  ),
});
export type RemoveReply = z.infer<typeof removeReplySchema>;

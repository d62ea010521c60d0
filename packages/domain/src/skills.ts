import { z } from './zod.js';
import { idSchema } from './ids.js';
import { emailSchema, requiredText } from './applications.js';
import { contactSchema, normalizeContactNumber, personNameSchema } from './names-and-numbers.js';
import {
  POST_DESCRIPTION_MAX,
  POST_TITLE_MAX,
  postLinksSchema,
  publicPostSchema,
  type PostKind,
} from './posts.js';
import { ADD_OPTIONS, type ADD_FORM_TITLES } from './texts/skills.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export {
  ADD_FORM_TITLES,
  ADD_OPTIONS,
  ADD_SKILL_MESSAGES,
  PERSONA_LABELS,
  SCOPED_ADD_OPTION,
  SKILL_MESSAGES,
} from './texts/skills.js';

// Spec sections 1, 2 ("Add screen", /skilldiscovery), 4 (persona selection), 8 and 9.

export const PERSONAS = ['creator', 'serviceProvider', 'customer', 'recruiter'] as const;
export type Persona = (typeof PERSONAS)[number];

export type AddFormTitle = (typeof ADD_FORM_TITLES)[keyof typeof ADD_FORM_TITLES];

export interface AddOption {
  id: string;
  /** Null for the scoped form (`/addskill/{mentionInfId}/{mentionPostId}/{influencerId}`). */
  persona: Persona | null;
  label: string;
  title: AddFormTitle;
  kind: PostKind;
  /** Starts the "Respond Privately" toggle on: the post stays out of public lists. */
  isPrivate: boolean;
  /** Hides the partner brand/store tagging part of the form. */
  hideTagging: boolean;
  /** A service provider's form waits for the device location ("Fetching Location!"). */
  needsLocation: boolean;
  /** Files the poster as a service provider (influencerData.isService). */
  isService: boolean;
  titlePlaceholder: string;
  descriptionPlaceholder: string;
}

export const addOptionsFor = (persona: Persona) => ADD_OPTIONS.filter((o) => o.persona === persona);

/** Kinds a recruiter scouts on /skilldiscovery. */
export const SKILL_KINDS = ['experience', 'service', 'thread'] as const satisfies readonly PostKind[];
export type SkillKind = (typeof SKILL_KINDS)[number];

export const EXPERIENCES_CAP = 3;

/** Spec section 9: the count if under 3, else "3+ experiences". */
export function experiencesMessage(count: number): string {
  if (count >= EXPERIENCES_CAP) return `${EXPERIENCES_CAP}+ experiences`;
  return `${count} ${count === 1 ? 'experience' : 'experiences'}`;
}

/** The add-screen form, parsed by the form and turned into a New post. */
export const addSkillFormSchema = z.object({
  name: personNameSchema,
  contactNum: contactSchema,
  emailId: emailSchema,
  title: z.string().trim().max(POST_TITLE_MAX, `Title must be at most ${POST_TITLE_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(POST_DESCRIPTION_MAX, `Description must be at most ${POST_DESCRIPTION_MAX} characters`),
  links: postLinksSchema,
  isPrivate: z.boolean(),
  partnerUserId: z.string().optional(),
});
export type AddSkillForm = z.infer<typeof addSkillFormSchema>;
export type AddSkillFormInput = z.input<typeof addSkillFormSchema>;

const searchText = z
  .string()
  .trim()
  .max(200, 'Search at most 200 characters')
  .optional()
  .transform((v) => v || undefined);

const pageFields = {
  page: z.coerce
    .number()
    .int('Page must be a whole number')
    .min(1, 'Page starts at 1')
    .max(10_000)
    .default(1),
  limit: z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .default(20),
};

/** `GET /api/skills/posts`: public skill posts, newest first, or best match first for a search. */
export const skillPostsQuerySchema = z.object({
  search: searchText,
  kind: z.enum(SKILL_KINDS, { error: 'Kind is experience, service or thread' }).optional(),
  /** `true`: only the caller's own skill posts and requirements, private ones included. */
  mine: z
    .enum(['true', 'false'], { error: 'Mine is true or false' })
    .optional()
    .transform((v) => v === 'true'),
  ...pageFields,
});
export type SkillPostsQuery = z.infer<typeof skillPostsQuerySchema>;

/** `GET /api/skills/requirements`: recruiters' public requirements. */
export const requirementsQuerySchema = z.object({ search: searchText, ...pageFields });
export type RequirementsQuery = z.infer<typeof requirementsQuerySchema>;

export const requirementMatchesParamsSchema = z.object({ postId: idSchema });
export const requirementMatchesQuerySchema = z.object(pageFields);

/** A post on /skilldiscovery, with how many public experiences its author has shared. */
export const skillPostSchema = publicPostSchema.extend({
  authorExperiences: z.number().int().min(0),
  /** The caller wrote it: a private post then carries SKILL_MESSAGES.privateNote. */
  isOwn: z.boolean(),
});
export type SkillPost = z.infer<typeof skillPostSchema>;

export const skillPostsResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(skillPostSchema),
});
export type SkillPostsResponse = z.infer<typeof skillPostsResponseSchema>;

export const requirementMatchesResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.object({ requirement: skillPostSchema, matches: z.array(skillPostSchema) }),
});
export type RequirementMatches = z.infer<typeof requirementMatchesResponseSchema>['Data'];

// Decision 026: who sees private skill posts, recruiters, and responses through the platform.

/** The kinds a response can be sent to: "Contact" on skills, "Respond" on requirements. */
export const RESPONDABLE_KINDS = [...SKILL_KINDS, 'requirement'] as const satisfies readonly PostKind[];

export const RECRUITER_DECISION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RecruiterDecisionStatus = (typeof RECRUITER_DECISION_STATUSES)[number];

/** `POST /api/skills/recruiter`: a signed-in, proven account asks to be a recruiter. */
export const recruiterApplySchema = z.object({
  company: requiredText('Company name', 120),
  hiresFor: requiredText('What you hire for', 300),
});
export type RecruiterApply = z.infer<typeof recruiterApplySchema>;
export type RecruiterApplyInput = z.input<typeof recruiterApplySchema>;

/** The caller's own standing as a recruiter. */
export const recruiterStandingSchema = z.object({
  status: z.enum(['none', ...RECRUITER_DECISION_STATUSES]),
  /** The account proved its e-mail or mobile with a code: only then can it apply. */
  contactProven: z.boolean(),
  company: z.string(),
  hiresFor: z.string(),
  reason: z.string(),
});
export type RecruiterStanding = z.infer<typeof recruiterStandingSchema>;
export const recruiterStandingResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: recruiterStandingSchema,
});

/** One application on the admin's list; no e-mail or mobile. */
export const recruiterApplicationSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  name: z.string(),
  company: z.string(),
  hiresFor: z.string(),
  status: z.enum(RECRUITER_DECISION_STATUSES),
  reason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RecruiterApplication = z.infer<typeof recruiterApplicationSchema>;
export const recruiterApplicationsResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(recruiterApplicationSchema),
});
export const recruiterApplicationsQuerySchema = z.object({
  status: z
    .enum(RECRUITER_DECISION_STATUSES, { error: 'Status is pending, approved or rejected' })
    .optional(),
});
export const recruiterApplicationParamsSchema = z.object({ id: idSchema });

/** `POST /api/skills/recruiters/:id/decision`: the admin approves, or rejects with a reason. */
export const recruiterDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'Decision is approve or reject' }),
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the request is rejected' });
    }
  });
export type RecruiterDecision = z.infer<typeof recruiterDecisionSchema>;
export type RecruiterDecisionInput = z.input<typeof recruiterDecisionSchema>;

const REPLY_TO_MESSAGE = 'Enter an e-mail address or a 10-digit mobile number';
const REPLY_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The contact a responder shares: an e-mail (lower-cased) or a 10-digit mobile (normalised). */
export const replyToSchema = z
  .string()
  .trim()
  .min(1, 'Say where the poster can reply to you')
  .max(254, REPLY_TO_MESSAGE)
  .transform((v) => (v.includes('@') ? v.toLowerCase() : normalizeContactNumber(v)))
  .refine((v) => REPLY_EMAIL.test(v) || /^\d{10}$/.test(v), REPLY_TO_MESSAGE);

export const SKILL_RESPONSE_MAX = 1000;

/** `POST /api/skills/posts/:postId/responses`. */
export const skillResponseInputSchema = z.object({
  message: z
    .string()
    .trim()
    .min(10, 'Write at least 10 characters')
    .max(SKILL_RESPONSE_MAX, `Write at most ${SKILL_RESPONSE_MAX} characters`),
  replyTo: replyToSchema,
});
export type SkillResponseInput = z.input<typeof skillResponseInputSchema>;
export type SkillResponseForm = z.infer<typeof skillResponseInputSchema>;
export const skillResponseParamsSchema = z.object({ postId: idSchema });

export const skillResponseSentSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.object({ _id: idSchema }),
});

/** A response as its recipient (the post's author) reads it. */
export const receivedSkillResponseSchema = z.object({
  _id: idSchema,
  postId: idSchema,
  infId: idSchema,
  postTitle: z.string(),
  postKind: z.enum(RESPONDABLE_KINDS),
  fromName: z.string(),
  message: z.string(),
  replyTo: z.string(),
  createdAt: z.string(),
});
export type ReceivedSkillResponse = z.infer<typeof receivedSkillResponseSchema>;
export const receivedSkillResponsesResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(receivedSkillResponseSchema),
});

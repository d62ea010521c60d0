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

// Spec sections 1, 2 ("Add screen", /skilldiscovery), 4 (persona selection), 8 and 9.

export const PERSONAS = ['creator', 'serviceProvider', 'customer', 'recruiter'] as const;
export type Persona = (typeof PERSONAS)[number];

export const PERSONA_LABELS: Record<Persona, string> = {
  creator: 'Creator / Skill-sharer',
  serviceProvider: 'Service Provider',
  customer: 'Customer',
  recruiter: 'Recruiter',
};

/** The form titles of the add screen (spec section 2). */
export const ADD_FORM_TITLES = {
  post: 'Add Post',
  service: 'Add Service',
  experience: 'Add Experience',
  requirement: 'Add Requirement',
  thread: 'Start a Thread',
  review: 'Add Review',
} as const;
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

const REVIEW_TEMPLATE =
  'Introduction, design, performance, features, pros, cons, user experience, value for money and your conclusion.';

/**
 * Every option of the persona choice (spec section 4). Creator options and the "without partner"
 * ones set the private and hide-tagging flags on; Add a Review, Start a Review Thread and the
 * partner service option set them off. "Add a Service" is the service provider's option without a
 * partner, so it is on too. A requirement is meant to be found by skill-sharers, so it is public,
 * and it names a position rather than a product, so it has no tagging.
 */
export const ADD_OPTIONS: readonly AddOption[] = [
  {
    id: 'share-skill',
    persona: 'creator',
    label: 'Share a Skill or Experience',
    title: ADD_FORM_TITLES.experience,
    kind: 'experience',
    isPrivate: true,
    hideTagging: true,
    needsLocation: false,
    isService: false,
    titlePlaceholder: 'e.g. Built a solar-powered irrigation controller',
    descriptionPlaceholder:
      'What you did with your own hands: the problem, the tools you used, what you delivered and what you learnt.',
  },
  {
    id: 'offer-service',
    persona: 'creator',
    label: 'Offer a Service',
    title: ADD_FORM_TITLES.service,
    kind: 'service',
    isPrivate: true,
    hideTagging: true,
    needsLocation: false,
    isService: false,
    titlePlaceholder: 'e.g. Portrait photography for events',
    descriptionPlaceholder: 'What you offer, for whom, how long it takes and how people can book you.',
  },
  {
    id: 'start-conversation',
    persona: 'creator',
    label: 'Start a Conversation',
    title: ADD_FORM_TITLES.thread,
    kind: 'thread',
    isPrivate: true,
    hideTagging: true,
    needsLocation: false,
    isService: false,
    titlePlaceholder: 'e.g. How do you price freelance design work?',
    descriptionPlaceholder:
      'Start the conversation: your question or idea and what you would like to hear back.',
  },
  {
    id: 'add-service',
    persona: 'serviceProvider',
    label: 'Add a Service',
    title: ADD_FORM_TITLES.service,
    kind: 'service',
    isPrivate: true,
    hideTagging: true,
    needsLocation: true,
    isService: true,
    titlePlaceholder: 'e.g. Home AC servicing in HSR Layout',
    descriptionPlaceholder: 'The service, the area you cover, your hours, your charges and your experience.',
  },
  {
    id: 'add-partner-service',
    persona: 'serviceProvider',
    label: 'Add a Service with Partner Brand/Store',
    title: ADD_FORM_TITLES.service,
    kind: 'service',
    isPrivate: false,
    hideTagging: false,
    needsLocation: true,
    isService: true,
    titlePlaceholder: 'e.g. Authorised installation for Nimbus Audio speakers',
    descriptionPlaceholder:
      'The service you give with your partner brand or store, the area you cover and your charges.',
  },
  {
    id: 'add-review',
    persona: 'customer',
    label: 'Add a Review',
    title: ADD_FORM_TITLES.review,
    kind: 'review',
    isPrivate: false,
    hideTagging: false,
    needsLocation: false,
    isService: false,
    titlePlaceholder: 'e.g. Crisp sound for the price',
    descriptionPlaceholder: REVIEW_TEMPLATE,
  },
  {
    id: 'start-review-thread',
    persona: 'customer',
    label: 'Start a Review Thread',
    title: ADD_FORM_TITLES.thread,
    kind: 'review-thread',
    isPrivate: false,
    hideTagging: false,
    needsLocation: false,
    isService: false,
    titlePlaceholder: 'e.g. Which running shoes last the longest?',
    descriptionPlaceholder:
      'What you want to know about the product or store, and what you have tried so far.',
  },
  {
    id: 'start-review-thread-solo',
    persona: 'customer',
    label: 'Start a Review Thread without Partner Brand/Store',
    title: ADD_FORM_TITLES.thread,
    kind: 'review-thread',
    isPrivate: true,
    hideTagging: true,
    needsLocation: false,
    isService: false,
    titlePlaceholder: 'e.g. Tips for buying a first guitar',
    descriptionPlaceholder: 'What you want to discuss and what others should share in their replies.',
  },
  {
    id: 'add-requirement',
    persona: 'recruiter',
    label: 'Add a Recruting Position',
    title: ADD_FORM_TITLES.requirement,
    kind: 'requirement',
    isPrivate: false,
    hideTagging: true,
    needsLocation: false,
    isService: false,
    titlePlaceholder: 'e.g. Electrician for solar installations',
    descriptionPlaceholder:
      'The position, the skills and hands-on experience it needs, where it is and how to apply.',
  },
];

/** The form of `/addskill/{mentionInfId}/{mentionPostId}/{influencerId}`: no persona choice. */
export const SCOPED_ADD_OPTION: AddOption = {
  id: 'add-post',
  persona: null,
  label: 'Add Post',
  title: ADD_FORM_TITLES.post,
  kind: 'post',
  isPrivate: false,
  // The influencer is fixed by the link, so there is nothing to tag.
  hideTagging: true,
  needsLocation: false,
  isService: false,
  titlePlaceholder: 'e.g. My experience with this service',
  descriptionPlaceholder: 'Share your hands-on experience: what was done, how it went and what stood out.',
};

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

export const ADD_SKILL_MESSAGES = {
  fetchingLocation: 'Fetching Location!',
  geolocationUnsupported: 'Geolocation not supported',
  writeSomething: 'Write a title or a description',
} as const;

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

export const SKILL_MESSAGES = {
  privateNote: 'Only you and approved recruiters can see this',
  recruiterSees: 'Private: shown to you as an approved recruiter',
  proveFirst: 'Verify your e-mail or mobile before you apply as a recruiter',
  respondProveFirst: 'Verify your e-mail or mobile before you respond',
  ownPost: 'This is your own post',
  responseSent: 'Your message has been sent. The poster will reply to the contact you shared.',
} as const;

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

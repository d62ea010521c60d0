import { z } from './zod.js';
import { normaliseText, textProblem } from './text.js';
import { confirmationSchema } from './contributions.js';
import { QUERY_SCOPES, SEARCH_PAGE_LIMIT } from './constants.js';
import { idSchema } from './ids.js';
import { emailSchema } from './applications.js';
import { contactSchema, personNameSchema } from './names-and-numbers.js';
import { cursorSchema, paginationSchema } from './paging.js';
import { publicPostSchema, RESPONSES_PAGE_SIZE } from './posts.js';
import { consentSchema } from './privacy.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { QUERY_THANK_YOU, REACHOUT_FAILED, REACHOUT_SENT } from './texts/queries.js';

// Spec: Ask a Query, Answer a Query, Reachout; sections 3, 5, 7 and 8.

export { QUERY_SCOPES };
export const queryScopeSchema = z.enum(QUERY_SCOPES);
export type QueryScope = z.infer<typeof queryScopeSchema>;

export const QUERY_TEXT_MAX = 500;
/**
 * Spec section 5 says "non-blank letters, digits, accented characters and spaces"; that refuses
 * the question marks, apostrophes, commas and ₹ of every real question, so the rule is widened
 * (decision 023): letters, marks, digits, spaces and line breaks, punctuation (? ' , . ! - ( ) / :
 * & " and the like), currency signs, + % = and emoji. Markup brackets (< > ` and the like) stay
 * out, and the shared text hygiene refuses control and invisible characters.
 */
// The zero-width joiner stands apart: it joins emoji and Indic letters (the variation selector is a mark).
const QUERY_TEXT_PATTERN =
  /^(?:[\p{L}\p{M}\p{N}\p{P}\p{Sc}\p{Zs}\n\r+=%°×\p{Extended_Pictographic}]|\u200d)+$/u;
/** Characters of the punctuation classes above that read as markup or templating. */
const QUERY_MARKUP = /[<>`{}\\]/;
export const QUERY_TEXT_MESSAGE = 'Use letters, digits, spaces and ordinary punctuation only';

export const queryTextSchema = z
  .string()
  .trim()
  .min(1, 'Enter your query')
  .max(QUERY_TEXT_MAX, `Your query must be at most ${QUERY_TEXT_MAX} characters`)
  .superRefine((value, ctx) => {
    const problem = textProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    else if (!QUERY_TEXT_PATTERN.test(value) || QUERY_MARKUP.test(value))
      ctx.addIssue({ code: 'custom', message: QUERY_TEXT_MESSAGE });
  })
  .transform(normaliseText);

/** The ask-query form; the pincode the spec checks and ignores is not collected. */
export const askQueryFormSchema = z.object({
  query: queryTextSchema,
  name: personNameSchema,
  contactNum: contactSchema,
  emailId: emailSchema,
});
export type AskQueryForm = z.input<typeof askQueryFormSchema>;

const searchTextSchema = z.string().trim().max(QUERY_TEXT_MAX, 'Search text is too long').default('');

/**
 * `POST app/webSearch`: searches the posts and, when `userData` is given, stores the query as asked by
 * that person (scoped by `type` and `scopeUserId`). Answers 404 "No results found!" when nothing matches.
 */
export const webSearchRequestSchema = z
  .object({
    pagination: paginationSchema(RESPONSES_PAGE_SIZE, SEARCH_PAGE_LIMIT),
    search: searchTextSchema,
    userData: z
      .object({ name: personNameSchema, email: emailSchema, mobile: contactSchema })
      .loose()
      .optional(),
    type: queryScopeSchema.default('anything'),
    scopeUserId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
    /** The privacy notice and "18 or older" box a visitor accepted (decision 040); optional for older clients. */
    consent: consentSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.userData) return;
    const text = queryTextSchema.safeParse(v.search);
    if (!text.success)
      ctx.addIssue({ code: 'custom', path: ['search'], message: text.error.issues[0]!.message });
    if (v.type !== 'anything' && !v.scopeUserId) {
      ctx.addIssue({ code: 'custom', path: ['scopeUserId'], message: 'Choose who to ask' });
    }
  });
export type WebSearchRequest = z.infer<typeof webSearchRequestSchema>;

/** What `app/search` looks through: posts, queries, or the profiles the pickers offer. */
export const SEARCH_TYPES = ['post', 'query', 'brand', 'store', 'influencer', 'service'] as const;
export const searchTypeSchema = z.enum(SEARCH_TYPES);
export type SearchType = z.infer<typeof searchTypeSchema>;

/** `POST app/search`; the spec's `postType`, `inflcrRlt`, `inflcrId` and `skip` are accepted and unused. */
export const appSearchRequestSchema = z
  .object({
    pagination: paginationSchema(RESPONSES_PAGE_SIZE, SEARCH_PAGE_LIMIT),
    search: searchTextSchema,
    type: searchTypeSchema.default('post'),
    userId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
  })
  .loose();
export type AppSearchRequest = z.infer<typeof appSearchRequestSchema>;

export const profileHitSchema = z.object({ _id: idSchema, name: z.string(), kind: searchTypeSchema });
export type ProfileHit = z.infer<typeof profileHitSchema>;

export const publicQuerySchema = z.object({
  _id: idSchema,
  search: z.string(),
  scope: queryScopeSchema,
  scopeUserId: idSchema.nullable(),
  scopeName: z.string().nullable(),
  user: z.object({ _id: idSchema.nullable(), name: z.string() }),
  responses: z.number().int(),
  createdAt: z.string(),
});
export type PublicQuery = z.infer<typeof publicQuerySchema>;

export const webSearchResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(publicPostSchema),
  /** The stored query when `userData` was sent. */
  queryId: idSchema.nullable(),
  /** For a new visitor account: where its one-time password was sent (never the password). */
  passwordSentTo: z.string().optional(),
  /** Asked with an existing account's contact: the query waits for the code sent to that account. */
  confirmation: confirmationSchema.optional(),
});

export const appSearchResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.union([z.array(publicPostSchema), z.array(publicQuerySchema), z.array(profileHitSchema)]),
});

/** Query listings (`userData/getAllUniqueSearcheswithUserInfo` and the filter-key variant). */
export const queryListRequestSchema = z.object({
  pagination: paginationSchema(RESPONSES_PAGE_SIZE, 1000),
  filterKey: searchTextSchema,
  scope: queryScopeSchema.optional(),
  scopeUserId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
  after: cursorSchema.optional(),
});
export type QueryListRequest = z.infer<typeof queryListRequestSchema>;

/** The spec's query-listing helper: page, limit, search, boosted (boosting is not offered; ignored). */
export const queryListingHelperSchema = z.object({
  page: z.coerce.number().int().min(1, 'Page starts at 1').max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(RESPONSES_PAGE_SIZE),
  search: searchTextSchema,
  boosted: z.boolean().optional(),
});

export const queryListResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(publicQuerySchema),
  next: cursorSchema.nullable(),
});

export const queryResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: publicQuerySchema,
});

/** `POST inflncr/getPostsByQueryId`: Direct Responses. */
export const postsByQueryRequestSchema = z.object({
  pagination: paginationSchema(RESPONSES_PAGE_SIZE, 1000),
  queryId: idSchema,
});
export const postsByQueryResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.array(publicPostSchema),
});

/** `POST adminDataColl/reachoutCreator`. */
export const reachoutSchema = z.object({
  note: z.string().trim().min(1, 'Write a note').max(1000, 'Your note must be at most 1000 characters'),
  email: emailSchema,
  influencerId: idSchema,
});
export type Reachout = z.infer<typeof reachoutSchema>;

/**
 * The questions asked of the signed-in person's store, brand or creator profile (issue 39): their
 * Questions page, unanswered first, then newest first.
 */
export const QUESTIONS_PAGE_SIZE = 20;
/** A business that has not answered a question is reminded of it once, this long after it came. */
export const QUESTION_REMINDER_HOURS = 48;

export const questionsAskedRequestSchema = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(1000).default(1),
});
export const askedQuestionSchema = publicQuerySchema.extend({
  /** Whether the business has answered it (a post of theirs answering it). */
  answered: z.boolean(),
});
export type AskedQuestion = z.infer<typeof askedQuestionSchema>;
export const questionCountsSchema = z.object({
  unanswered: z.number().int(),
  total: z.number().int(),
});
export type QuestionCounts = z.infer<typeof questionCountsSchema>;
export const questionsAskedResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(askedQuestionSchema),
  counts: questionCountsSchema,
  /** Whether another page follows. */
  more: z.boolean(),
});
export const questionCountsResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: questionCountsSchema,
});

/**
 * A store's or brand's page lists the questions asked of it that have a public answer, newest
 * first, each with the answer the page shows: the business's own when it gave one, else the newest
 * (issue 39).
 */
export const ANSWERED_QUESTIONS_PAGE_SIZE = 5;
export const answeredQuestionsRequestSchema = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(1000).default(1),
});
export const answeredQuestionSchema = z.object({
  _id: idSchema,
  search: z.string(),
  createdAt: z.string(),
  /** How many public answers it has. */
  answers: z.number().int(),
  answer: z.object({
    _id: idSchema,
    /** The answer's author, for its link (`/post/{infId}/{_id}`); null once the account is gone. */
    infId: idSchema.nullable(),
    title: z.string(),
    description: z.string(),
    authorName: z.string(),
    /** The business the answer speaks for, when its owner answered. */
    answeredAs: z.string().nullable(),
    createdAt: z.string(),
  }),
});
export type AnsweredQuestion = z.infer<typeof answeredQuestionSchema>;
export const answeredQuestionsResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(answeredQuestionSchema),
  /** Questions asked of the profile and answered, in all. */
  total: z.number().int(),
  /** Whether another page follows. */
  more: z.boolean(),
});

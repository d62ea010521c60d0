// Texts of `skills.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).
import type { AddOption, Persona } from '../skills.js';

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

const REVIEW_TEMPLATE =
  'Introduction, design, performance, features, pros, cons, user experience, value for money and your conclusion.';

/**
 * Every option of the persona choice (spec section 4). Creator options and the "without partner"
 * ones set the hide-tagging flag on; Add a Review, Start a Review Thread and the partner service
 * option set it off. "Add a Service" is the service provider's option without a partner, so it is
 * on too. The spec sets the private flag with hide-tagging; an experience or a service starts
 * public here, so that Skill Discovery shows it (decision 061), and "Respond Privately" stays the
 * poster's choice. A requirement is meant to be found by skill-sharers, so it is public, and it
 * names a position rather than a product, so it has no tagging.
 */
export const ADD_OPTIONS: readonly AddOption[] = [
  {
    id: 'share-skill',
    persona: 'creator',
    label: 'Share a Skill or Experience',
    title: ADD_FORM_TITLES.experience,
    kind: 'experience',
    isPrivate: false,
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
    isPrivate: false,
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
    isPrivate: false,
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

export const ADD_SKILL_MESSAGES = {
  fetchingLocation: 'Fetching Location!',
  geolocationUnsupported: 'Geolocation not supported',
  writeSomething: 'Write a title or a description',
} as const;

export const SKILL_MESSAGES = {
  privateNote: 'Only you and approved recruiters can see this',
  recruiterSees: 'Private: shown to you as an approved recruiter',
  proveFirst: 'Verify your e-mail or mobile before you apply as a recruiter',
  respondProveFirst: 'Verify your e-mail or mobile before you respond',
  ownPost: 'This is your own post',
  responseSent: 'Your message has been sent. The poster will reply to the contact you shared.',
} as const;

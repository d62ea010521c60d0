import { EXPERIENCES_CAP, type AddFormTitle, type AddOption, type Persona, type PostKind } from '@app/domain';
import type { TFunction } from '../../../lib/i18n';

// The domain's English words for the add screen's options, post kinds and personas, looked up in
// the `skills` catalogue (its English values are those same constants).

const OPTION_KEYS: Record<string, string> = {
  'share-skill': 'shareSkill',
  'offer-service': 'offerService',
  'start-conversation': 'startConversation',
  'add-service': 'addService',
  'add-partner-service': 'addPartnerService',
  'add-review': 'addReview',
  'start-review-thread': 'startReviewThread',
  'start-review-thread-solo': 'startReviewThreadSolo',
  'add-requirement': 'addRequirement',
  'add-post': 'addPost',
};

const TITLE_KEYS: Record<AddFormTitle, string> = {
  'Add Post': 'titlePost',
  'Add Service': 'titleService',
  'Add Experience': 'titleExperience',
  'Add Requirement': 'titleRequirement',
  'Start a Thread': 'titleThread',
  'Add Review': 'titleReview',
};

export interface OptionText {
  label: string;
  title: string;
  titlePlaceholder: string;
  descriptionPlaceholder: string;
}

/** An add option's words in the page's language; an option the catalogue lacks keeps its English. */
export function optionText(option: AddOption, t: TFunction): OptionText {
  const key = OPTION_KEYS[option.id];
  return {
    label: key ? t(`${key}Label`) : option.label,
    title: t(TITLE_KEYS[option.title]),
    titlePlaceholder: key ? t(`${key}TitleHint`) : option.titlePlaceholder,
    descriptionPlaceholder: key ? t(`${key}DescriptionHint`) : option.descriptionPlaceholder,
  };
}

const KIND_KEYS: Record<PostKind, string> = {
  review: 'kindReview',
  'review-thread': 'kindReviewThread',
  experience: 'kindExperience',
  service: 'kindService',
  thread: 'kindThread',
  post: 'kindPost',
  requirement: 'kindRequirement',
};

/** What a post is ("Experience", "Requirement", …). */
export const kindLabel = (kind: PostKind, t: TFunction) => t(KIND_KEYS[kind]);

const PERSONA_KEYS: Record<Persona, string> = {
  creator: 'personaCreator',
  serviceProvider: 'personaServiceProvider',
  customer: 'personaCustomer',
  recruiter: 'personaRecruiter',
};

export const personaLabel = (persona: Persona, t: TFunction) => t(PERSONA_KEYS[persona]);

/** The domain's `experiencesMessage`: "1 experience", "2 experiences", "3+ experiences". */
export const experiencesText = (count: number, t: TFunction) =>
  count >= EXPERIENCES_CAP ? t('experienceCap', { count: EXPERIENCES_CAP }) : t('experienceCount', { count });

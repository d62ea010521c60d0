// Texts of `messaging.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).
import type { NotificationTopic } from '../messaging.js';

export const notificationTopicLabels: Record<NotificationTopic, string> = {
  answers: 'When someone answers my query',
  tags: 'When someone tags my store, brand or profile in a review',
  responses: 'When someone responds to my skill or requirement',
  questions: 'When someone asks my store, brand or profile a question',
};

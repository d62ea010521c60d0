import {
  ANSWERED_QUESTIONS_PAGE_SIZE,
  QUESTIONS_PAGE_SIZE,
  type AnsweredQuestion,
  type AppSearchRequest,
  type Confirmation,
  type Language,
  type ProfileHit,
  type PublicQuery,
  type QueryListRequest,
  type Reachout,
  type WebSearchRequest,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordEvent } from '../../lib/domain-events.js';
import { allWordsQuery, anyWordsMatch, searchTerms, termsMatch } from '../../lib/full-text.js';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.js';
import type { AuthUser } from '../../plugins/auth.js';
import { toPublicPost } from '../posts/post-view.js';
import { countPostsByQueries, searchPosts } from '../posts/post-reads.js';
import { openClaim } from '../contributions/contributions.service.js';
import { ensureVisitorAccount, type Contributor, type VisitorAccountDeps } from '../posts/visitor-account.js';
import { recordConsent } from '../privacy/consents.js';
import { recordQueryAsked } from './query-asked.js';
import * as repo from './queries.repository.js';

export function createQueriesService(db: Database, deps: VisitorAccountDeps) {
  async function toPublicQueries(rows: repo.QueryRow[]): Promise<PublicQuery[]> {
    const counts = new Map(
      (
        await countPostsByQueries(
          db,
          rows.map((r) => r.id),
        )
      ).map((c) => [c.queryId, c.count]),
    );
    return rows.map((r) => ({
      _id: r.id,
      search: r.text,
      scope: r.scope,
      scopeUserId: r.scopeUserId,
      scopeName: r.scopeName,
      user: { _id: r.askerId, name: r.askerName },
      responses: counts.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async function similarPosts(text: string, page: number, limit: number) {
    const match = anyWordsMatch(text);
    if (!match) return [];
    return (await searchPosts(db, match, { limit, offset: (page - 1) * limit })).map(toPublicPost);
  }

  return {
    /**
     * Ask a query (`app/webSearch` with userData): the query is stored against the asker's account,
     * then answered with the posts that already match it.
     */
    async webSearch(input: WebSearchRequest, requester: AuthUser | null, ip?: string, language?: Language) {
      let queryId: string | null = null;
      let passwordSentTo: string | undefined;
      let confirmation: Confirmation | undefined;
      if (input.userData) {
        if (input.scopeUserId && !(await repo.userExists(db, input.scopeUserId))) {
          throw new AppError('BAD_REQUEST', 'Choose who to ask from the list', {
            scopeUserId: 'Choose who to ask from the list',
          });
        }
        // Signed in, the query is the user's; a visitor gets an account from the form, or, with an
        // existing account's contact, a query held until that account's holder confirms it.
        const asker: Contributor | { userId: string; name: string; created: false } = requester
          ? { userId: requester.id, name: requester.ownerName, created: false }
          : await ensureVisitorAccount(
              db,
              deps,
              {
                name: input.userData.name,
                email: input.userData.email,
                mobile: input.userData.mobile,
                language,
              },
              { withProfile: false },
            );
        const query = {
          text: input.search,
          askerId: asker.userId,
          askerName: asker.name,
          scope: input.type,
          scopeUserId: input.type === 'anything' ? null : (input.scopeUserId ?? null),
        };
        if ('holder' in asker) {
          queryId = await repo.insertHeldQuery(db, query);
          confirmation = await openClaim(
            { db, codes: deps.codes, onDeliveryError: deps.onDeliveryError },
            { holder: asker.holder, kind: 'query', subjectId: queryId, ip },
          );
        } else {
          // The business asked is told of a new question in the transaction that stores it.
          queryId = await db.transaction(async (tx) => {
            const stored = await repo.findOrInsertQuery(tx, query);
            if (stored.created) await recordQueryAsked(tx, stored.id);
            return stored.id;
          });
          passwordSentTo = asker.created ? asker.passwordSentTo : undefined;
        }
        // A visitor's consent goes with each query (decision 040); an account's went with its sign-up.
        if (!requester) await recordConsent(db, asker.userId, 'query', queryId, input.consent);
      }
      const posts = await similarPosts(input.search, input.pagination.page, input.pagination.limit);
      return { posts, queryId, passwordSentTo, confirmation };
    },

    /** `app/search`: posts or queries by words (as typed), or profiles for the pickers. */
    async search(input: AppSearchRequest) {
      const { page, limit } = input.pagination;
      const offset = (page - 1) * limit;
      switch (input.type) {
        case 'post': {
          const terms = searchTerms(input.search);
          if (!terms) return [];
          return (await searchPosts(db, termsMatch(terms), { limit, offset })).map(toPublicPost);
        }
        case 'query': {
          const tsquery = allWordsQuery(input.search);
          if (!tsquery) return [];
          return toPublicQueries(await repo.listQueries(db, { tsquery }, { limit, offset }));
        }
        case 'brand':
        case 'store':
        case 'influencer':
        case 'service': {
          const rows = await repo.searchProfiles(db, input.type, input.search, limit, offset);
          return rows.map((r): ProfileHit => ({ _id: r.id, name: r.name, kind: input.type }));
        }
      }
    },

    async listQueries(input: QueryListRequest) {
      const { page, limit } = input.pagination;
      const tsquery = input.filterKey ? allWordsQuery(input.filterKey) : null;
      if (input.filterKey && !tsquery) return { queries: [], next: null };
      const rows = await repo.listQueries(
        db,
        { tsquery, scope: input.scope, scopeUserId: input.scopeUserId },
        { limit, offset: (page - 1) * limit, after: input.after ? decodeKeyset(input.after) : undefined },
      );
      const last = rows.at(-1);
      return {
        queries: await toPublicQueries(rows),
        next:
          rows.length === limit && last ? encodeKeyset({ createdAt: last.createdAtKey, id: last.id }) : null,
      };
    },

    /** The Questions page of a business: the questions asked of its owner's profiles. */
    async questionsAskedOf(ownerId: string, page: number) {
      const rows = await repo.listAskedOf(db, ownerId, {
        limit: QUESTIONS_PAGE_SIZE + 1,
        offset: (page - 1) * QUESTIONS_PAGE_SIZE,
      });
      const shown = rows.slice(0, QUESTIONS_PAGE_SIZE);
      const questions = await toPublicQueries(shown);
      return {
        questions: questions.map((q, i) => ({ ...q, answered: shown[i]!.answered })),
        counts: await repo.countAskedOf(db, ownerId),
        more: rows.length > QUESTIONS_PAGE_SIZE,
      };
    },

    /** A store's or brand's page: the questions asked of it that have an answer (issue 39). */
    async answeredQuestionsOf(profileId: string, page: number) {
      const [rows, total] = await Promise.all([
        repo.listAnsweredOf(db, profileId, {
          limit: ANSWERED_QUESTIONS_PAGE_SIZE + 1,
          offset: (page - 1) * ANSWERED_QUESTIONS_PAGE_SIZE,
        }),
        repo.countAnsweredOf(db, profileId),
      ]);
      const questions = rows.slice(0, ANSWERED_QUESTIONS_PAGE_SIZE).map((row): AnsweredQuestion => ({
        _id: row.id,
        search: row.text,
        createdAt: row.createdAt.toISOString(),
        answers: row.answers,
        answer: {
          _id: row.answer.id,
          infId: row.answer.authorId,
          title: row.answer.title,
          description: row.answer.description,
          authorName: row.answer.authorName,
          answeredAs: row.answer.answeredAs,
          createdAt: row.answer.createdAt.toISOString(),
        },
      }));
      return { questions, total, more: rows.length > ANSWERED_QUESTIONS_PAGE_SIZE };
    },

    questionCounts(ownerId: string) {
      return repo.countAskedOf(db, ownerId);
    },

    async getQuery(id: string) {
      const row = await repo.findQuery(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'This query does not exist');
      return (await toPublicQueries([row]))[0]!;
    },

    /**
     * Reachout: a visitor's note to a creator, kept in the reachouts outbox for the messaging
     * provider to deliver to the creator's contact. A creator without a mobile cannot be reached.
     */
    async reachout(input: Reachout) {
      const creator = await repo.userExists(db, input.influencerId);
      if (!creator || !creator.mobile) throw new AppError('NOT_FOUND', 'This creator cannot be reached');
      // Kept, and the creator told (creator.reached-out), in one transaction.
      const row = await db.transaction(async (tx) => {
        const [inserted] = await repo.insertReachout(tx, {
          influencerId: creator.id,
          senderEmail: input.email,
          note: input.note,
        });
        await recordEvent(tx, {
          type: 'creator.reached-out',
          payload: {
            reachoutId: inserted!.id,
            recipientUserId: creator.id,
            message: input.note,
            replyTo: input.email,
            // The creator's own reviews page (the web app's viewinfluencerreviews route).
            link: `/viewinfluencerreviews/${creator.id}/reviews`,
          },
        });
        return inserted;
      });
      return { _id: row!.id };
    },
  };
}

export type QueriesService = ReturnType<typeof createQueriesService>;

import {
  EXPERIENCES_CAP,
  SKILL_KINDS,
  type RequirementsQuery,
  type SkillPost,
  type SkillPostsQuery,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { anyWordsQuery, allWordsQuery } from '../../lib/full-text.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { PostRow } from '../posts/post-reads.js';
import { toPublicPost } from '../posts/post-view.js';
import * as recruiters from './skill-recruiters.js';
import * as responses from './skill-responses.js';
import * as repo from './skills.repository.js';

interface Page {
  page: number;
  limit: number;
}

const windowOf = ({ page, limit }: Page) => ({ limit, offset: (page - 1) * limit });

export function createSkillsService(db: Database) {
  async function withExperiences(rows: PostRow[], viewer: repo.Viewer | null): Promise<SkillPost[]> {
    const authors = [...new Set(rows.map((r) => r.authorId).filter((id): id is string => !!id))];
    const counts = await repo.countExperiences(db, authors, EXPERIENCES_CAP);
    return rows.map((r) => ({
      ...toPublicPost(r),
      authorExperiences: (r.authorId && counts.get(r.authorId)) || 0,
      isOwn: !!viewer && r.authorId === viewer.id,
    }));
  }

  /** Search box results: every typed word must appear (the review search's rule). */
  async function listOfKinds(
    user: AuthUser | null,
    kinds: repo.KindWindow['kinds'],
    q: Page & { search?: string | undefined; mine?: boolean },
  ) {
    const viewer = await recruiters.viewerOf(db, user);
    const window = { kinds, viewer, mine: q.mine ?? false, ...windowOf(q) };
    const tsquery = q.search ? allWordsQuery(q.search) : null;
    if (q.search && !tsquery) return [];
    const rows = tsquery
      ? await repo.searchOfKinds(db, tsquery, window)
      : await repo.latestOfKinds(db, window);
    return withExperiences(rows, viewer);
  }

  return {
    /**
     * Skill posts (experiences, services, threads) for recruiters to scout: public ones for
     * everyone, private ones for their author and approved recruiters (decision 026). `mine`
     * lists the caller's own skill posts and requirements.
     */
    listSkillPosts(user: AuthUser | null, query: SkillPostsQuery) {
      if (query.mine && !user) throw new AppError('UNAUTHENTICATED', 'Please log in to see your posts');
      const kinds = query.kind
        ? [query.kind]
        : query.mine
          ? [...SKILL_KINDS, 'requirement' as const]
          : SKILL_KINDS;
      return listOfKinds(user, kinds, query);
    },

    /** Recruiters' requirements, by the same visibility rule. */
    listRequirements(user: AuthUser | null, query: RequirementsQuery) {
      return listOfKinds(user, ['requirement'], query);
    },

    /**
     * The skill posts that fit a requirement: any of the requirement's words (title first), best
     * match first, so a post naming several of the skills asked for ranks above one naming one.
     */
    async matchRequirement(user: AuthUser | null, postId: string, page: Page) {
      const viewer = await recruiters.viewerOf(db, user);
      const requirement = await repo.findVisiblePost(db, postId, ['requirement'], viewer);
      if (!requirement) throw new AppError('NOT_FOUND', 'This requirement does not exist or was removed');
      const tsquery = anyWordsQuery(`${requirement.title} ${requirement.description}`);
      const rows = tsquery
        ? await repo.searchOfKinds(
            db,
            tsquery,
            { kinds: SKILL_KINDS, viewer, ...windowOf(page) },
            requirement.authorId,
          )
        : [];
      const [withCount, ...matches] = await withExperiences([requirement, ...rows], viewer);
      return { requirement: withCount!, matches };
    },

    getRecruiterStanding: (user: AuthUser) => recruiters.getRecruiterStanding(db, user),
    applyAsRecruiter: (user: AuthUser, input: Parameters<typeof recruiters.applyAsRecruiter>[2]) =>
      recruiters.applyAsRecruiter(db, user, input),
    listRecruiterApplications: (status: Parameters<typeof recruiters.listRecruiterApplications>[1]) =>
      recruiters.listRecruiterApplications(db, status),
    decideRecruiter: (admin: AuthUser, id: string, input: Parameters<typeof recruiters.decideRecruiter>[3]) =>
      recruiters.decideRecruiter(db, admin, id, input),
    respondToPost: (user: AuthUser, postId: string, input: Parameters<typeof responses.respondToPost>[3]) =>
      responses.respondToPost(db, user, postId, input),
    listReceivedResponses: (user: AuthUser) => responses.listReceivedResponses(db, user),
  };
}

export type SkillsService = ReturnType<typeof createSkillsService>;

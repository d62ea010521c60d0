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
import type { PostRow } from '../posts/posts.repository.js';
import { toPublicPost } from '../posts/post-view.js';
import * as repo from './skills.repository.js';

interface Page {
  page: number;
  limit: number;
}

const windowOf = ({ page, limit }: Page) => ({ limit, offset: (page - 1) * limit });

export function createSkillsService(db: Database) {
  async function withExperiences(rows: PostRow[]): Promise<SkillPost[]> {
    const authors = [...new Set(rows.map((r) => r.authorId).filter((id): id is string => !!id))];
    const counts = await repo.countExperiences(db, authors, EXPERIENCES_CAP);
    return rows.map((r) => ({
      ...toPublicPost(r),
      authorExperiences: (r.authorId && counts.get(r.authorId)) || 0,
    }));
  }

  /** Search box results: every typed word must appear (the review search's rule). */
  async function listOfKinds(kinds: repo.KindWindow['kinds'], q: Page & { search?: string | undefined }) {
    const window = { kinds, ...windowOf(q) };
    const tsquery = q.search ? allWordsQuery(q.search) : null;
    if (q.search && !tsquery) return [];
    const rows = tsquery
      ? await repo.searchOfKinds(db, tsquery, window)
      : await repo.latestOfKinds(db, window);
    return withExperiences(rows);
  }

  return {
    /** Public skill posts (experiences, services, threads) for recruiters to scout. */
    listSkillPosts(query: SkillPostsQuery) {
      return listOfKinds(query.kind ? [query.kind] : SKILL_KINDS, query);
    },

    /** Recruiters' public requirements. */
    listRequirements(query: RequirementsQuery) {
      return listOfKinds(['requirement'], query);
    },

    /**
     * The skill posts that fit a requirement: any of the requirement's words (title first), best
     * match first, so a post naming several of the skills asked for ranks above one naming one.
     */
    async matchRequirement(postId: string, page: Page) {
      const requirement = await repo.findPostOfKind(db, postId, 'requirement');
      if (!requirement) throw new AppError('NOT_FOUND', 'This requirement does not exist or was removed');
      const tsquery = anyWordsQuery(`${requirement.title} ${requirement.description}`);
      const rows = tsquery
        ? await repo.searchOfKinds(
            db,
            tsquery,
            { kinds: SKILL_KINDS, ...windowOf(page) },
            requirement.authorId,
          )
        : [];
      const [withCount, ...matches] = await withExperiences([requirement, ...rows]);
      return { requirement: withCount!, matches };
    },
  };
}

export type SkillsService = ReturnType<typeof createSkillsService>;

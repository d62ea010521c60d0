import type { ReactNode } from 'react';
import { experiencesMessage, postDescription, postTitle, type PostKind, type SkillPost } from '@app/domain';

const KIND_LABELS: Record<PostKind, string> = {
  review: 'Review',
  'review-thread': 'Review thread',
  experience: 'Experience',
  service: 'Service',
  thread: 'Thread',
  post: 'Post',
  requirement: 'Requirement',
};

/** One post on /skilldiscovery: what it is, its words and who shared it. */
export function SkillCard({ post, children }: { post: SkillPost; children?: ReactNode }) {
  const title = postTitle(post) || KIND_LABELS[post.kind];
  return (
    <li className="card skill-card" data-kind={post.kind}>
      <p className="skill-card__kind">{KIND_LABELS[post.kind]}</p>
      <h3 className="skill-card__title">{title}</h3>
      {postDescription(post) ? <p className="skill-card__text">{postDescription(post)}</p> : null}
      <p className="skill-card__author">
        {post.authorName || 'Anonymous'}
        {post.kind === 'requirement' ? null : <> · {experiencesMessage(post.authorExperiences)}</>}
      </p>
      {children}
    </li>
  );
}

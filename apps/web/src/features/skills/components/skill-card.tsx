import type { ReactNode } from 'react';
import {
  experiencesMessage,
  postDescription,
  postTitle,
  SKILL_MESSAGES,
  type PostKind,
  type SkillPost,
} from '@app/domain';
import { Link } from 'react-router';
import { paths } from '../../../lib/routes';
import { ReportPost } from '../../../components/ui/report-post';

export const KIND_LABELS: Record<PostKind, string> = {
  review: 'Review',
  'review-thread': 'Review thread',
  experience: 'Experience',
  service: 'Service',
  thread: 'Thread',
  post: 'Post',
  requirement: 'Requirement',
};

/**
 * One post on /skilldiscovery: its first photo, what it is, its words and who shared it. A private
 * post says who can see it: its author and approved recruiters (decision 026).
 */
export function SkillCard({ post, children }: { post: SkillPost; children?: ReactNode }) {
  const title = postTitle(post) || KIND_LABELS[post.kind];
  const photo = post.postData.data[0];
  const photoSrc = photo ? (post.type === 'VIDEO' ? photo.thumbnail : photo.url) : '';
  return (
    <li className="card skill-card" data-kind={post.kind}>
      {photoSrc ? (
        <img className="skill-card__photo" src={photoSrc} alt={`Photo of ${title}`} loading="lazy" />
      ) : null}
      <p className="skill-card__kind">{KIND_LABELS[post.kind]}</p>
      <h3 className="skill-card__title">
        {post.infId ? <Link to={paths.post(post.infId, post._id)}>{title}</Link> : title}
      </h3>
      {post.isPrivate ? (
        <p className="skill-card__private">
          {post.isOwn ? SKILL_MESSAGES.privateNote : SKILL_MESSAGES.recruiterSees}
        </p>
      ) : null}
      {postDescription(post) ? <p className="skill-card__text">{postDescription(post)}</p> : null}
      <p className="skill-card__author">
        {post.authorName || 'Anonymous'}
        {post.kind === 'requirement' ? null : <> · {experiencesMessage(post.authorExperiences)}</>}
      </p>
      {children}
      {post.isOwn ? null : <ReportPost postId={post._id} title={title} />}
    </li>
  );
}

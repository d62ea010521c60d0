import type { ReactNode } from 'react';
import { postDescription, postTitle, type SkillPost } from '@app/domain';
import { Link } from 'react-router';
import { paths } from '../../../lib/routes';
import { ReportPost } from '../../moderation';
import { useT } from '../../../lib/i18n';
import { experiencesText, kindLabel } from './skill-texts';

/**
 * One post on /skilldiscovery: its first photo, what it is, its words and who shared it. A private
 * post says who can see it: its author and approved recruiters (decision 026).
 */
export function SkillCard({ post, children }: { post: SkillPost; children?: ReactNode }) {
  const { t } = useT('skills');
  const kind = kindLabel(post.kind, t);
  const title = postTitle(post) || kind;
  const photo = post.postData.data[0];
  const photoSrc = photo ? (post.type === 'VIDEO' ? photo.thumbnail : photo.url) : '';
  return (
    <li className="card skill-card" data-kind={post.kind}>
      {photoSrc ? (
        <img className="skill-card__photo" src={photoSrc} alt={t('photoOf', { title })} loading="lazy" />
      ) : null}
      <p className="skill-card__kind">{kind}</p>
      <h3 className="skill-card__title">
        {post.infId ? <Link to={paths.post(post.infId, post._id)}>{title}</Link> : title}
      </h3>
      {post.isPrivate ? (
        <p className="skill-card__private">{post.isOwn ? t('privateNote') : t('recruiterSees')}</p>
      ) : null}
      {postDescription(post) ? <p className="skill-card__text">{postDescription(post)}</p> : null}
      <p className="skill-card__author">
        <span className="skill-card__name">{post.authorName || t('anonymous')}</span>
        {post.kind === 'requirement' ? null : <> · {experiencesText(post.authorExperiences, t)}</>}
      </p>
      {children}
      {post.isOwn ? null : <ReportPost postId={post._id} title={title} />}
    </li>
  );
}

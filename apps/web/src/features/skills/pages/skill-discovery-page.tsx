import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { postTitle, SKILL_KINDS, TYPING_SPEED_MS, type SkillKind, type SkillPost } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { SelectField } from '../../../components/ui/select-field';
import { LoadingState } from '../../../components/ui/spinner';
import { Typewriter } from '../../../components/ui/typewriter';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { useMySkillPosts, useRequirementMatches, useRequirements, useSkillPosts } from '../api/skills-api';
import { RecruiterPanel } from '../components/recruiter-panel';
import { RespondAction } from '../components/respond-form';
import { SearchBox } from '../components/search-box';
import { SkillCard } from '../components/skill-card';
import { kindLabel } from '../components/skill-texts';
import { useT } from '../../../lib/i18n';
import './skill-discovery.css';

const STEPS = ['step1', 'step2', 'step3'] as const;

const KIND_OPTIONS: Array<{ value: SkillKind; label: string }> = [
  { value: 'experience', label: 'experiences' },
  { value: 'service', label: 'services' },
  { value: 'thread', label: 'threads' },
];

const isSkillKind = (v: string | null): v is SkillKind =>
  (SKILL_KINDS as readonly string[]).includes(v ?? '');

/** /skilldiscovery ("For Recruitment" in the landing menu): requirements, their matches and skills. */
export default function SkillDiscoveryPage() {
  const [params, setParams] = useSearchParams();
  const requirementId = params.get('requirement');
  const requirementSearch = params.get('rq') ?? '';
  const skillSearch = params.get('q') ?? '';
  const kindParam = params.get('kind');
  const kind = isSkillKind(kindParam) ? kindParam : '';
  const user = useCurrentUser();
  const { t } = useT('skills');
  const { t: common } = useT('common');
  const typed = [t('heroTyped')];

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <div className="skills">
      <title>{common('pageTitle', { title: t('pageTitle') })}</title>
      <section className="skills__hero" aria-labelledby="skills-title">
        <div className="page">
          <h1 id="skills-title" className="skills__title">
            {t('heroTitle')} <span className="visually-hidden">{typed[0]}</span>
            <Typewriter className="skills__typed" phrases={typed} speedMs={TYPING_SPEED_MS} />
          </h1>
          <Link className="link-button" to={paths.addSkill}>
            {t('addYourSkill')}
          </Link>
        </div>
      </section>
      <section className="page" aria-labelledby="skills-steps">
        <h2 id="skills-steps">{t('howItWorks')}</h2>
        <ol className="skills__steps">
          {STEPS.map((step) => (
            <li key={step} className="card skills__step">
              <h3>{t(`${step}Title`)}</h3>
              <p>{t(`${step}Text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      {user ? <MyPosts /> : null}

      {requirementId ? (
        <RequirementMatchesSection postId={requirementId} onClose={() => update({ requirement: null })} />
      ) : null}

      <section className="page stack" aria-labelledby="skills-requirements">
        <h2 id="skills-requirements">{t('jobRequirements')}</h2>
        <SearchBox
          label={t('searchRequirements')}
          value={requirementSearch}
          onSearch={(text) => update({ rq: text })}
        />
        <RequirementList search={requirementSearch} onMatch={(id) => update({ requirement: id })} />
      </section>

      <section className="page stack" aria-labelledby="skills-list">
        <h2 id="skills-list">{t('skills')}</h2>
        <div className="skills__filters">
          <SearchBox label={t('searchSkills')} value={skillSearch} onSearch={(text) => update({ q: text })} />
          <SelectField
            className="skills__kind"
            label={t('show')}
            placeholder={t('allSkills')}
            options={KIND_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
            value={kind}
            onChange={(e) => update({ kind: e.target.value || null })}
          />
        </div>
        <SkillList search={skillSearch} kind={kind} />
      </section>

      <RecruiterPanel />
    </div>
  );
}

function PostList({
  posts,
  label,
  children,
}: {
  posts: SkillPost[];
  label: string;
  children?: (p: SkillPost) => ReactNode;
}) {
  const { t } = useT('skills');
  return (
    <ul className="skills__list" aria-label={label}>
      {posts.map((p) => (
        <SkillCard key={p._id} post={p}>
          {children?.(p)}
          <RespondAction post={p} title={postTitle(p) || kindLabel(p.kind, t)} />
        </SkillCard>
      ))}
    </ul>
  );
}

/** The signed-in person's own skill posts and requirements, private ones included. */
function MyPosts() {
  const mine = useMySkillPosts();
  const { t } = useT('skills');
  return (
    <section className="page stack" aria-labelledby="skills-mine">
      <div className="skills__mine-head">
        <h2 id="skills-mine">{t('yourPosts')}</h2>
        <Link to={paths.skillResponses}>{t('responsesToYourPosts')}</Link>
      </div>
      {mine.isPending ? (
        <LoadingState label={t('loadingYourPosts')} />
      ) : mine.isError ? (
        <ErrorState message={mine.error.message} onRetry={() => void mine.refetch()} />
      ) : mine.data.Data.length === 0 ? (
        <EmptyState title={t('nothingShared')}>
          <Link to={paths.addSkill}>{t('addYourSkill')}</Link>
        </EmptyState>
      ) : (
        <PostList posts={mine.data.Data} label={t('yourPosts')} />
      )}
    </section>
  );
}

function RequirementList({ search, onMatch }: { search: string; onMatch: (id: string) => void }) {
  const requirements = useRequirements(search);
  const { t } = useT('skills');
  if (requirements.isPending) return <LoadingState label={t('loadingRequirements')} />;
  if (requirements.isError) {
    return <ErrorState message={requirements.error.message} onRetry={() => void requirements.refetch()} />;
  }
  const list = requirements.data.Data;
  if (list.length === 0) {
    return (
      <EmptyState title={search ? t('noResults') : t('noRequirements')}>
        <Link to={paths.addSkill}>{t('postRequirement')}</Link>
      </EmptyState>
    );
  }
  return (
    <PostList posts={list} label={t('requirements')}>
      {(p) => (
        <Button variant="secondary" onClick={() => onMatch(p._id)}>
          {t('seeMatchingSkills')}
          <span className="visually-hidden">{t('forTitle', { title: postTitle(p) })}</span>
        </Button>
      )}
    </PostList>
  );
}

function SkillList({ search, kind }: { search: string; kind: SkillKind | '' }) {
  const skills = useSkillPosts(search, kind);
  const { t } = useT('skills');
  if (skills.isPending) return <LoadingState label={t('loadingSkills')} />;
  if (skills.isError) {
    return <ErrorState message={skills.error.message} onRetry={() => void skills.refetch()} />;
  }
  const list = skills.data.Data;
  if (list.length === 0) {
    return (
      <EmptyState title={search ? t('noResults') : t('noSkills')}>
        <Link to={paths.addSkill}>{t('shareSkill')}</Link>
      </EmptyState>
    );
  }
  return <PostList posts={list} label={t('skills')} />;
}

function RequirementMatchesSection({ postId, onClose }: { postId: string; onClose: () => void }) {
  const matches = useRequirementMatches(postId);
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useT('skills');
  const loaded = matches.isSuccess;
  // Chosen from a list further down, or arrived at from the add screen: bring the answer into view.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, postId]);

  const requirement = matches.data?.Data.requirement;
  return (
    <section className="page stack skills__matches" aria-labelledby="skills-matches">
      <h2 id="skills-matches" ref={heading} tabIndex={-1}>
        {requirement
          ? t('skillsMatching', { title: postTitle(requirement) || t('thisRequirement') })
          : t('matchingSkills')}
      </h2>
      {matches.isPending ? (
        <LoadingState label={t('findingMatches')} />
      ) : matches.isError ? (
        <ErrorState message={matches.error.message} onRetry={() => void matches.refetch()} />
      ) : matches.data.Data.matches.length === 0 ? (
        <EmptyState title={t('noMatches')}>
          {requirement?.infId ? (
            <Link to={`${paths.addSkill}/${requirement.infId}/${requirement._id}`}>
              {t('shareExperienceForIt')}
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <PostList posts={matches.data.Data.matches} label={t('matchingSkills')} />
      )}
      <div>
        <Button variant="ghost" onClick={onClose}>
          {t('closeMatches')}
        </Button>
      </div>
    </section>
  );
}

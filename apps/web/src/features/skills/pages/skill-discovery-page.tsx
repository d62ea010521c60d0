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
import { KIND_LABELS, SkillCard } from '../components/skill-card';
import './skill-discovery.css';

const TYPED = ['... and get scouted by top recruiters'] as const;

const STEPS = [
  {
    title: 'Search and choose a job requirement',
    text: 'Browse the positions recruiters have posted and pick the one that matches what you do best.',
  },
  {
    title: 'Share hands-on experience details',
    text: 'Tell the hiring team what you have actually built, fixed or delivered, with photos, videos and links.',
  },
  {
    title: 'Get selected by the hiring manager',
    text: 'The hiring manager reviews your experience and reaches out to the people who fit.',
  },
] as const;

const KIND_OPTIONS: Array<{ value: SkillKind; label: string }> = [
  { value: 'experience', label: 'Experiences' },
  { value: 'service', label: 'Services' },
  { value: 'thread', label: 'Threads' },
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
      <title>Skill discovery | Revuhub</title>
      <section className="skills__hero" aria-labelledby="skills-title">
        <div className="page">
          <h1 id="skills-title" className="skills__title">
            Display your skills <span className="visually-hidden">{TYPED[0]}</span>
            <Typewriter className="skills__typed" phrases={TYPED} speedMs={TYPING_SPEED_MS} />
          </h1>
          <Link className="link-button" to={paths.addSkill}>
            Add Your Skill
          </Link>
        </div>
      </section>
      <section className="page" aria-labelledby="skills-steps">
        <h2 id="skills-steps">How it works</h2>
        <ol className="skills__steps">
          {STEPS.map((step) => (
            <li key={step.title} className="card skills__step">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      {user ? <MyPosts /> : null}

      {requirementId ? (
        <RequirementMatchesSection postId={requirementId} onClose={() => update({ requirement: null })} />
      ) : null}

      <section className="page stack" aria-labelledby="skills-requirements">
        <h2 id="skills-requirements">Job requirements</h2>
        <SearchBox
          label="Search requirements"
          value={requirementSearch}
          onSearch={(text) => update({ rq: text })}
        />
        <RequirementList search={requirementSearch} onMatch={(id) => update({ requirement: id })} />
      </section>

      <section className="page stack" aria-labelledby="skills-list">
        <h2 id="skills-list">Skills</h2>
        <div className="skills__filters">
          <SearchBox label="Search skills" value={skillSearch} onSearch={(text) => update({ q: text })} />
          <SelectField
            className="skills__kind"
            label="Show"
            placeholder="All skills"
            options={KIND_OPTIONS}
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
  return (
    <ul className="skills__list" aria-label={label}>
      {posts.map((p) => (
        <SkillCard key={p._id} post={p}>
          {children?.(p)}
          <RespondAction post={p} title={postTitle(p) || KIND_LABELS[p.kind]} />
        </SkillCard>
      ))}
    </ul>
  );
}

/** The signed-in person's own skill posts and requirements, private ones included. */
function MyPosts() {
  const mine = useMySkillPosts();
  return (
    <section className="page stack" aria-labelledby="skills-mine">
      <div className="skills__mine-head">
        <h2 id="skills-mine">Your posts</h2>
        <Link to={paths.skillResponses}>Responses to your posts</Link>
      </div>
      {mine.isPending ? (
        <LoadingState label="Loading your posts…" />
      ) : mine.isError ? (
        <ErrorState message={mine.error.message} onRetry={() => void mine.refetch()} />
      ) : mine.data.Data.length === 0 ? (
        <EmptyState title="You have not shared anything yet">
          <Link to={paths.addSkill}>Add Your Skill</Link>
        </EmptyState>
      ) : (
        <PostList posts={mine.data.Data} label="Your posts" />
      )}
    </section>
  );
}

function RequirementList({ search, onMatch }: { search: string; onMatch: (id: string) => void }) {
  const requirements = useRequirements(search);
  if (requirements.isPending) return <LoadingState label="Loading requirements…" />;
  if (requirements.isError) {
    return <ErrorState message={requirements.error.message} onRetry={() => void requirements.refetch()} />;
  }
  const list = requirements.data.Data;
  if (list.length === 0) {
    return (
      <EmptyState title={search ? 'No results found!' : 'No requirements yet'}>
        <Link to={paths.addSkill}>Post a requirement</Link>
      </EmptyState>
    );
  }
  return (
    <PostList posts={list} label="Requirements">
      {(p) => (
        <Button variant="secondary" onClick={() => onMatch(p._id)}>
          See matching skills<span className="visually-hidden"> for {postTitle(p)}</span>
        </Button>
      )}
    </PostList>
  );
}

function SkillList({ search, kind }: { search: string; kind: SkillKind | '' }) {
  const skills = useSkillPosts(search, kind);
  if (skills.isPending) return <LoadingState label="Loading skills…" />;
  if (skills.isError) {
    return <ErrorState message={skills.error.message} onRetry={() => void skills.refetch()} />;
  }
  const list = skills.data.Data;
  if (list.length === 0) {
    return (
      <EmptyState title={search ? 'No results found!' : 'No skills shared yet'}>
        <Link to={paths.addSkill}>Share a skill</Link>
      </EmptyState>
    );
  }
  return <PostList posts={list} label="Skills" />;
}

function RequirementMatchesSection({ postId, onClose }: { postId: string; onClose: () => void }) {
  const matches = useRequirementMatches(postId);
  const heading = useRef<HTMLHeadingElement>(null);
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
          ? `Skills matching “${postTitle(requirement) || 'this requirement'}”`
          : 'Matching skills'}
      </h2>
      {matches.isPending ? (
        <LoadingState label="Finding matching skills…" />
      ) : matches.isError ? (
        <ErrorState message={matches.error.message} onRetry={() => void matches.refetch()} />
      ) : matches.data.Data.matches.length === 0 ? (
        <EmptyState title="No matching skills yet">
          {requirement?.infId ? (
            <Link to={`${paths.addSkill}/${requirement.infId}/${requirement._id}`}>
              Share your experience for it
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <PostList posts={matches.data.Data.matches} label="Matching skills" />
      )}
      <div>
        <Button variant="ghost" onClick={onClose}>
          Close matches
        </Button>
      </div>
    </section>
  );
}

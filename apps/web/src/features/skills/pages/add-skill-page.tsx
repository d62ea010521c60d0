import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  ADD_SKILL_MESSAGES,
  addOptionsFor,
  PERSONA_LABELS,
  PERSONAS,
  SCOPED_ADD_OPTION,
  SKILL_KINDS,
  SKILL_MESSAGES,
  type AddOption,
  type AddReviewResponse,
  type Persona,
} from '@app/domain';
import { useAlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { useDeviceLocation } from '../api/use-device-location';
import { AddPostForm } from '../components/add-post-form';
import './add-skill.css';
import { ClaimCodeForm } from '../../../components/ui/claim-code-form';

/**
 * /addskill, /addskill/{mentionInfId}/{mentionPostId} and .../{influencerId}. The persona choice is
 * shown unless the link names the influencer, which makes it a plain "Add Post".
 */
export default function AddSkillPage() {
  const { mentionInfId, mentionPostId, influencerId } = useParams();
  const scoped = !!influencerId;
  const [persona, setPersona] = useState<Persona | null>(null);
  const [chosen, setChosen] = useState<AddOption | null>(null);
  const [posted, setPosted] = useState<{
    option: AddOption;
    answer: AddReviewResponse;
    isPrivate: boolean;
  } | null>(null);
  const option = scoped ? SCOPED_ADD_OPTION : chosen;
  // Spec section 8: the add form alerts "Geolocation not supported", in an accessible dialog.
  const { alert, dialog } = useAlertDialog();
  const { location, retry } = useDeviceLocation(
    !!option?.needsLocation && !posted,
    () => void alert(ADD_SKILL_MESSAGES.geolocationUnsupported, 'Location'),
  );
  const heading = useRef<HTMLHeadingElement>(null);

  // The part of the page the user was in is replaced (an option chosen or changed, a post made):
  // move focus to the new heading. Not on arrival, where focus stays with the page.
  const arrived = useRef(true);
  useEffect(() => {
    if (arrived.current) {
      arrived.current = false;
      return;
    }
    heading.current?.focus();
  }, [chosen, posted]);

  const title = posted ? 'Your post has been added' : (option?.title ?? 'What would you like to add?');

  return (
    <section className="page stack add-skill">
      <title>{`${title} | Revuhub`}</title>
      {dialog}
      <h1 id="add-skill-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {mentionPostId && !posted ? (
        <p className="add-skill__note">Your post will mention the post you came from.</p>
      ) : null}

      {posted ? (
        <Posted
          option={posted.option}
          answer={posted.answer}
          isPrivate={posted.isPrivate}
          onAnother={() => {
            setPosted(null);
            setChosen(null);
          }}
        />
      ) : !option ? (
        <PersonaChoice persona={persona} onPersona={setPersona} onChoose={setChosen} />
      ) : (
        <>
          {scoped ? null : (
            <p className="add-skill__chosen">
              {option.label}{' '}
              <Button variant="ghost" onClick={() => setChosen(null)}>
                Change
              </Button>
            </p>
          )}
          {option.needsLocation && location.status !== 'found' ? (
            location.status === 'failed' ? (
              <ErrorState
                title={ADD_SKILL_MESSAGES.geolocationUnsupported}
                message="A service is listed where you offer it: allow location access and try again."
                onRetry={retry}
              />
            ) : (
              <p role="status" className="add-skill__fetching">
                {ADD_SKILL_MESSAGES.fetchingLocation}
              </p>
            )
          ) : (
            <AddPostForm
              key={option.id}
              option={option}
              context={{ mentionInfId, mentionPostId, influencerId }}
              position={location.status === 'found' ? location.position : null}
              onPosted={(answer, isPrivate) => setPosted({ option, answer, isPrivate })}
            />
          )}
        </>
      )}
    </section>
  );
}

function PersonaChoice({
  persona,
  onPersona,
  onChoose,
}: {
  persona: Persona | null;
  onPersona: (p: Persona) => void;
  onChoose: (o: AddOption) => void;
}) {
  return (
    <div className="stack">
      <fieldset className="card add-skill__personas">
        <legend>I am a</legend>
        {PERSONAS.map((p) => (
          <label key={p} className="add-skill__persona">
            <input
              type="radio"
              name="persona"
              value={p}
              checked={persona === p}
              onChange={() => onPersona(p)}
            />
            {PERSONA_LABELS[p]}
          </label>
        ))}
      </fieldset>
      {persona ? (
        <ul className="add-skill__options" aria-label={`What a ${PERSONA_LABELS[persona]} can add`}>
          {addOptionsFor(persona).map((o) => (
            <li key={o.id}>
              <Button variant="secondary" className="add-skill__option" onClick={() => onChoose(o)}>
                {o.label}
              </Button>
            </li>
          ))}
          {persona === 'recruiter' ? (
            <li>
              {/* Picking the persona makes nobody a recruiter: the admin approves (decision 026). */}
              <Link className="add-skill__apply" to={`${paths.skillDiscovery}#recruiters`}>
                Apply as recruiter to see private skill posts
              </Link>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="add-skill__note">Choose who you are to see what you can add.</p>
      )}
    </div>
  );
}

function Posted({
  option,
  answer,
  isPrivate,
  onAnother,
}: {
  option: AddOption;
  answer: AddReviewResponse;
  isPrivate: boolean;
  onAnother: () => void;
}) {
  const user = useCurrentUser();
  const isSkill = (SKILL_KINDS as readonly string[]).includes(option.kind);
  const held = !!answer.confirmation;
  return (
    <div className="card stack">
      <p className="add-skill__saved">
        {option.title}: saved{answer.postDetails.Data.email ? ` for ${answer.postDetails.Data.email}` : ''}.
      </p>
      {answer.confirmation ? <ClaimCodeForm confirmation={answer.confirmation} /> : null}
      {isPrivate && !held ? (
        <p className="add-skill__note">
          {SKILL_MESSAGES.privateNote}
          {user ? ': you find it under “Your posts” on Skill Discovery.' : ', and anyone you give its link.'}
        </p>
      ) : null}
      <div className="add-skill__next">
        <Link className="link-button" to={paths.post(answer.infId, answer.postId)}>
          View your post
        </Link>
        {option.kind === 'requirement' ? (
          <Link
            className="link-button"
            to={`${paths.skillDiscovery}?requirement=${encodeURIComponent(answer.postId)}`}
          >
            See matching skills
          </Link>
        ) : isSkill ? (
          <Link className="link-button" to={paths.skillDiscovery}>
            Go to Skill Discovery
          </Link>
        ) : null}
      </div>
      <div>
        <Button variant="secondary" onClick={onAnother}>
          Add another
        </Button>
      </div>
    </div>
  );
}

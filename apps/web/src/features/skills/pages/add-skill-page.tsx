import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  addOptionsFor,
  PERSONAS,
  SCOPED_ADD_OPTION,
  SKILL_KINDS,
  type AddOption,
  type AddReviewResponse,
  type Persona,
} from '@app/domain';
import { useAlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { PlaceSearch, type ChosenPlace } from '../../store-locator';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { useDeviceLocation } from '../api/use-device-location';
import { AddPostForm } from '../components/add-post-form';
import './add-skill.css';
import { ClaimCodeForm } from '../../contributions';
import { useT } from '../../../lib/i18n';
import { optionText, personaLabel } from '../components/skill-texts';

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
  const { t } = useT('skills');
  const { t: common } = useT('common');
  const words = option ? optionText(option, t) : null;
  // Spec section 8: the add form alerts "Geolocation not supported", in an accessible dialog.
  const { alert, dialog } = useAlertDialog();
  const { location, retry } = useDeviceLocation(
    !!option?.needsLocation && !posted,
    () => void alert(t('geolocationUnsupported'), t('locationTitle')),
  );
  // A pincode, area or city chosen when the device gives no location (decision 062).
  const [place, setPlace] = useState<ChosenPlace | null>(null);
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

  const title = posted ? t('postAdded') : (words?.title ?? t('whatToAdd'));

  return (
    <section className="page stack add-skill">
      <title>{common('pageTitle', { title })}</title>
      {dialog}
      <h1 id="add-skill-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {mentionPostId && !posted ? <p className="add-skill__note">{t('mentionNote')}</p> : null}

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
              {words?.label}{' '}
              <Button variant="ghost" onClick={() => setChosen(null)}>
                {t('change')}
              </Button>
            </p>
          )}
          {option.needsLocation && location.status !== 'found' && !place ? (
            location.status === 'failed' ? (
              <div className="stack">
                <ErrorState
                  title={t('geolocationUnsupported')}
                  message={t('locationNeeded')}
                  onRetry={retry}
                />
                {/* Decision 062: without the device's location, the place the service is offered. */}
                <p>{t('orChoosePlace')}</p>
                <PlaceSearch located={false} onChoose={setPlace} />
              </div>
            ) : (
              <p role="status" className="add-skill__fetching">
                {t('fetchingLocation')}
              </p>
            )
          ) : (
            <>
              {option.needsLocation && location.status !== 'found' && place ? (
                <p className="add-skill__place">
                  {t('listedAt', { place: place.label })}{' '}
                  <Button variant="ghost" onClick={() => setPlace(null)}>
                    {t('changePlace')}
                  </Button>
                </p>
              ) : null}
              <AddPostForm
                key={option.id}
                option={option}
                context={{ mentionInfId, mentionPostId, influencerId }}
                position={location.status === 'found' ? location.position : (place?.position ?? null)}
                onPosted={(answer, isPrivate) => setPosted({ option, answer, isPrivate })}
              />
            </>
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
  const { t } = useT('skills');
  return (
    <div className="stack">
      <fieldset className="card add-skill__personas">
        <legend>{t('iAmA')}</legend>
        {PERSONAS.map((p) => (
          <label key={p} className="add-skill__persona">
            <input
              type="radio"
              name="persona"
              value={p}
              checked={persona === p}
              onChange={() => onPersona(p)}
            />
            {personaLabel(p, t)}
          </label>
        ))}
      </fieldset>
      {persona ? (
        <ul
          className="add-skill__options"
          aria-label={t('whatPersonaAdds', { persona: personaLabel(persona, t) })}
        >
          {addOptionsFor(persona).map((o) => (
            <li key={o.id}>
              <Button variant="secondary" className="add-skill__option" onClick={() => onChoose(o)}>
                {optionText(o, t).label}
              </Button>
            </li>
          ))}
          {persona === 'recruiter' ? (
            <li>
              {/* Picking the persona makes nobody a recruiter: the admin approves (decision 026). */}
              <Link className="add-skill__apply" to={`${paths.skillDiscovery}#recruiters`}>
                {t('applyAsRecruiterToSee')}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="add-skill__note">{t('choosePersona')}</p>
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
  const { t } = useT('skills');
  const title = optionText(option, t).title;
  const email = answer.postDetails.Data.email;
  const isSkill = (SKILL_KINDS as readonly string[]).includes(option.kind);
  const held = !!answer.confirmation;
  return (
    <div className="card stack">
      <p className="add-skill__saved">{email ? t('savedFor', { title, email }) : t('saved', { title })}</p>
      {answer.confirmation ? <ClaimCodeForm confirmation={answer.confirmation} /> : null}
      {isPrivate && !held ? (
        <p className="add-skill__note">
          {user
            ? t('privateWhereSignedIn', { note: t('privateNote') })
            : t('privateWhereVisitor', { note: t('privateNote') })}
        </p>
      ) : null}
      <div className="add-skill__next">
        <Link className="link-button" to={paths.post(answer.infId, answer.postId)}>
          {t('viewYourPost')}
        </Link>
        {option.kind === 'requirement' ? (
          <Link
            className="link-button"
            to={`${paths.skillDiscovery}?requirement=${encodeURIComponent(answer.postId)}`}
          >
            {t('seeMatchingSkills')}
          </Link>
        ) : isSkill ? (
          <Link className="link-button" to={paths.skillDiscovery}>
            {t('goToSkillDiscovery')}
          </Link>
        ) : null}
      </div>
      <div>
        <Button variant="secondary" onClick={onAnother}>
          {t('addAnother')}
        </Button>
      </div>
    </div>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  askQueryFormSchema,
  type AskQueryForm,
  type Confirmation,
  type ProfileHit,
  type QueryScope,
} from '@app/domain';
import { isFilledText } from '../../../components/ui/blocked-reason';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { ProfilePicker } from '../../../components/ui/profile-picker';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { useFillOwnContact, useOwnContact } from '../../../lib/use-own-contact';
import { useToast } from '../../../components/ui/toast';
import { socialPaths } from '../../../lib/routes';
import { useProfileFromParams, useProfileName, type ProfileRef } from '../../../lib/use-profile-scope';
import { useAskQuery, useProfileSearch } from '../api/queries-api';
import { ContactFields } from '../components/contact-fields';
import '../components/queries.css';
import { ClaimCodeForm } from '../../contributions';
import { ConsentField, consentPayload, useConsentError } from '../../../components/ui/consent-field';
import { useCurrentUser } from '../../../lib/session';
import { useT } from '../../../lib/i18n';

/** The spec's radio values; "Influencer or Service" searches both kinds of profile. */
const RADIOS: Array<{ value: QueryScope; label: string; kinds: ReadonlyArray<ProfileHit['kind']> }> = [
  { value: 'anything', label: 'scopeAnything', kinds: [] },
  { value: 'brand', label: 'scopeBrand', kinds: ['brand'] },
  { value: 'store', label: 'scopeStore', kinds: ['store'] },
  { value: 'service', label: 'scopeService', kinds: ['influencer', 'service'] },
];

type AskQueryValues = z.infer<typeof askQueryFormSchema>;
/** The form's values: the spec's fields and the "18 or older" box (decision 040). */
type AskValues = AskQueryForm & { consent: boolean };
type PickContext = { pickMissing: boolean; consentRequired: boolean };

const FIELDS = ['query', 'name', 'contactNum', 'emailId'] as const;

/** The picker's search box carries this name, so the summary's entry leads to it. */
const PICK = 'pick' as keyof AskValues;

/** The server's field paths (POST /app/webSearch) mapped to the form's fields. */
const SERVER_FIELDS: Record<string, keyof AskQueryForm> = {
  search: 'query',
  'userData.name': 'name',
  'userData.mobile': 'contactNum',
  'userData.email': 'emailId',
};

/** /askquery and its scoped forms (/brandaskquery/{id}, /storeaskquery/{id}, …). */
export default function AskQueryPage() {
  const profile = useProfileFromParams();
  const name = useProfileName(profile);
  const { t } = useT('queries');
  const { t: common } = useT('common');

  if (profile && name.isPending) {
    return (
      <section className="page queries">
        <LoadingState label={t('loading')} />
      </section>
    );
  }
  if (profile && name.isError) {
    return (
      <section className="page queries">
        <title>{common('pageTitle', { title: t('notFoundTitle') })}</title>
        <h1>{t('askTitle')}</h1>
        <ErrorState
          title={t('couldNotFindWho')}
          message={name.error.message}
          onRetry={() => void name.refetch()}
        />
      </section>
    );
  }
  const heading = profile && name.data ? t('askProfileTitle', { name: name.data }) : t('askTitle');
  return (
    <section className="page queries stack">
      <title>{common('pageTitle', { title: heading })}</title>
      <h1>{heading}</h1>
      <AskQuery profile={profile} />
    </section>
  );
}

function AskQuery({ profile }: { profile: ProfileRef | null }) {
  const [radio, setRadio] = useState<QueryScope>('anything');
  const [chosen, setChosen] = useState<ProfileHit | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const ask = useAskQuery();
  const { t } = useT('queries');
  const chooseWho = t('chooseWho');
  // Without an account the query carries the visitor's consent; signed in, the sign-up's stands.
  const consentRequired = !useCurrentUser();
  const consentMessage = useConsentError(false) ?? '';
  // The choice of who to ask is not a field of the schema, yet the summary must list it with the
  // others: the resolver adds its error while the radio asks for someone and nobody is chosen.
  const pickMissing = !profile && radio !== 'anything' && !pickedProfile(chosen);
  const resolver = useMemo<Resolver<AskValues, PickContext, AskQueryValues>>(() => {
    const schema = zodResolver(askQueryFormSchema);
    return async (values, context, options) => {
      // The box is not the schema's: its name is left out of what the schema is asked about.
      const result = await schema(values, context, options as unknown as Parameters<typeof schema>[2]);
      const extra: Record<string, { type: string; message: string }> = {};
      if (context?.pickMissing) extra[PICK] = { type: 'pick', message: chooseWho };
      if (context?.consentRequired && !values.consent)
        extra.consent = { type: 'consent', message: consentMessage };
      if (Object.keys(extra).length === 0) return result;
      return { values: {}, errors: { ...result.errors, ...extra } };
    };
  }, [chooseWho, consentMessage]);
  const form = useForm<AskValues, PickContext, AskQueryValues>({
    resolver,
    // Handed to the resolver on every validation, so it sees the current choice.
    context: { pickMissing, consentRequired },
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { query: '', name: '', contactNum: '', emailId: '', consent: false },
  });
  const { register, control, setError, clearErrors, setValue } = form;
  const kit = useFormKit(form);
  const values = useWatch({ control, name: FIELDS });
  const consent = useWatch({ control, name: 'consent' });
  const toast = useToast();
  const own = useOwnContact();
  useFillOwnContact(own, (contact) => {
    const options = { shouldValidate: true } as const;
    setValue('name', contact.name, options);
    setValue('emailId', contact.email, options);
    if (contact.mobile) setValue('contactNum', contact.mobile, options);
  });

  if (ask.isSuccess) {
    return (
      <ThankYou
        profile={profile ?? pickedProfile(chosen)}
        passwordSentTo={ask.data?.passwordSentTo}
        confirmation={ask.data?.confirmation}
      />
    );
  }

  const radioKinds = RADIOS.find((r) => r.value === radio)!.kinds;
  // Spec: Ask stays unavailable until every field is filled; the button says how many are empty.
  const emptyCount = values.filter((value) => !isFilledText(value)).length;
  const picked = pickedProfile(chosen);

  const onSubmit = kit.onSubmit(async (values) => {
    let scope: QueryScope = 'anything';
    let scopeUserId: string | undefined;
    if (profile) {
      scope = profile.scope;
      scopeUserId = profile.id;
    } else if (picked) {
      scope = picked.scope;
      scopeUserId = picked.id;
    }
    setServerError(null);
    try {
      await ask.mutateAsync({
        form: values,
        scope,
        scopeUserId,
        consent: consentRequired ? consentPayload(consent) : undefined,
      });
      // The spec's toast; the thank-you card below takes focus and says it in its own words.
      toast.showSuccess(t('querySaved'), { announce: false });
    } catch (error) {
      if (isApiError(error)) {
        for (const [path, message] of Object.entries(error.errors)) {
          const field = SERVER_FIELDS[path];
          if (field) setError(field, { type: 'server', message }, { shouldFocus: false });
        }
      }
      setServerError(error instanceof Error ? error.message : t('error'));
      kit.announceServerAnswer();
    }
  });

  return (
    <KitForm kit={kit} className="stack" aria-label={t('askForm')} onSubmit={(event) => void onSubmit(event)}>
      {profile ? null : (
        <fieldset className="card stack queries__scope">
          <legend>{t('whoToAsk')}</legend>
          <div className="queries__radios">
            {RADIOS.map((r) => (
              <label key={r.value} className="queries__radio">
                <input
                  type="radio"
                  name="scope"
                  value={r.value}
                  checked={radio === r.value}
                  onChange={() => {
                    setRadio(r.value);
                    setChosen(null);
                    clearErrors(PICK);
                  }}
                />{' '}
                {t(r.label)}
              </label>
            ))}
          </div>
          {radio !== 'anything' ? (
            <>
              <ProfilePicker
                label={t('searchScope', { scope: t(RADIOS.find((r) => r.value === radio)!.label) })}
                name={PICK}
                kinds={radioKinds}
                useSearch={useProfileSearch}
                chosenLabel={t('chosen')}
                chosen={chosen}
                error={kit.shownError(PICK)}
                onChoose={(hit) => {
                  setChosen(hit);
                  clearErrors(PICK);
                }}
              />
              {picked ? (
                <Link className="link-button" to={socialPaths.askQuery(picked.scope, picked.id)}>
                  {t('go')}
                </Link>
              ) : null}
            </>
          ) : null}
        </fieldset>
      )}
      <div className="card stack">
        <TextAreaField
          label={t('yourQuery')}
          autoComplete="off"
          inputMode="text"
          error={kit.shownError('query')}
          {...register('query')}
        />
        <ContactFields register={register} shownError={kit.shownError} own={own} />
        <FormMessage messageRef={kit.messageRef}>{serverError}</FormMessage>
        {consentRequired ? (
          <ConsentField
            checked={consent}
            onChange={(checked) => setValue('consent', checked, { shouldDirty: true, shouldValidate: true })}
            error={kit.shownError('consent')}
          />
        ) : null}
        <SubmitButton
          blockedReason={emptyCount > 0 ? t('fieldsEmpty', { count: emptyCount }) : null}
          submitting={ask.isPending}
          submittingLabel={t('asking')}
        >
          {t('ask')}
        </SubmitButton>
      </div>
    </KitForm>
  );
}

function pickedProfile(hit: ProfileHit | null): ProfileRef | null {
  if (!hit || hit.kind === 'post' || hit.kind === 'query') return null;
  return { scope: hit.kind, id: hit._id };
}

function ThankYou({
  profile,
  passwordSentTo,
  confirmation,
}: {
  profile: ProfileRef | null;
  passwordSentTo: string | undefined;
  confirmation: Confirmation | undefined;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useT('queries');
  // The form is gone; focus the news so keyboard and screen-reader users are not lost.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="card stack">
      <h2 ref={heading} tabIndex={-1}>
        {t('thankYou')}
      </h2>
      <p>{t('thankYouText')}</p>
      {passwordSentTo ? <p>{t('passwordSent', { to: passwordSentTo })}</p> : null}
      {confirmation ? <ClaimCodeForm confirmation={confirmation} /> : null}
      <p className="queries__actions">
        <Link className="link-button" to={socialPaths.answerQuery(profile?.scope, profile?.id)}>
          {t('seeQueries')}
        </Link>
      </p>
    </div>
  );
}

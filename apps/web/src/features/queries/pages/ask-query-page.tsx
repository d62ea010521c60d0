import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  askQueryFormSchema,
  QUERY_THANK_YOU,
  type AskQueryForm,
  type ProfileHit,
  type QueryScope,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { ProfilePicker } from '../../../components/ui/profile-picker';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { isApiError } from '../../../lib/api-client';
import { socialPaths } from '../../../lib/routes';
import { useProfileFromParams, useProfileName, type ProfileRef } from '../../../lib/use-profile-scope';
import { useAskQuery, useProfileSearch } from '../api/queries-api';
import { ContactFields } from '../components/contact-fields';
import '../components/queries.css';

/** The spec's radio values; "Influencer or Service" searches both kinds of profile. */
const RADIOS: Array<{ value: QueryScope; label: string; kinds: ReadonlyArray<ProfileHit['kind']> }> = [
  { value: 'anything', label: 'Anything', kinds: [] },
  { value: 'brand', label: 'Brand', kinds: ['brand'] },
  { value: 'store', label: 'Store', kinds: ['store'] },
  { value: 'service', label: 'Influencer or Service', kinds: ['influencer', 'service'] },
];

const FIELDS = ['query', 'name', 'contactNum', 'emailId'] as const;

/** /askquery and its scoped forms (/brandaskquery/{id}, /storeaskquery/{id}, …). */
export default function AskQueryPage() {
  const profile = useProfileFromParams();
  const name = useProfileName(profile);

  if (profile && name.isPending) {
    return (
      <section className="page queries">
        <LoadingState label="Loading…" />
      </section>
    );
  }
  if (profile && name.isError) {
    return (
      <section className="page queries">
        <title>Not found | Revuhub</title>
        <h1>Ask a Query</h1>
        <ErrorState
          title="We could not find who to ask"
          message={name.error.message}
          onRetry={() => void name.refetch()}
        />
      </section>
    );
  }
  const heading = profile && name.data ? `Ask ${name.data} a Query` : 'Ask a Query';
  return (
    <section className="page queries stack">
      <title>{`${heading} | Revuhub`}</title>
      <h1>{heading}</h1>
      <AskQuery profile={profile} />
    </section>
  );
}

function AskQuery({ profile }: { profile: ProfileRef | null }) {
  const [radio, setRadio] = useState<QueryScope>('anything');
  const [chosen, setChosen] = useState<ProfileHit | null>(null);
  const [pickError, setPickError] = useState<string>();
  const ask = useAskQuery();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AskQueryForm, unknown, z.infer<typeof askQueryFormSchema>>({
    resolver: zodResolver(askQueryFormSchema),
    mode: 'onTouched',
    defaultValues: { query: '', name: '', contactNum: '', emailId: '' },
  });
  const values = useWatch({ control, name: FIELDS });

  if (ask.isSuccess) {
    return <ThankYou profile={profile ?? pickedProfile(chosen)} passwordSentTo={ask.data?.passwordSentTo} />;
  }

  const radioKinds = RADIOS.find((r) => r.value === radio)!.kinds;
  const picked = pickedProfile(chosen);

  const onSubmit = handleSubmit(async (form) => {
    let scope: QueryScope = 'anything';
    let scopeUserId: string | undefined;
    if (profile) {
      scope = profile.scope;
      scopeUserId = profile.id;
    } else if (radio !== 'anything') {
      if (!picked) {
        setPickError('Choose who to ask');
        return;
      }
      scope = picked.scope;
      scopeUserId = picked.id;
    }
    setPickError(undefined);
    try {
      await ask.mutateAsync({ form, scope, scopeUserId });
    } catch (error) {
      if (isApiError(error)) {
        for (const [field, message] of Object.entries(error.errors)) {
          if (field === 'search') setError('query', { message });
          if (field === 'userData.name') setError('name', { message });
          if (field === 'userData.mobile') setError('contactNum', { message });
          if (field === 'userData.email') setError('emailId', { message });
        }
      }
    }
  });

  return (
    <>
      {profile ? null : (
        <fieldset className="card stack queries__scope">
          <legend>Who do you want to ask?</legend>
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
                  }}
                />{' '}
                {r.label}
              </label>
            ))}
          </div>
          {radio !== 'anything' ? (
            <>
              <ProfilePicker
                label={`Search ${RADIOS.find((r) => r.value === radio)!.label}`}
                kinds={radioKinds}
                useSearch={useProfileSearch}
                chosenLabel="Chosen"
                chosen={chosen}
                onChoose={(hit) => {
                  setChosen(hit);
                  setPickError(undefined);
                }}
              />
              {picked ? (
                <Link className="link-button" to={socialPaths.askQuery(picked.scope, picked.id)}>
                  Go
                </Link>
              ) : null}
              {pickError ? (
                <p className="field__error" role="alert">
                  {pickError}
                </p>
              ) : null}
            </>
          ) : null}
        </fieldset>
      )}
      <form className="card stack" noValidate aria-label="Ask your query" onSubmit={(e) => void onSubmit(e)}>
        <TextAreaField label="Your query" error={errors.query?.message} {...register('query')} />
        <ContactFields register={register} errors={errors} />
        {ask.isError && !(isApiError(ask.error) && Object.keys(ask.error.errors).length > 0) ? (
          <p className="queries__error" role="alert">
            {ask.error.message}
          </p>
        ) : null}
        <div>
          <Button type="submit" loading={ask.isPending} disabled={!values.every((v) => !!v?.trim())}>
            Ask
          </Button>
        </div>
      </form>
    </>
  );
}

function pickedProfile(hit: ProfileHit | null): ProfileRef | null {
  if (!hit || hit.kind === 'post' || hit.kind === 'query') return null;
  return { scope: hit.kind, id: hit._id };
}

function ThankYou({
  profile,
  passwordSentTo,
}: {
  profile: ProfileRef | null;
  passwordSentTo: string | undefined;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone; focus the news so keyboard and screen-reader users are not lost.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="card stack" role="status">
      <h2 ref={heading} tabIndex={-1}>
        {QUERY_THANK_YOU}
      </h2>
      <p>We will let you know when someone answers. Meanwhile, see what others asked and answered.</p>
      {passwordSentTo ? (
        <p>{`We made an account for you and sent its one-time password to ${passwordSentTo}.`}</p>
      ) : null}
      <p className="queries__actions">
        <Link className="link-button" to={socialPaths.answerQuery(profile?.scope, profile?.id)}>
          See queries and answers
        </Link>
      </p>
    </div>
  );
}

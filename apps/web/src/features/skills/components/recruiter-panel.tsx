import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import { recruiterApplySchema, type RecruiterApply, type RecruiterApplyInput } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { LoadingState } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { useApplyAsRecruiter, useRecruiterStanding } from '../api/skills-api';
import { useT } from '../../../lib/i18n';

/**
 * "Apply as recruiter" (decision 026): approved recruiters also see private skill posts. A visitor
 * is sent to log in; a signed-in account applies once its e-mail or mobile is proven.
 */
export function RecruiterPanel() {
  const user = useCurrentUser();
  const location = useLocation();
  const { t } = useT('skills');
  return (
    <section className="page stack" aria-labelledby="skills-recruiters" id="recruiters">
      <h2 id="skills-recruiters">{t('forRecruiters')}</h2>
      <p>{t('recruitersIntro')}</p>
      {user ? (
        <Standing />
      ) : (
        <p>
          <Link
            className="link-button"
            to={paths.login}
            state={{ from: `${location.pathname}${location.search}#recruiters` }}
          >
            {t('logInToApply')}
          </Link>{' '}
          {t('noAccount')} <Link to={paths.joinAsEndUser}>{t('createOne')}</Link> {t('verifyFirst')}
        </p>
      )}
    </section>
  );
}

function Standing() {
  const standing = useRecruiterStanding();
  const { t } = useT('skills');
  if (standing.isPending) return <LoadingState label={t('loadingStanding')} />;
  if (standing.isError) {
    return <ErrorState message={standing.error.message} onRetry={() => void standing.refetch()} />;
  }
  const s = standing.data.Data;
  if (s.status === 'approved') {
    return (
      <p className="card skills__standing" role="status">
        {t('approvedRecruiter', { company: s.company })}
      </p>
    );
  }
  if (s.status === 'pending') {
    return (
      <p className="card skills__standing" role="status">
        {t('pendingRecruiter', { company: s.company })}
      </p>
    );
  }
  if (!s.contactProven) {
    return <p className="card skills__standing">{t('proveFirstHow', { message: t('proveFirst') })}</p>;
  }
  return (
    <div className="stack">
      {s.status === 'rejected' ? (
        <p className="card skills__standing">{t('notApproved', { reason: s.reason })}</p>
      ) : null}
      <ApplyForm company={s.company} hiresFor={s.hiresFor} />
    </div>
  );
}

function ApplyForm({ company, hiresFor }: { company: string; hiresFor: string }) {
  const apply = useApplyAsRecruiter();
  const { t } = useT('skills');
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RecruiterApplyInput, unknown, RecruiterApply>({
    resolver: zodResolver(recruiterApplySchema),
    mode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { company, hiresFor },
  });
  const kit = useFormKit(form);
  const {
    register,
    setError,
    formState: { isSubmitting },
  } = form;

  async function submit(values: RecruiterApply) {
    setServerError(null);
    try {
      await apply.mutateAsync(values);
    } catch (error) {
      if (isApiError(error)) {
        for (const [path, message] of Object.entries(error.errors)) {
          if (path === 'company' || path === 'hiresFor') {
            setError(path, { type: 'server', message }, { shouldFocus: false });
          }
        }
      }
      setServerError(error instanceof Error ? error.message : String(error));
      kit.announceServerAnswer();
    }
  }

  return (
    <KitForm
      kit={kit}
      className="card stack skills__apply"
      aria-labelledby="skills-apply"
      onSubmit={(event) => void kit.onSubmit(submit)(event)}
    >
      <h3 id="skills-apply">{t('applyAsRecruiter')}</h3>
      <TextField
        label={t('companyName')}
        autoComplete="organization"
        error={kit.shownError('company')}
        {...register('company')}
      />
      <TextField
        label={t('hiresFor')}
        hint={t('hiresForHint')}
        autoComplete="off"
        error={kit.shownError('hiresFor')}
        {...register('hiresFor')}
      />
      <FormMessage messageRef={kit.messageRef}>{serverError}</FormMessage>
      <SubmitButton submitting={isSubmitting} submittingLabel={t('sending')}>
        {t('applyAsRecruiter')}
      </SubmitButton>
    </KitForm>
  );
}

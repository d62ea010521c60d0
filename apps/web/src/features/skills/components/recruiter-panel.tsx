import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import {
  recruiterApplySchema,
  SKILL_MESSAGES,
  type RecruiterApply,
  type RecruiterApplyInput,
} from '@app/domain';
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

/**
 * "Apply as recruiter" (decision 026): approved recruiters also see private skill posts. A visitor
 * is sent to log in; a signed-in account applies once its e-mail or mobile is proven.
 */
export function RecruiterPanel() {
  const user = useCurrentUser();
  const location = useLocation();
  return (
    <section className="page stack" aria-labelledby="skills-recruiters" id="recruiters">
      <h2 id="skills-recruiters">For recruiters</h2>
      <p>
        Creators often share their work privately. Recruiters approved by the admin see those posts too and
        can contact the people behind them.
      </p>
      {user ? (
        <Standing />
      ) : (
        <p>
          <Link
            className="link-button"
            to={paths.login}
            state={{ from: `${location.pathname}${location.search}#recruiters` }}
          >
            Log in to apply as recruiter
          </Link>{' '}
          No account? <Link to={paths.joinAsEndUser}>Create one</Link> and verify your e-mail first.
        </p>
      )}
    </section>
  );
}

function Standing() {
  const standing = useRecruiterStanding();
  if (standing.isPending) return <LoadingState label="Loading your recruiter status…" />;
  if (standing.isError) {
    return <ErrorState message={standing.error.message} onRetry={() => void standing.refetch()} />;
  }
  const s = standing.data.Data;
  if (s.status === 'approved') {
    return (
      <p className="card skills__standing" role="status">
        You are an approved recruiter for {s.company}. Private skill posts show below, marked as private.
      </p>
    );
  }
  if (s.status === 'pending') {
    return (
      <p className="card skills__standing" role="status">
        Your request to recruit for {s.company} is with the admin. You will see private posts once it is
        approved.
      </p>
    );
  }
  if (!s.contactProven) {
    return (
      <p className="card skills__standing">
        {SKILL_MESSAGES.proveFirst}: log out and use “Verify your e-mail” on the login page.
      </p>
    );
  }
  return (
    <div className="stack">
      {s.status === 'rejected' ? (
        <p className="card skills__standing">
          The admin did not approve your earlier request: {s.reason}. You can apply again.
        </p>
      ) : null}
      <ApplyForm company={s.company} hiresFor={s.hiresFor} />
    </div>
  );
}

function ApplyForm({ company, hiresFor }: { company: string; hiresFor: string }) {
  const apply = useApplyAsRecruiter();
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
      <h3 id="skills-apply">Apply as recruiter</h3>
      <TextField
        label="Company name"
        autoComplete="organization"
        error={kit.shownError('company')}
        {...register('company')}
      />
      <TextField
        label="What you hire for"
        hint="One line, e.g. Site electricians and solar technicians in Pune"
        autoComplete="off"
        error={kit.shownError('hiresFor')}
        {...register('hiresFor')}
      />
      <FormMessage messageRef={kit.messageRef}>{serverError}</FormMessage>
      <SubmitButton submitting={isSubmitting} submittingLabel="Sending…">
        Apply as recruiter
      </SubmitButton>
    </KitForm>
  );
}

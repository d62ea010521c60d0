import { useId, useState } from 'react';
import {
  RECRUITER_DECISION_STATUSES,
  type RecruiterApplication,
  type RecruiterDecisionStatus,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { SelectField } from '../../../components/ui/select-field';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useDecideRecruiter, useRecruiterApplications } from '../api/skills-api';
import { useFormat, useT } from '../../../lib/i18n';
import './skill-discovery.css';

const STATUS_KEYS: Record<RecruiterDecisionStatus, string> = {
  pending: 'statusWaiting',
  approved: 'statusApproved',
  rejected: 'statusRejected',
};

const isStatus = (v: string): v is RecruiterDecisionStatus =>
  (RECRUITER_DECISION_STATUSES as readonly string[]).includes(v);

/**
 * /managerecruiters (admin): who may see private skill posts as a recruiter (decision 026).
 * The API allows the admin only; the route guard just saves others a dead end.
 */
export default function ManageRecruitersPage() {
  const [status, setStatus] = useState<RecruiterDecisionStatus | ''>('pending');
  const list = useRecruiterApplications(status);
  const { t } = useT('skills');
  const { t: common } = useT('common');
  return (
    <section className="page stack" aria-labelledby="recruiters-title">
      <title>{common('pageTitle', { title: t('recruiters') })}</title>
      <h1 id="recruiters-title">{t('recruiters')}</h1>
      <p>{t('recruitersAdminIntro')}</p>
      <SelectField
        className="skills__kind"
        label={t('show')}
        placeholder={t('allRequests')}
        options={RECRUITER_DECISION_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEYS[s]) }))}
        value={status}
        onChange={(e) => setStatus(isStatus(e.target.value) ? e.target.value : '')}
      />
      {list.isPending ? (
        <LoadingState label={t('loadingRequests')} />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.Data.length === 0 ? (
        <EmptyState title={status === 'pending' ? t('noRequestsWaiting') : t('noRequests')} />
      ) : (
        <ul className="skills__list" aria-label={t('recruiterRequests')}>
          {list.data.Data.map((a) => (
            <RequestCard key={a._id} request={a} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestCard({ request }: { request: RecruiterApplication }) {
  const decide = useDecideRecruiter();
  const { t } = useT('skills');
  const { date } = useFormat();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ reason?: string; message?: string }>({});
  const statusId = useId();

  async function send(decision: 'approve' | 'reject') {
    setError({});
    try {
      await decide.mutateAsync({ id: request._id, decision, reason });
    } catch (e) {
      setError({
        reason: isApiError(e) ? e.errors.reason : undefined,
        message: e instanceof Error ? e.message : String(e),
      });
    }
  }

  return (
    <li className="card stack skill-card" aria-labelledby={`${statusId}-name`}>
      <p className="skill-card__kind">{t(STATUS_KEYS[request.status])}</p>
      <h2 className="skill-card__title" id={`${statusId}-name`}>
        {t('requestName', { name: request.name, company: request.company })}
      </h2>
      <p className="skill-card__text">{t('hiresForText', { text: request.hiresFor })}</p>
      {request.status === 'rejected' && request.reason ? (
        <p className="skill-card__author">{t('reasonText', { reason: request.reason })}</p>
      ) : null}
      <p className="skill-card__author">
        {t('asked')}
        <time dateTime={request.createdAt}>{date(request.createdAt)}</time>
      </p>
      {request.status === 'approved' ? null : (
        <Button onClick={() => void send('approve')} disabled={decide.isPending}>
          {t('approve')}
          <span className="visually-hidden"> {request.name}</span>
        </Button>
      )}
      {request.status === 'rejected' ? null : (
        <div className="stack">
          <TextField
            label={t('reasonFor', { name: request.name })}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={error.reason}
            autoComplete="off"
          />
          <Button variant="secondary" onClick={() => void send('reject')} disabled={decide.isPending}>
            {t('reject')}
            <span className="visually-hidden"> {request.name}</span>
          </Button>
        </div>
      )}
      {error.message && !error.reason ? (
        <p className="form-message form-message--error" role="alert">
          {error.message}
        </p>
      ) : null}
    </li>
  );
}

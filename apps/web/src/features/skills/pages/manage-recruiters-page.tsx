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
import './skill-discovery.css';

const STATUS_LABELS: Record<RecruiterDecisionStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  rejected: 'Rejected',
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
  return (
    <section className="page stack" aria-labelledby="recruiters-title">
      <title>Recruiters | Revuhub</title>
      <h1 id="recruiters-title">Recruiters</h1>
      <p>Approved recruiters see private skill posts on Skill Discovery and can contact their authors.</p>
      <SelectField
        className="skills__kind"
        label="Show"
        placeholder="All requests"
        options={RECRUITER_DECISION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        value={status}
        onChange={(e) => setStatus(isStatus(e.target.value) ? e.target.value : '')}
      />
      {list.isPending ? (
        <LoadingState label="Loading recruiter requests…" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.Data.length === 0 ? (
        <EmptyState title={status === 'pending' ? 'No requests waiting' : 'No requests'} />
      ) : (
        <ul className="skills__list" aria-label="Recruiter requests">
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
      <p className="skill-card__kind">{STATUS_LABELS[request.status]}</p>
      <h2 className="skill-card__title" id={`${statusId}-name`}>
        {request.name}, {request.company}
      </h2>
      <p className="skill-card__text">Hires for: {request.hiresFor}</p>
      {request.status === 'rejected' && request.reason ? (
        <p className="skill-card__author">Reason: {request.reason}</p>
      ) : null}
      <p className="skill-card__author">
        Asked{' '}
        <time dateTime={request.createdAt}>{new Date(request.createdAt).toLocaleDateString('en-IN')}</time>
      </p>
      {request.status === 'approved' ? null : (
        <Button onClick={() => void send('approve')} disabled={decide.isPending}>
          Approve<span className="visually-hidden"> {request.name}</span>
        </Button>
      )}
      {request.status === 'rejected' ? null : (
        <div className="stack">
          <TextField
            label={`Reason for rejecting ${request.name}`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={error.reason}
            autoComplete="off"
          />
          <Button variant="secondary" onClick={() => void send('reject')} disabled={decide.isPending}>
            Reject<span className="visually-hidden"> {request.name}</span>
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

import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { richText } from '../../../components/ui/rich-text';
import { LoadingState } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/routes';
import { useEarlierApplication } from '../api/applications-api';

type Kind = 'expert' | 'brand' | 'retailer';

/**
 * On the re-application link My Account gives a rejected applicant (`?reapply=1`), waits for the signed-in applicant's earlier answers and hands them to
 * the form; elsewhere the form starts empty. Answers of another kind give only the e-mail and number.
 */
export function EarlierAnswers({
  kind,
  children,
}: {
  kind: Kind;
  children: (earlier: { answers: Record<string, unknown>; reapply: boolean }) => ReactNode;
}) {
  const { t } = useT('applications');
  const [params] = useSearchParams();
  const reapply = params.get('reapply') === '1';
  const earlier = useEarlierApplication(reapply);
  if (!reapply) return children({ answers: {}, reapply: false });
  if (earlier.isPending) return <LoadingState label={t('loadingEarlier')} />;
  if (earlier.isError) {
    return (
      <div className="stack">
        <ErrorState
          title={t('couldNotLoadEarlier')}
          message={earlier.error.message}
          onRetry={() => void earlier.refetch()}
        />
        <p>
          {richText((values) => t('logInToReapply', values), {
            link: <Link to={paths.login}>{t('logIn')}</Link>,
          })}
        </p>
      </div>
    );
  }
  const { answers } = earlier.data;
  return children({
    answers:
      earlier.data.kind === kind ? answers : { emailId: answers.emailId, contactNum: answers.contactNum },
    reapply: true,
  });
}

/** Above a re-application form; gone with the form once it is sent. */
export function ReapplyNote() {
  const { t } = useT('applications');
  return (
    <p className="application__intro" role="status">
      {t('reapplyNote')}
    </p>
  );
}

/** What a form starts from: empty, or the earlier answers of a rejected applicant re-applying. */
export interface FormStart<T> {
  initial?: Partial<T>;
  /** Sent with the session; the e-mail stays the account's. */
  reapply?: boolean;
}

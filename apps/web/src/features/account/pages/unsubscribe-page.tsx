import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { richText } from '../../../components/ui/rich-text';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/routes';
import { useUnsubscribe } from '../api/account-api';

/**
 * Where the link at the end of a message leads. It asks before switching off: mail scanners open
 * every link in a message, and opening the page alone must change nothing.
 */
export default function UnsubscribePage() {
  const { t } = useT('account');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  return (
    <section className="page stack">
      <title>{t('stopMessagesTitle')}</title>
      <h1>{t('stopTheseMessages')}</h1>
      {!token ? (
        <ErrorState title={t('linkIncomplete')} message={t('openLinkAgain')} />
      ) : unsubscribe.isSuccess ? (
        <div className="card stack" role="status">
          <p>
            {richText((values) => t('unsubscribed', values), {
              topic: <strong>{unsubscribe.data.data.label}</strong>,
            })}
          </p>
          <p>
            {richText((values) => t('changedMind', values), {
              link: <Link to={paths.myAccount}>{t('signInAndChoose')}</Link>,
            })}
          </p>
        </div>
      ) : (
        <div className="card stack">
          <p>{t('willStop')}</p>
          {unsubscribe.isError ? (
            <p role="alert" className="form-message form-message--error">
              {isApiError(unsubscribe.error) ? unsubscribe.error.message : t('couldNotDoNow')}
            </p>
          ) : null}
          <div>
            <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
              {unsubscribe.isPending ? t('stopping') : t('stopTheseMessages')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { getUserData, setReferral, setReferrerId } from '../../../lib/storage';
import { isValidReferrerId, safeRedirectPath } from '../referral-rules';

/**
 * /refer?rid=…&redirect=…: remembers who referred the visitor, then moves on (spec section 2). The
 * referral is kept with its time for the orders of the next 30 days (decision 055); `rid` also gets
 * it, as the spec says, unless someone is signed in: then `rid` is that influencer's own id.
 */
export default function ReferPage() {
  const { t } = useT('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rid = params.get('rid');
  const redirect = params.get('redirect');

  useEffect(() => {
    if (isValidReferrerId(rid)) {
      setReferral(rid);
      if (!getUserData()) setReferrerId(rid);
    }
    void navigate(safeRedirectPath(redirect, window.location.origin), { replace: true });
  }, [rid, redirect, navigate]);

  return (
    <section className="page">
      <title>{t('redirectingTitle')}</title>
      <LoadingState label={t('redirecting')} />
    </section>
  );
}

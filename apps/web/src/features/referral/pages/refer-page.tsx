import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { setReferrerId } from '../../../lib/storage';
import { isValidReferrerId, safeRedirectPath } from '../referral-rules';

/** /refer?rid=…&redirect=…: remembers who referred the visitor, then moves on (spec section 2). */
export default function ReferPage() {
  const { t } = useT('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rid = params.get('rid');
  const redirect = params.get('redirect');

  useEffect(() => {
    if (isValidReferrerId(rid)) setReferrerId(rid);
    void navigate(safeRedirectPath(redirect, window.location.origin), { replace: true });
  }, [rid, redirect, navigate]);

  return (
    <section className="page">
      <title>{t('redirectingTitle')}</title>
      <LoadingState label={t('redirecting')} />
    </section>
  );
}

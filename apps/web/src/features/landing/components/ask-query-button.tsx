import { useEffect, useState } from 'react';
import { ASK_QUERY_BUTTON_DELAY_MS } from '@app/domain/constants';
import { AppLink } from '../../../components/ui/app-link';
import { useT } from '../../../lib/i18n/translate';
import { paths } from '../../../lib/routes';

/** Appears 5.5 s after landing (spec section 2); fixed in place, so it moves nothing else. */
export function AskQueryButton() {
  const [visible, setVisible] = useState(false);
  const { t } = useT('landing');
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), ASK_QUERY_BUTTON_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <AppLink to={paths.askQuery} className="lp-ask">
      {t('askNow')}
    </AppLink>
  );
}

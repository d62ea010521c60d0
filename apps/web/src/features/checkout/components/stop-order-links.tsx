import { useState } from 'react';
import type { OrderView } from '@app/domain';
import { useAlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { stopOrderLinks } from '../api/order-links-api';
import { useT } from '../../../lib/i18n';

/**
 * "Stop earlier links" on the order page (issue 40, decision 063): a buyer who forwarded an order's
 * message, or lost a phone that had it open, ends every link and device that opened the order so
 * far. This device keeps it open; messages from now on carry the new link.
 */
export function StopOrderLinks({ order }: { order: OrderView }) {
  const { t } = useT('checkout');
  const dialogs = useAlertDialog();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const stop = async () => {
    const confirmed = await dialogs.confirm(<p>{t('stopLinksConfirm')}</p>, {
      title: t('stopLinksTitle'),
      confirmLabel: t('stopLinks'),
      cancelLabel: t('keepLinks'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await stopOrderLinks(order._id);
      toast.showSuccess(t('linksStopped'));
    } catch (error) {
      toast.showError(isApiError(error) ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card stack" aria-labelledby="order-links">
      <h2 id="order-links">{t('orderLinksHeading')}</h2>
      <p>{t('orderLinksText')}</p>
      <div>
        <Button variant="secondary" loading={busy} onClick={() => void stop()}>
          {t('stopLinks')}
        </Button>
      </div>
      {dialogs.dialog}
    </section>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { sendOrderLinkAgain } from '../api/order-links-api';

/**
 * On an order page this device cannot open (issue 40): "Send me the link again" sends the order's
 * link to the e-mail and mobile given at checkout, never to this device, so a buyer on a new phone
 * gets back in while the id alone still opens nothing. The answer is said where the button was.
 */
export function SendOrderLink({ orderId }: { orderId: string }) {
  const { t } = useT('checkout');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null);
  const answerRef = useRef<HTMLParagraphElement>(null);
  // The button's news takes the focus once drawn (the button itself goes): it says where to look.
  useEffect(() => {
    if (answer) answerRef.current?.focus();
  }, [answer]);

  const send = async () => {
    setSending(true);
    try {
      const sent = await sendOrderLinkAgain(orderId);
      setAnswer({ text: sent.message, failed: false });
    } catch (error) {
      setAnswer({ text: isApiError(error) ? error.message : t('linkNotSent'), failed: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="stack">
      <p>{t('linkAgainHelp')}</p>
      {answer ? (
        <p ref={answerRef} tabIndex={-1} role={answer.failed ? 'alert' : 'status'}>
          {answer.text}
        </p>
      ) : null}
      {answer && !answer.failed ? null : (
        <p className="checkout__actions">
          <Button variant="secondary" loading={sending} onClick={() => void send()}>
            {t('linkAgain')}
          </Button>
        </p>
      )}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LOCALE_OF, orderNumberOf, type OrderView } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { paths, socialPaths } from '../../../lib/routes';
import { useSiteSettings } from '../../../lib/site-settings';
import { retryPayment, useOrderStatus, useProduct } from '../api/checkout-api';
import { openHostedCheckout } from '../open-hosted-checkout';
import { orderClaimOf, passwordNoticeOf } from '../order-notes';
import { CodOrderState } from '../components/cod-order-state';
import { CodRefundPayout } from '../components/cod-refund-payout';
import { BuyerCancelOrder } from '../components/buyer-cancel-order';
import { OrderRefundState } from '../components/order-refund-state';
import '../checkout.css';
import { ClaimCodeForm } from '../../contributions';
import { StopOrderLinks } from '../components/stop-order-links';
import { GiveDeliveryAddress } from '../components/give-delivery-address';
import { SendOrderLink } from '../components/send-order-link';
import { useFormat, useT } from '../../../lib/i18n';
import { OrderDocuments, shipmentWords } from '../../orders';

function PaymentState({
  order,
  onRetry,
  retrying,
}: {
  order: OrderView;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t, language } = useT('checkout');
  const { rupees } = useFormat();
  const timeOf = (iso: string) =>
    new Date(iso).toLocaleTimeString(LOCALE_OF[language], { hour: 'numeric', minute: '2-digit' });
  // Cancelled on purpose (decision 030): who cancelled and why, and any refund.
  if (order.cancellation) return <OrderRefundState order={order} />;
  // Cash on delivery (decision 032): waiting for the seller, accepted, paid on delivery.
  if (order.paymentMethod === 'COD' && ['COD_PENDING', 'COD_ACCEPTED', 'PAID'].includes(order.paymentState))
    return <CodOrderState order={order} />;
  switch (order.paymentState) {
    case 'COD_PENDING':
    case 'COD_ACCEPTED':
      return <CodOrderState order={order} />;
    case 'PAID':
    case 'NOT_REQUIRED':
      return (
        <div className="checkout__popover" role="status">
          <h2>{t('placed')}</h2>
          <p>
            {order.quantity} × {order.productName} · {rupees(order.amount)}
            {order.paymentState === 'PAID' ? t('paid') : t('noPaymentNeeded')}
          </p>
        </div>
      );
    case 'CREATED':
      return (
        <div className="checkout__popover" role="status">
          <h2>{t('paymentPending')}</h2>
          <p>{t('waitingProvider', { amount: rupees(order.amount) })}</p>
          {order.holdExpiresAt ? <p>{t('keptUntil', { time: timeOf(order.holdExpiresAt) })}</p> : null}
          <Button variant="secondary" loading={retrying} onClick={onRetry}>
            {t('payNow')}
          </Button>
        </div>
      );
    case 'FAILED':
    case 'CANCELLED':
      return (
        <div className="checkout__popover checkout__state--failed" role="alert">
          <h2>{order.paymentState === 'FAILED' ? t('paymentFailed') : t('paymentCancelled')}</h2>
          {order.holdExpiresAt ? (
            <>
              <p>{t('keptUntilNoMoney', { time: timeOf(order.holdExpiresAt) })}</p>
              <Button loading={retrying} onClick={onRetry}>
                {t('retryPayment')}
              </Button>
            </>
          ) : (
            <>
              <p>{t('orderClosed')}</p>
              <Link
                to={
                  order.channel === 'b2b'
                    ? paths.checkoutB2b(order.productId)
                    : paths.checkout(order.productId)
                }
              >
                {t('orderAgain')}
              </Link>
            </>
          )}
        </div>
      );
    case 'REFUND_PENDING':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return <OrderRefundState order={order} />;
    case 'REFUND_DUE':
      return (
        <div className="checkout__popover checkout__state--failed" role="alert">
          <h2>{t('refundDue')}</h2>
          <p>{t('refundDueText', { amount: rupees(order.amount) })}</p>
        </div>
      );
  }
}

/**
 * "Tag a brand review": bought from a review, tag that review to the store, with the product
 * (/tagstorereview/{mentionInfId}/{mentionPostId}/{storeUserId}/{productId}); bought directly,
 * review the store with the product ticked. The generic form only while the store is unknown.
 */
function tagLink(order: {
  mentionInfId: string | undefined;
  mentionPostId: string | undefined;
  storeUserId: string | undefined;
  productId: string | undefined;
}): string {
  const { mentionInfId, mentionPostId, storeUserId, productId } = order;
  if (mentionInfId && mentionPostId && storeUserId) {
    const tag = socialPaths.tag('store', mentionInfId, mentionPostId, storeUserId);
    return productId ? `${tag}/${encodeURIComponent(productId)}` : tag;
  }
  if (mentionInfId && mentionPostId) return paths.tagReview(mentionInfId, mentionPostId);
  if (storeUserId) {
    const review = socialPaths.addReview('store', storeUserId);
    return productId ? `${review}?productId=${encodeURIComponent(productId)}` : review;
  }
  return paths.addReview;
}

type HeadingKey = 'thankYou' | 'almostDone' | 'notPaid' | 'notCompleted' | 'yourOrder';

/** "Thank you" only for an order that went through; a failed payment is not thanked for. */
function headingOf(state: OrderView['paymentState'] | undefined): HeadingKey {
  switch (state) {
    case undefined:
    case 'PAID':
    case 'NOT_REQUIRED':
    case 'COD_PENDING':
    case 'COD_ACCEPTED':
      return 'thankYou';
    case 'CREATED':
      return 'almostDone';
    case 'FAILED':
    case 'CANCELLED':
      return 'notPaid';
    case 'REFUND_DUE':
      return 'notCompleted';
    case 'REFUND_PENDING':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return 'yourOrder';
  }
}

/** The thank-you routes: the real state of the order, asked of the server, never taken from the URL. */
export default function ThankYouPage() {
  const params = useParams<{
    mentionInfId?: string;
    mentionPostId?: string;
    storeUserId?: string;
    productId?: string;
  }>();
  const [search] = useSearchParams();
  const { t } = useT('checkout');
  const { t: ui } = useT('ui');
  const { t: common } = useT('common');
  const orderId = search.get('order_id');
  const status = useOrderStatus(orderId);
  const settings = useSiteSettings();
  const [retrying, setRetrying] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const passwordSentTo = orderId ? passwordNoticeOf(orderId) : null;
  const claim = orderId ? orderClaimOf(orderId) : null;
  const state = status.data?.paymentState;
  const locked = status.isError && isApiError(status.error) && status.error.status === 403;
  // Nobody is thanked for an order this page could not open.
  const heading = locked ? 'yourOrder' : headingOf(state);
  // The store of what was bought: the tag link names it and the product.
  const product = useProduct(status.data?.productId ?? params.productId);
  const storeUserId = params.storeUserId ?? product.data?.userId._id;

  // Screen readers hear the outcome once the server has answered: focus goes to the heading at the
  // first answer only. A later change (an unpaid order becoming paid while the buyer types a
  // delivery address) is announced by the state's own live region, and never takes the focus away
  // from what the buyer is doing (WCAG 3.2.2).
  const focusedOnce = useRef(false);
  useEffect(() => {
    if (!state || focusedOnce.current) return;
    focusedOnce.current = true;
    headingRef.current?.focus();
  }, [state]);

  const retry = async () => {
    if (!orderId) return;
    setRetrying(true);
    try {
      const { cfOrder } = await retryPayment(orderId);
      await openHostedCheckout(cfOrder);
    } catch (error) {
      window.alert(isApiError(error) || error instanceof Error ? error.message : t('paymentNotStarted'));
      setRetrying(false);
    }
  };

  const reviewLink = tagLink({
    mentionInfId: params.mentionInfId,
    mentionPostId: params.mentionPostId,
    storeUserId,
    productId: status.data?.productId ?? params.productId,
  });

  return (
    <div className="page page--narrow stack">
      <title>{common('pageTitle', { title: t(heading) })}</title>
      <h1 ref={headingRef} tabIndex={-1}>
        {t(heading)}
      </h1>
      {status.data ? (
        <p className="checkout__order-number">
          {t('orderNumber', { number: orderNumberOf(status.data._id) })}
          {status.data.size ? t('size', { size: status.data.size }) : ''}
        </p>
      ) : null}
      {!orderId ? (
        <div className="checkout__popover" role="status">
          <h2>{t('placed')}</h2>
        </div>
      ) : status.isPending ? (
        <LoadingState label={t('checkingPayment')} />
      ) : locked ? (
        // The order id alone opens nothing (decision 063): its link, or its buyer signed in, does.
        <div className="card stack" role="alert">
          <h2>{t('orderLocked')}</h2>
          <p>{status.error.message}</p>
          <p className="checkout__actions">
            <Link to={paths.login}>{common('navLogin')}</Link>
          </p>
          <SendOrderLink orderId={orderId} />
        </div>
      ) : status.isError ? (
        <ErrorState
          title={t('orderNotFound')}
          message={status.error.message}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <PaymentState order={status.data} onRetry={() => void retry()} retrying={retrying} />
      )}
      {status.data ? <GiveDeliveryAddress order={status.data} /> : null}
      {status.data && shipmentWords(status.data, ui) ? <p>{shipmentWords(status.data, ui)}</p> : null}
      {status.data ? <BuyerCancelOrder order={status.data} /> : null}
      {status.data ? <CodRefundPayout order={status.data} /> : null}
      {status.data ? <OrderDocuments order={status.data} /> : null}
      {status.data ? <StopOrderLinks order={status.data} /> : null}
      {passwordSentTo ? <p role="note">{t('accountMade', { to: passwordSentTo })}</p> : null}
      {claim ? <ClaimCodeForm confirmation={claim} /> : null}
      <section className="card stack" aria-labelledby="get-app">
        <h2 id="get-app">{t('getTheApp')}</h2>
        <p>{t('appText')}</p>
        {settings ? (
          <p className="checkout__actions">
            <a href={settings.apps.android} target="_blank" rel="noopener noreferrer">
              {t('googlePlay')}
            </a>
            <a href={settings.apps.ios} target="_blank" rel="noopener noreferrer">
              {t('appStore')}
            </a>
          </p>
        ) : null}
      </section>
      <p className="checkout__actions">
        <Link to={reviewLink}>{t('tagReview')}</Link>
        <Link to={paths.myOrders}>{t('myOrders')}</Link>
      </p>
    </div>
  );
}

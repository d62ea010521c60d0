import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  orderReviewSchema,
  type Media,
  type OrderReview,
  type OrderReviewInput,
  type OrderToReview,
} from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { ImageUploader } from '../../../components/ui/image-uploader';
import { LoadingState } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/routes';
import { useOrderToReview, useReviewOrder } from '../api/ratings-api';
import { PurchaseMark } from '../components/purchase-mark';
import { StarInput } from '../components/star-input';
import '../components/reviews.css';

/**
 * `/revieworder/{orderId}?key=…` (issue 41): the review a delivered order's message asks for. The
 * product, store, name and contact come from the order; the buyer gives stars and words, and the
 * review is marked a verified purchase by that order.
 */
export default function ReviewOrderPage() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const { t } = useT('reviews');
  const { t: common } = useT('common');
  const order = useOrderToReview(orderId, key);
  const [posted, setPosted] = useState<{ postId: string; infId: string } | null>(null);

  const title = <title>{common('pageTitle', { title: t('reviewOrderHeading') })}</title>;
  if (order.isPending) {
    return (
      <section className="page">
        {title}
        <LoadingState label={t('loadingOrder')} />
      </section>
    );
  }
  if (order.isError) {
    const invalid = isApiError(order.error) && order.error.status === 404;
    return (
      <section className="page">
        {title}
        <ErrorState
          titleAs="h1"
          title={invalid ? t('reviewLinkInvalid') : t('couldNotLoadOrder')}
          message={invalid ? t('reviewLinkHelp') : order.error.message}
          {...(invalid ? {} : { onRetry: () => void order.refetch() })}
        />
      </section>
    );
  }
  const data = order.data;
  return (
    <section className="page stack review-order" aria-labelledby="review-order-heading">
      {title}
      <h1 id="review-order-heading">{t('reviewOrderHeading')}</h1>
      <div className="card review-order__product">
        {data.productImage ? <img src={data.productImage} alt="" width={96} height={96} /> : null}
        <div className="stack">
          <p className="review-order__name">
            <Link to={paths.product(data.productId)}>{data.productName}</Link>
          </p>
          <p>{t('orderFrom', { number: data.orderNumber, store: data.storeName })}</p>
          <p>
            <PurchaseMark product={{ ordered: true, orderedOn: data.orderedOn }} />
          </p>
        </div>
      </div>
      {posted || data.review ? (
        <Reviewed review={(posted ?? data.review)!} productId={data.productId} fresh={!!posted} />
      ) : !data.reviewable ? (
        <p role="status">{data.waitsFor === 'payment' ? t('noPurchaseToReview') : t('notDeliveredYet')}</p>
      ) : (
        <OrderReviewForm order={data} reviewKey={key} onPosted={setPosted} />
      )}
    </section>
  );
}

function Reviewed({
  review,
  productId,
  fresh,
}: {
  review: { postId: string; infId: string };
  productId: string;
  fresh: boolean;
}) {
  const { t } = useT('reviews');
  return (
    <div className="stack" role="status">
      <p>{fresh ? t('reviewPosted') : t('alreadyReviewed')}</p>
      <p>
        <Link to={paths.post(review.infId, review.postId)}>{t('readYourReview')}</Link> ·{' '}
        <Link to={paths.product(productId)}>{t('seeProduct')}</Link>
      </p>
    </div>
  );
}

function OrderReviewForm({
  order,
  reviewKey,
  onPosted,
}: {
  order: OrderToReview;
  reviewKey: string;
  onPosted: (review: { postId: string; infId: string }) => void;
}) {
  const { t } = useT('reviews');
  const review = useReviewOrder(order.orderId);
  const [images, setImages] = useState<Media[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<OrderReviewInput, unknown, OrderReview>({
    resolver: zodResolver(orderReviewSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { key: reviewKey, title: '', description: '', data: [], isPrivate: false },
  });
  const kit = useFormKit(form);
  const rating = useWatch({ control: form.control, name: 'rating' });

  const onSubmit = kit.onSubmit(async (values) => {
    setServerError(null);
    try {
      onPosted(
        await review.mutateAsync({ ...values, data: images.map((m) => ({ name: m.name, url: m.url })) }),
      );
    } catch (error) {
      setServerError(error instanceof Error ? error.message : t('error'));
      kit.announceServerAnswer();
    }
  });

  return (
    <KitForm
      kit={kit}
      className="card stack review-form"
      aria-label={t('yourReview')}
      onSubmit={(event) => void onSubmit(event)}
    >
      <p>{t('postingAs', { name: order.authorName })}</p>
      <StarInput
        id={kit.fieldId('rating')}
        legend={t('yourRating', { name: order.productName })}
        value={typeof rating === 'number' ? rating : undefined}
        onChange={(stars) => form.setValue('rating', stars, { shouldValidate: true, shouldDirty: true })}
        error={kit.shownError('rating')}
      />
      <TextField label={t('title')} error={kit.shownError('title')} {...form.register('title')} />
      <TextAreaField
        label={t('description')}
        rows={6}
        autoComplete="off"
        inputMode="text"
        hint={t('guidanceReview')}
        error={kit.shownError('description')}
        {...form.register('description')}
      />
      <ImageUploader label={t('images')} onChange={setImages} />
      <label className="review-form__choice">
        <input type="checkbox" {...form.register('isPrivate')} /> {t('respondPrivately')}
      </label>
      <FormMessage messageRef={kit.messageRef}>{serverError}</FormMessage>
      <SubmitButton submitting={review.isPending} submittingLabel={t('processing')}>
        {t('sendReview')}
      </SubmitButton>
    </KitForm>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import {
  checkoutFormSchema,
  checkoutToOrderRequest,
  contactSchema,
  orderSourceFor,
  PAYMENT_WINDOW_MINUTES,
  postDescription,
  postTitle,
  thankYouPath,
  type Product,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ConsentField, consentPayload, useConsentError } from '../../../components/ui/consent-field';
import { withConsentWhenRequired, type ConsentContext } from '../../../components/ui/consent-resolver';
import { ErrorState } from '../../../components/ui/feedback-state';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { Spinner } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { useFillOwnContact, useOwnContact } from '../../../lib/use-own-contact';
import { usePincodeAutofill } from '../../../lib/use-pincode-autofill';
import { lookupContact, placeOrder, sendBusinessCode, useProduct, useReviewPost } from '../api/checkout-api';
import { ProductNotFound } from '../components/product-not-found';
import { DeliveryAddressChoice, useDeliveryChoice } from '../components/delivery-address-choice';
import { BusinessNumberDialog } from '../components/business-number-dialog';
import { OrderTotals } from '../components/order-totals';
import { PaymentMethodChoice } from '../components/payment-method-choice';
import { useCheckoutPayment } from '../components/use-checkout-payment';
import { openHostedCheckout } from '../open-hosted-checkout';
import { rememberOrderClaim, rememberPasswordNotice } from '../order-notes';
import '../checkout.css';
import { useFormat, useT } from '../../../lib/i18n';

type FormInput = z.input<typeof checkoutFormSchema>;
type FormOutput = z.output<typeof checkoutFormSchema>;
type Field = keyof FormInput;
/** The form's values: the order's fields and a guest buyer's "18 or older" box (decision 040). */
type FormValues = FormInput & { consent: boolean };

/** Server error keys (`address.pinCode`) to the form's field names (`pincode`). */
const SERVER_FIELDS: Record<string, Field> = {
  quantity: 'quantity',
  referrercontactNum: 'referrercontactNum',
  'address.firstName': 'firstName',
  'address.lastName': 'lastName',
  'address.houseNo': 'houseNumber',
  'address.street': 'street',
  'address.landmark': 'ladnmark',
  'address.city': 'city',
  'address.state': 'state',
  'address.country': 'country',
  'address.pinCode': 'pincode',
  'address.email': 'emailId',
  'address.mobile': 'contactNum',
  contactNum: 'contactNum',
  gstin: 'gstin',
};

/** The fields the spec requires; the referrer's number is optional. */
const REQUIRED: readonly Field[] = [
  'quantity',
  'firstName',
  'lastName',
  'emailId',
  'contactNum',
  'houseNumber',
  'street',
  'ladnmark',
  'pincode',
  'city',
  'state',
  'country',
];

function ProductSummary({
  product,
  business,
  sample,
}: {
  product: Product;
  business: boolean;
  sample: boolean;
}) {
  const a = product.prdct_attributes;
  const { t } = useT('checkout');
  const { rupees, number } = useFormat();
  const image = a.media.find((m) => m.type === 'IMAGE')?.url;
  return (
    <section className="card stack checkout__product" aria-labelledby="selected-product">
      {image ? <img src={image} alt={`${a.brand} ${a.model}`} /> : null}
      <h2 id="selected-product">{a.prdct_name}</h2>
      <p>{t('colourSize', { colour: a.colour, size: a.size })}</p>
      <dl className="checkout__prices">
        {sample ? (
          <>
            <dt>{t('samplePrice')}</dt>
            <dd>{rupees(product.sample_charge)}</dd>
            <dt>{t('sampleQuantity')}</dt>
            <dd>{number(Math.max(1, product.sample_qty))}</dd>
          </>
        ) : business ? (
          <>
            <dt>{t('srp')}</dt>
            <dd>{rupees(a.retail_dsct_price)}</dd>
            <dt>{t('wholesaleCataloguePrice')}</dt>
            <dd>{rupees(a.original_price)}</dd>
            <dt>{t('wholesaleSellingPrice')}</dt>
            <dd>{rupees(a.dsct_price || a.original_price)}</dd>
            <dt>{t('minimumOrderQuantity')}</dt>
            <dd>{number(product.min_order_quantity)}</dd>
          </>
        ) : (
          <>
            <dt>{t('mrp')}</dt>
            <dd>
              <s>{rupees(a.retail_original_price)}</s>
            </dd>
            <dt>{t('selling')}</dt>
            <dd>{rupees(a.retail_dsct_price || a.retail_original_price)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

export default function CheckoutPage() {
  const params = useParams<{
    productId?: string;
    storeUserId?: string;
    b2b?: string;
    mentionInfId?: string;
    mentionPostId?: string;
  }>();
  const business = params.b2b === 'true';
  const { t } = useT('checkout');
  const { t: common } = useT('common');
  const { rupees } = useFormat();
  const [pickedProductId, setPickedProductId] = useState<string | undefined>(undefined);
  const productId = params.productId ?? pickedProductId;
  const product = useProduct(productId);
  const post = useReviewPost(params.mentionInfId, params.mentionPostId);
  const user = useCurrentUser();
  const isAdmin = user?.profile.role === 'ADMIN';
  const navigate = useNavigate();
  const [sample, setSample] = useState(false);
  const [referrer, setReferrer] = useState<'idle' | 'checking' | 'validated'>('idle');
  const [buyer, setBuyer] = useState<'idle' | 'checking' | 'validated'>('idle');
  // A business buyer who is not signed in proves their seller number by a code (decision 056).
  const [codeStep, setCodeStep] = useState<{ mobile: string; sentTo: string } | null>(null);
  const [businessProof, setBusinessProof] = useState<string | null>(null);
  const [noSeller, setNoSeller] = useState(false);
  // The admin may order (a sample, say) for a specific user: the account the validated number names.
  const [orderFor, setOrderFor] = useState<{ _id: string; ownerName: string } | null>(null);
  const [busy, setBusy] = useState<'pay' | 'free' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // One key per page visit: a double click or a retry after a lost answer reuses it.
  const idempotencyKey = useRef(crypto.randomUUID());

  const [first = '', ...rest] = (user?.profile.name ?? '').split(' ');
  // Not the spec's "NA" and 100000 (decision 051): the address comes from the buyer's saved ones
  // (useDeliveryChoice below), or the buyer types it.
  const prefill = user ? { firstName: first, lastName: rest.join(' '), emailId: user.profile.email } : {};
  // A guest buyer's order carries their consent; signed in, the sign-up's stands, and so does a
  // business buyer's, who is a seller with an account (decision 056).
  const consentRequired = !user && !business;
  const consentMessage = useConsentError(false) ?? '';
  const resolver = useMemo(
    () => withConsentWhenRequired<FormValues, FormOutput>(zodResolver(checkoutFormSchema), consentMessage),
    [consentMessage],
  );
  const form = useForm<FormValues, ConsentContext, FormOutput>({
    resolver,
    context: { consentRequired },
    // The kit shows an error once its field changed or a submit was tried, never on tabbing past.
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: {
      quantity: '1',
      firstName: '',
      lastName: '',
      houseNumber: '',
      contactNum: '',
      emailId: '',
      street: '',
      ladnmark: '',
      city: '',
      state: '',
      country: '',
      pincode: '',
      referrercontactNum: '',
      gstin: '',
      consent: false,
      ...prefill,
    },
  });
  const {
    register,
    setError,
    setFocus,
    setValue,
    getValues,
    getFieldState,
    control,
    formState: { isValid, dirtyFields },
  } = form;
  const kit = useFormKit(form);
  // The buyer's own number, as their name and e-mail above; the admin's number field looks up
  // whom an order is for, so it stays empty for them.
  const own = useOwnContact();
  useFillOwnContact(isAdmin ? null : own, (contact) => {
    if (contact.mobile && !getValues('contactNum')) {
      setValue('contactNum', contact.mobile, { shouldValidate: true });
    }
  });
  const referrerNumber = useWatch({ control, name: 'referrercontactNum' });
  const contactNumber = useWatch({ control, name: 'contactNum' });
  const pincode = useWatch({ control, name: 'pincode' });
  const required = useWatch({ control, name: REQUIRED });
  const quantity = useWatch({ control, name: 'quantity' });
  const consent = useWatch({ control, name: 'consent' });
  const payment = useCheckoutPayment({
    product: product.data,
    quantity,
    business,
    sample,
    signedIn: !!user,
    forSomeoneElse: isAdmin && !!orderFor,
  });
  // A business order starts at the product's minimum order quantity, until the buyer changes it.
  const minimum = business ? product.data?.min_order_quantity : undefined;
  useEffect(() => {
    if (minimum && minimum > 1 && !getFieldState('quantity').isDirty) {
      setValue('quantity', String(minimum), { shouldValidate: true });
    }
  }, [minimum, getFieldState, setValue]);
  // Only a pincode the buyer typed is looked up, not one filled in from a saved address.
  const pincodeStatus = usePincodeAutofill(
    pincode,
    (place) => {
      const options = { shouldValidate: true, shouldDirty: true } as const;
      setValue('city', place.city ?? place.district, options);
      setValue('state', place.state, options);
      const country = getValues('country').trim();
      if (country === '') setValue('country', 'India', options);
    },
    { enabled: Boolean(dirtyFields.pincode), districtAsCity: true },
  );
  const delivery = useDeliveryChoice({
    user: user ? { _id: user._id, role: user.profile.role, name: user.profile.name } : null,
    productOwnerId: product.data?.userId._id,
    business,
    setField: (name, value) => setValue(name, value, { shouldValidate: value !== '' }),
  });

  if (!productId && !(params.mentionInfId && params.mentionPostId)) {
    return <ProductNotFound />;
  }
  const missingProduct =
    product.isError && isApiError(product.error) && [400, 404].includes(product.error.status);
  if (missingProduct || product.data?.auditFields.isActive === false) {
    return (
      <ProductNotFound
        storeUserId={params.storeUserId ?? product.data?.userId._id}
        inactive={!missingProduct}
      />
    );
  }

  const validate = async (kind: 'buyer' | 'referrer') => {
    const field: Field = kind === 'buyer' ? 'contactNum' : 'referrercontactNum';
    const parsed = contactSchema.safeParse(getValues(field));
    if (!parsed.success) {
      setError(field, { message: parsed.error.issues[0]?.message ?? t('enterContactNumber') });
      setFocus(field);
      return;
    }
    const set = kind === 'buyer' ? setBuyer : setReferrer;
    set('checking');
    try {
      const found = await lookupContact(kind, parsed.data);
      if (kind === 'buyer' && business && found.Data.role === 'USER') {
        set('idle');
        window.alert(t('sellerNotActivated'));
        return;
      }
      if (kind === 'buyer' && business && !user) {
        // Not signed in: a code to the seller account's own contact proves the number is theirs
        // before wholesale prices apply; "Validated" follows the code (decision 056).
        const sent = await sendBusinessCode(parsed.data);
        setCodeStep({ mobile: parsed.data, sentTo: sent.sentTo });
        return;
      }
      // Only the admin team is told whose number it is; that is who may order for them.
      const { _id, ownerName } = found.Data;
      if (kind === 'buyer' && isAdmin && _id) setOrderFor({ _id, ownerName: ownerName ?? '' });
      set('validated');
    } catch (error) {
      set('idle');
      if (kind === 'buyer' && business && isApiError(error) && error.status === 404) setNoSeller(true);
      const message =
        isApiError(error) && error.status === 404
          ? kind === 'buyer'
            ? t('noAccountWithNumber')
            : t('referrerNotFound')
          : isApiError(error)
            ? error.message
            : t('couldNotCheck');
      setError(field, { message });
      setFocus(field);
    }
  };

  const send = (withoutPayment: boolean) => async (form: FormOutput) => {
    if (!productId) return;
    // Valid fields, but something else stops the order (see `blockedReason`): say what.
    const stop = withoutPayment ? null : orderBlockedBy();
    if (stop) {
      setFormError(stop);
      kit.announceServerAnswer();
      return;
    }
    setFormError(null);
    const channel = business ? 'b2b' : 'b2c';
    const endpoint = orderSourceFor({
      channel,
      pay: !withoutPayment,
      fromReview: Boolean(params.mentionInfId && params.mentionPostId),
    });
    const body = {
      ...checkoutToOrderRequest(form, {
        productId,
        mentionInfId: params.mentionInfId,
        mentionPostId: params.mentionPostId,
      }),
      ...(sample ? { sample: true } : {}),
      ...(isAdmin && orderFor ? { user: orderFor._id } : {}),
      ...(!withoutPayment && payment.method === 'COD' ? { paymentMethod: 'COD' as const } : {}),
      ...(consentRequired ? { consent: consentPayload(getValues('consent')) } : {}),
    };
    setBusy(withoutPayment ? 'free' : 'pay');
    try {
      const placed = await placeOrder(endpoint, body, idempotencyKey.current, user ? null : businessProof);
      const orderId = placed.data.order._id;
      await delivery.saveIfAsked(form);
      rememberPasswordNotice(orderId, placed.data.passwordSentTo);
      rememberOrderClaim(orderId, placed.data.confirmation);
      if (placed.cfOrder) {
        try {
          await openHostedCheckout(placed.cfOrder);
        } catch (error) {
          // Spec section 8: a payment provider error is alerted with its message.
          window.alert(error instanceof Error ? error.message : t('paymentNotStarted'));
          setBusy(null);
        }
        return;
      }
      // Bought from a review: the thank-you page offers to tag that review (the payment provider
      // returns the buyer to the same page).
      void navigate(
        thankYouPath({
          id: orderId,
          channel,
          productId,
          mentionInfId: params.mentionInfId,
          mentionPostId: params.mentionPostId,
        }),
      );
    } catch (error) {
      setBusy(null);
      // The number's proof ran out: validate it again (its message shows at the number).
      if (business && !user && isApiError(error) && error.status === 401) {
        setBusinessProof(null);
        setBuyer('idle');
      }
      if (isApiError(error)) {
        for (const [key, message] of Object.entries(error.errors)) {
          const field = SERVER_FIELDS[key];
          if (field) setError(field, { type: 'server', message });
        }
        setFormError(error.message);
        if (error.status >= 500 || error.code === 'UNAVAILABLE') window.alert(error.message);
      } else {
        setFormError(t('noConnection'));
      }
      // Focus goes to the message, which names the fields; each field shows its own error too.
      kit.announceServerAnswer();
    }
  };

  const p = product.data;
  const moq = business && p ? p.min_order_quantity : 1;
  const referrerPending = !!referrerNumber && referrer !== 'validated';
  const visitorBusiness = business && !user;
  /** What stops an order besides the fields themselves. */
  function orderBlockedBy(): string | null {
    if (!p) return t('chooseProductFirst');
    if (business && buyer !== 'validated') return t('validateFirst');
    if (referrerPending) return t('validateReferrer');
    return null;
  }
  // Spec: checkout is blocked until the form is valid. The button stays reachable and says why.
  const emptyFields = required.filter((value) =>
    typeof value === 'string' ? value.trim() === '' : value === undefined || value === null,
  ).length;
  const blockedReason =
    emptyFields > 0
      ? t('fieldsEmpty', { count: emptyFields })
      : !isValid
        ? consentRequired && !consent
          ? consentMessage
          : t('fieldsNeedCorrecting')
        : orderBlockedBy();
  const reviewImages = post.data?.postData.data.filter((m) => m.url) ?? [];
  const taggedProducts = post.data?.postData.products ?? [];

  return (
    <div className="page stack">
      <title>{common('pageTitle', { title: business ? t('wholesaleOrder') : t('checkout') })}</title>
      <h1>{business ? t('wholesaleOrder') : t('checkout')}</h1>
      {post.data ? (
        <section className="card stack checkout__review" aria-labelledby="review-title">
          <h2 id="review-title">{postTitle(post.data) || t('review')}</h2>
          {reviewImages.slice(0, 3).map((m) => (
            <img key={m.url} src={m.thumbnail || m.url} alt="" />
          ))}
          <p>{postDescription(post.data)}</p>
          {!params.productId && taggedProducts.length > 0 ? (
            <fieldset className="checkout__tags">
              <legend>{t('productsInReview')}</legend>
              {taggedProducts.map((tp) => (
                <label key={tp.productID}>
                  <input
                    type="radio"
                    name="tagged-product"
                    value={tp.productID}
                    checked={pickedProductId === tp.productID}
                    onChange={() => setPickedProductId(tp.productID)}
                  />{' '}
                  {tp.name}
                </label>
              ))}
            </fieldset>
          ) : null}
        </section>
      ) : null}

      <div className="checkout">
        <div>
          {!productId ? (
            <p>{t('chooseFromReview')}</p>
          ) : product.isPending ? (
            <Spinner label={t('loadingProduct')} />
          ) : product.isError || !p ? (
            <ErrorState title={t('productNotFound')} message={t('productNotAvailable')} />
          ) : (
            <ProductSummary product={p} business={business} sample={sample} />
          )}
        </div>

        <KitForm
          kit={kit}
          className="card stack"
          aria-label={t('orderDetails')}
          onSubmit={(event) => void kit.onSubmit(send(false))(event)}
        >
          {visitorBusiness ? (
            <p role="status">
              {t('businessForSellersBefore')}
              <Link to={paths.login}>{t('logIn')}</Link>
              {t('businessForSellersAfter')}
            </p>
          ) : null}
          {isAdmin && p ? (
            <label>
              <input
                type="checkbox"
                checked={sample}
                onChange={(e) => {
                  setSample(e.target.checked);
                  if (e.target.checked)
                    setValue('quantity', String(Math.max(1, p.sample_qty)), { shouldValidate: true });
                }}
              />{' '}
              {t('sampleOrder')}
            </label>
          ) : null}
          {isAdmin && orderFor ? (
            <p role="status" className="checkout__order-for">
              {t('orderingFor', { name: orderFor.ownerName })}
            </p>
          ) : isAdmin ? (
            <p className="checkout__order-for">{t('orderForSomeone')}</p>
          ) : null}
          <TextField
            label={t('quantity')}
            type="number"
            inputMode="numeric"
            autoComplete="off"
            min={moq}
            step={1}
            readOnly={sample}
            hint={business ? t('atLeast', { count: moq }) : undefined}
            error={kit.shownError('quantity')}
            {...register('quantity')}
          />
          <DeliveryAddressChoice choice={delivery} />
          <div className="checkout__grid">
            <TextField
              label={t('firstName')}
              autoComplete="given-name"
              error={kit.shownError('firstName')}
              {...register('firstName')}
            />
            <TextField
              label={t('lastName')}
              autoComplete="family-name"
              error={kit.shownError('lastName')}
              {...register('lastName')}
            />
            <TextField
              label={t('email')}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              error={kit.shownError('emailId')}
              {...register('emailId')}
            />
            <div className="checkout__validate">
              <TextField
                label={t('contactNumber')}
                type="tel"
                autoComplete="tel-national"
                error={kit.shownError('contactNum')}
                {...register('contactNum', {
                  onChange: () => {
                    setBuyer('idle');
                    setOrderFor(null);
                    setBusinessProof(null);
                    setNoSeller(false);
                  },
                })}
              />
              {business || isAdmin ? (
                <Button
                  variant="secondary"
                  loading={buyer === 'checking'}
                  disabledReason={
                    buyer === 'validated' ? t('numberValidated') : contactNumber ? null : t('enterYourNumber')
                  }
                  onClick={() => void validate('buyer')}
                >
                  {buyer === 'validated' ? t('validated') : t('validate')}
                </Button>
              ) : null}
              {noSeller ? (
                <p role="status" className="checkout__apply">
                  {t('noSellerAccount')}
                  <Link to={paths.joinAsRetailer}>{t('applyAsRetailer')}</Link>
                  {t('applyAsRetailerAfter')}
                </p>
              ) : null}
            </div>
            <TextField
              label={t('houseNumber')}
              autoComplete="address-line1"
              error={kit.shownError('houseNumber')}
              {...register('houseNumber')}
            />
            <TextField
              label={t('street')}
              autoComplete="address-line2"
              error={kit.shownError('street')}
              {...register('street')}
            />
            <TextField
              label={t('landmark')}
              autoComplete="address-line3"
              error={kit.shownError('ladnmark')}
              {...register('ladnmark')}
            />
            {/* Before city and state, which a known pincode fills in. */}
            <TextField
              label={t('pincode')}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              hint={t('pincodeHint')}
              status={pincodeStatus}
              error={kit.shownError('pincode')}
              {...register('pincode')}
            />
            <TextField
              label={t('city')}
              autoComplete="address-level2"
              error={kit.shownError('city')}
              {...register('city')}
            />
            <TextField
              label={t('state')}
              autoComplete="address-level1"
              error={kit.shownError('state')}
              {...register('state')}
            />
            <TextField
              label={t('country')}
              autoComplete="country-name"
              error={kit.shownError('country')}
              {...register('country')}
            />
          </div>
          {business ? (
            <TextField
              label={t('gstin')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              hint={t('gstinHint')}
              error={kit.shownError('gstin')}
              {...register('gstin')}
            />
          ) : null}
          {!business ? (
            <div className="checkout__validate">
              <TextField
                label={t('referrerNumber')}
                type="tel"
                autoComplete="off"
                error={kit.shownError('referrercontactNum')}
                {...register('referrercontactNum', { onChange: () => setReferrer('idle') })}
              />
              <Button
                variant="secondary"
                loading={referrer === 'checking'}
                disabledReason={
                  referrer === 'validated'
                    ? t('referrerValidated')
                    : referrerNumber
                      ? null
                      : t('enterReferrer')
                }
                onClick={() => void validate('referrer')}
              >
                {referrer === 'validated' ? t('validated') : t('validate')}
              </Button>
            </div>
          ) : null}
          {payment.offered && payment.codAcceptHours !== null ? (
            <PaymentMethodChoice
              value={payment.method}
              onChange={payment.setMethod}
              codUnavailable={payment.codUnavailable}
              acceptHours={payment.codAcceptHours}
            />
          ) : null}
          {payment.totals ? (
            <OrderTotals totals={payment.totals} freeDeliveryFrom={payment.freeDeliveryFrom} />
          ) : null}
          <FormMessage messageRef={kit.messageRef}>{formError}</FormMessage>
          {consentRequired ? (
            <ConsentField
              checked={consent}
              onChange={(checked) =>
                setValue('consent', checked, { shouldDirty: true, shouldValidate: true })
              }
              error={kit.shownError('consent')}
            />
          ) : null}
          <div className="checkout__actions">
            <SubmitButton
              blockedReason={blockedReason}
              submitting={busy === 'pay'}
              submittingLabel={t('ordering')}
            >
              {t('order')}
            </SubmitButton>
            {isAdmin ? (
              <Button
                variant="secondary"
                loading={busy === 'free'}
                disabledReason={busy === 'pay' ? t('orderBeingPlaced') : null}
                onClick={() => void kit.onSubmit(send(true))()}
              >
                {t('orderWithoutPayment')}
              </Button>
            ) : null}
          </div>
          <p className="field__hint">
            {payment.method === 'COD'
              ? t('codPay', { amount: payment.totals ? rupees(payment.totals.total) : t('theTotal') })
              : t('keptFor', { minutes: PAYMENT_WINDOW_MINUTES })}
          </p>
        </KitForm>
        {codeStep ? (
          <BusinessNumberDialog
            mobile={codeStep.mobile}
            sentTo={codeStep.sentTo}
            onProven={(proof) => {
              setBusinessProof(proof);
              setCodeStep(null);
              setBuyer('validated');
            }}
            onClose={() => {
              setCodeStep(null);
              setBuyer('idle');
            }}
          />
        ) : null}
      </div>
    </div>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  categoryHashtag,
  MAX_POST_LINKS,
  reviewFormSchema,
  type AddReviewResponse,
  type Media,
  type ProfileHit,
  type ReviewForm as ReviewFormInput,
} from '@app/domain';
import type { z } from 'zod';
import { isFilledText } from '../../../components/ui/blocked-reason';
import { Button } from '../../../components/ui/button';
import { ConsentField, consentPayload, useConsentError } from '../../../components/ui/consent-field';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { ImageUploader } from '../../../components/ui/image-uploader';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import type { ProfileRef } from '../../../lib/use-profile-scope';
import { useFillOwnContact, useOwnContact } from '../../../lib/use-own-contact';
import { useAddReview, useCatalogue, useInfluencerCategories, useProfileSearch } from '../api/reviews-api';
import { ProfilePicker } from '../../../components/ui/profile-picker';
import { toNewPost } from './review-payload';
import { StarInput } from './star-input';
import { useDeviceLocation } from './use-device-location';

export interface ReviewFormProps {
  /** The brand, store, influencer or service provider the route is about. */
  profile: ProfileRef | null;
  profileName?: string | undefined;
  queryId?: string | undefined;
  productId?: string | undefined;
  /** A service provider posting a service: needs the device location first. */
  isService: boolean;
  onPosted: (response: AddReviewResponse) => void;
}

const GUIDANCE = { review: 'guidanceReview', service: 'guidanceService' } as const;
const TEMPLATE = { review: 'templateReview', service: 'templateService' } as const;

const SERVER_FIELDS: Array<[RegExp, keyof ReviewFormInput]> = [
  [/^userData\.name/, 'name'],
  [/^userData\.mobile/, 'contactNum'],
  [/^userData\.email/, 'emailId'],
  [/^caption/, 'title'],
  [/^description/, 'description'],
  [/^links/, 'links'],
];

type ReviewValues = z.infer<typeof reviewFormSchema>;
/** The message for each pick (or the consent box) still missing, in the current language. */
type MissingPicks = { store?: string | undefined; brand?: string | undefined; consent?: string | undefined };

/** The store and brand pickers carry these names, so the error summary links to their search boxes. */
const STORE = 'store' as keyof ReviewFormInput;
const BRAND = 'brand' as keyof ReviewFormInput;
/** The consent box's name (a visitor's review only), for the summary's link. */
const CONSENT = 'consent' as keyof ReviewFormInput;

/** The add-review form (spec: Query/review form) that sends the New post payload. */
export function ReviewForm({
  profile,
  profileName,
  queryId,
  productId,
  isService,
  onPosted,
}: ReviewFormProps) {
  const { t } = useT('reviews');
  const fixedStore = profile?.scope === 'store' ? profile.id : undefined;
  const fixedBrand = profile?.scope === 'brand' ? profile.id : undefined;
  const aboutPerson = profile?.scope === 'influencer' || profile?.scope === 'service';
  // The spec's rule (store and brand required) applies to product reviews not scoped to either.
  const needsStoreAndBrand = !profile && !isService;

  const [store, setStore] = useState<ProfileHit | null>(null);
  const [brand, setBrand] = useState<ProfileHit | null>(null);
  const [images, setImages] = useState<Media[]>([]);
  const [invoices, setInvoices] = useState<Media[]>([]);
  const [chosenProducts, setChosenProducts] = useState<Set<string>>(new Set(productId ? [productId] : []));
  // Stars per tagged product (issue 41): asked for, optional, as a review may rate some and not others.
  const [ratings, setRatings] = useState<Record<string, number>>({});
  const [categories, setCategories] = useState<string[]>([]);
  const [tags, setTags] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // Without an account the post records the visitor's consent (decision 040); an account's came with its sign-up.
  const signedIn = !!useCurrentUser();
  const [consent, setConsent] = useState(false);
  const consentError = useConsentError(consent);
  // Own state rather than the mutation's: it changes in the same render as the answer's message, so
  // the form is visible again when focus moves to that message.
  const [processing, setProcessing] = useState(false);
  const processingRef = useRef<HTMLParagraphElement>(null);

  const location = useDeviceLocation(isService);
  const storeUserId = fixedStore ?? store?._id;
  const brandUserId = fixedBrand ?? brand?._id;
  const storeCatalogue = useCatalogue(storeUserId);
  const brandCatalogue = useCatalogue(brandUserId);
  const influencerCategories = useInfluencerCategories();
  const addReview = useAddReview();

  // The store and brand are chosen in pickers, not typed into fields, yet the summary lists them with
  // the rest: the resolver adds their errors while a product review lacks either (and the consent
  // box's while a visitor has not ticked it).
  const missingPicks: MissingPicks = {
    store: needsStoreAndBrand && !store ? t('chooseStore') : undefined,
    brand: needsStoreAndBrand && !brand ? t('chooseBrand') : undefined,
    consent: signedIn ? undefined : consentError,
  };
  const resolver = useMemo<Resolver<ReviewFormInput, MissingPicks, ReviewValues>>(() => {
    const schema = zodResolver(reviewFormSchema);
    return async (values, context, options) => {
      const result = await schema(values, context, options);
      const { store, brand, consent } = context ?? {};
      if (!store && !brand && !consent) return result;
      return {
        values: {},
        errors: {
          ...result.errors,
          ...(store ? { [STORE]: { type: 'pick', message: store } } : {}),
          ...(brand ? { [BRAND]: { type: 'pick', message: brand } } : {}),
          ...(consent ? { [CONSENT]: { type: 'pick', message: consent } } : {}),
        },
      };
    };
  }, []);
  const form = useForm<ReviewFormInput, MissingPicks, ReviewValues>({
    resolver,
    // Handed to the resolver on every validation, so it sees the current picks.
    context: missingPicks,
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { name: '', contactNum: '', emailId: '', title: '', description: '', links: [] },
  });
  const { register, control, setError, clearErrors, setValue, getValues } = form;
  const kit = useFormKit(form);
  const links = useFieldArray({ control, name: 'links' });
  const [name, contactNum, emailId] = useWatch({ control, name: ['name', 'contactNum', 'emailId'] });
  // Signed in, the post is the account's (issue 20): its contact fills the fields, not retyped.
  const own = useOwnContact();
  useFillOwnContact(own, (contact) => {
    const options = { shouldValidate: true } as const;
    setValue('name', contact.name, options);
    setValue('emailId', contact.email, options);
    if (contact.mobile) setValue('contactNum', contact.mobile, options);
  });
  const fromAccount = own ? t('fromAccount') : undefined;

  useEffect(() => {
    if (processing) processingRef.current?.focus();
  }, [processing]);

  if (isService && (location.status === 'idle' || location.status === 'fetching')) {
    return (
      <p className="review-form__status" role="status">
        {t('fetchingLocation')}
      </p>
    );
  }

  // Spec section 5: submit waits for store, contact, brand, e-mail and name.
  const emptyCount = [
    ...[name, contactNum, emailId].map(isFilledText),
    ...(needsStoreAndBrand ? [!!store, !!brand] : []),
  ].filter((filled) => !filled).length;
  const blockedReason = emptyCount > 0 ? t('fieldsEmpty', { count: emptyCount }) : null;

  const products = [
    ...(brandCatalogue.data?.Data ?? []),
    ...(storeCatalogue.data?.Data ?? []).filter(
      (p) => !(brandCatalogue.data?.Data ?? []).some((b) => b._id === p._id),
    ),
  ];

  const onSubmit = kit.onSubmit(async (form) => {
    setServerError(null);
    setProcessing(true);
    const where =
      location.status === 'found' || location.status === 'failed'
        ? { latitude: location.latitude, longitude: location.longitude }
        : undefined;
    try {
      const response = await addReview.mutateAsync({
        ...toNewPost(form, {
          queryId,
          storeUserId,
          brandUserId,
          influencerId: aboutPerson ? profile.id : undefined,
          productId: productId && chosenProducts.has(productId) ? productId : undefined,
          images,
          invoices,
          products: products
            .filter((p) => chosenProducts.has(p._id))
            .map((p) => ({
              id: p._id,
              name: p.prdct_attributes.prdct_name,
              userId: p.userId._id,
              rating: isService ? undefined : ratings[p._id],
            })),
          categories,
          tags,
          location: where,
          isPrivate,
          isService,
        }),
        // Only a visitor's post carries it: the resolver has refused the submit until it is ticked.
        ...(signedIn ? {} : { consent: consentPayload(consent) }),
      });
      onPosted(response);
    } catch (error) {
      setProcessing(false);
      kit.announceServerAnswer();
      if (!isApiError(error)) {
        setServerError(error instanceof Error ? error.message : t('uploadFailed'));
        return;
      }
      let placed = false;
      for (const [field, message] of Object.entries(error.errors)) {
        const target = SERVER_FIELDS.find(([pattern]) => pattern.test(field));
        if (target) {
          setError(target[1], { type: 'server', message }, { shouldFocus: false });
          placed = true;
        }
      }
      setServerError(placed ? t('correctAndSubmit', { message: error.message }) : error.message);
    }
  });

  const persona = isService ? 'service' : 'review';

  return (
    <>
      {processing ? (
        // Focus (not a live region) announces it: one announcement.
        <p className="review-form__status" tabIndex={-1} ref={processingRef}>
          {t('processing')}
        </p>
      ) : null}
      <KitForm
        kit={kit}
        className="card stack review-form"
        aria-label={t('yourReview')}
        hidden={processing}
        onSubmit={(event) => void onSubmit(event)}
      >
        {location.status === 'failed' ? (
          <p className="review-form__note" role="alert">
            {t('geolocationNotSupported')}
          </p>
        ) : null}
        <div className="review-form__grid">
          <TextField
            label={t('name')}
            autoComplete="name"
            readOnly={!!own}
            hint={fromAccount}
            error={kit.shownError('name')}
            {...register('name')}
          />
          <TextField
            label={t('contactNumber')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            readOnly={!!own?.mobile}
            hint={own?.mobile ? fromAccount : undefined}
            error={kit.shownError('contactNum')}
            {...register('contactNum')}
          />
          <TextField
            label={t('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            readOnly={!!own}
            hint={fromAccount}
            error={kit.shownError('emailId')}
            {...register('emailId')}
          />
        </div>

        <div className="review-form__grid">
          {fixedStore ? (
            <p>
              {t('storeIs')}
              <strong>{profileName}</strong>
            </p>
          ) : (
            <ProfilePicker
              useSearch={useProfileSearch}
              label={needsStoreAndBrand ? t('store') : t('partnerStore')}
              kinds={['store']}
              name={STORE}
              chosen={store}
              onChoose={(hit) => {
                setStore(hit);
                if (hit) clearErrors(STORE);
              }}
              error={kit.shownError(STORE)}
            />
          )}
          {fixedBrand ? (
            <p>
              {t('brandIs')}
              <strong>{profileName}</strong>
            </p>
          ) : (
            <ProfilePicker
              useSearch={useProfileSearch}
              label={needsStoreAndBrand ? t('brand') : t('partnerBrand')}
              kinds={['brand']}
              name={BRAND}
              chosen={brand}
              onChoose={(hit) => {
                setBrand(hit);
                if (hit) clearErrors(BRAND);
              }}
              error={kit.shownError(BRAND)}
            />
          )}
        </div>

        <ImageUploader label={t('images')} onChange={setImages} />
        <ImageUploader label={t('invoiceFiles')} accept="application/pdf,image/*" onChange={setInvoices} />

        <fieldset className="review-form__choices">
          <legend>{t('tagProducts')}</legend>
          {!storeUserId && !brandUserId ? (
            <p className="review-form__note">{t('chooseStoreOrBrand')}</p>
          ) : null}
          {storeCatalogue.isLoading || brandCatalogue.isLoading ? (
            <p className="review-form__note">{t('loadingProducts')}</p>
          ) : null}
          {storeCatalogue.isError || brandCatalogue.isError ? (
            <p className="review-form__note" role="alert">
              {t('couldNotLoadProducts')}{' '}
              <Button
                variant="ghost"
                onClick={() => {
                  void storeCatalogue.refetch();
                  void brandCatalogue.refetch();
                }}
              >
                {t('tryAgain')}
              </Button>
            </p>
          ) : null}
          {(storeUserId || brandUserId) &&
          !storeCatalogue.isLoading &&
          !brandCatalogue.isLoading &&
          products.length === 0 ? (
            <p className="review-form__note">{t('noProductsToTag')}</p>
          ) : null}
          {products.map((p) => {
            const label = [p.prdct_attributes.prdct_name, p.prdct_attributes.colour, p.prdct_attributes.size]
              .filter(Boolean)
              .join(', ');
            return (
              <label key={p._id} className="review-form__choice">
                <input
                  type="checkbox"
                  checked={chosenProducts.has(p._id)}
                  onChange={(event) =>
                    setChosenProducts((current) => {
                      const next = new Set(current);
                      if (event.target.checked) next.add(p._id);
                      else next.delete(p._id);
                      return next;
                    })
                  }
                />{' '}
                {label}
              </label>
            );
          })}
          {isService
            ? null
            : products
                .filter((p) => chosenProducts.has(p._id))
                .map((p) => (
                  <StarInput
                    key={`stars-${p._id}`}
                    legend={t('yourRating', { name: p.prdct_attributes.prdct_name })}
                    hint={t('ratingOptional')}
                    value={ratings[p._id]}
                    onChange={(stars) => setRatings((current) => ({ ...current, [p._id]: stars }))}
                  />
                ))}
        </fieldset>

        <fieldset className="review-form__choices">
          <legend>{t('influencerCategories')}</legend>
          {influencerCategories.isPending ? <p className="review-form__note">{t('loading')}</p> : null}
          {influencerCategories.isError ? (
            <p className="review-form__note" role="alert">
              {t('couldNotLoadCategories')}
            </p>
          ) : null}
          {influencerCategories.data?.data.map((c) => (
            <label key={c._id} className="review-form__choice">
              <input
                type="checkbox"
                checked={categories.includes(c.field)}
                onChange={(event) =>
                  setCategories((current) =>
                    event.target.checked ? [...current, c.field] : current.filter((f) => f !== c.field),
                  )
                }
              />{' '}
              {c.field} <span className="review-form__hashtag">{categoryHashtag(c.field)}</span>
            </label>
          ))}
        </fieldset>

        <TextField
          label={t('tags')}
          hint={t('tagsHint')}
          value={tags}
          onChange={(event) => setTags(event.target.value)}
        />
        <TextField label={t('title')} error={kit.shownError('title')} {...register('title')} />
        <TextAreaField
          label={t('description')}
          rows={6}
          autoComplete="off"
          inputMode="text"
          hint={t(GUIDANCE[persona])}
          error={kit.shownError('description')}
          {...register('description')}
        />
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              const current = getValues('description').trim();
              const template = t(TEMPLATE[persona]);
              setValue('description', current ? `${current}\n\n${template}` : template, {
                shouldDirty: true,
              });
            }}
          >
            {t('useTemplate')}
          </Button>
        </div>

        <fieldset className="review-form__links stack" id={kit.fieldId('links')}>
          <legend>{t('links')}</legend>
          {links.fields.map((field, index) => (
            <div key={field.id} className="review-form__link">
              <TextField
                label={t('linkName', { number: index + 1 })}
                error={kit.shownError(`links.${index}.name`)}
                {...register(`links.${index}.name`)}
              />
              <TextField
                label={t('linkAddress', { number: index + 1 })}
                inputMode="url"
                autoCapitalize="none"
                spellCheck={false}
                error={kit.shownError(`links.${index}.url`)}
                {...register(`links.${index}.url`)}
              />
              <Button
                variant="ghost"
                onClick={() => links.remove(index)}
                aria-label={t('removeLink', { number: index + 1 })}
              >
                {t('remove')}
              </Button>
            </div>
          ))}
          {kit.shownError('links') ? <p className="field__error">{kit.shownError('links')}</p> : null}
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                // Spec: the add control does nothing beyond five links.
                if (links.fields.length < MAX_POST_LINKS) links.append({ name: '', url: '' });
              }}
            >
              {t('addLink')}
            </Button>
          </div>
        </fieldset>

        <label className="review-form__choice">
          <input
            type="checkbox"
            checked={isPrivate}
            onChange={(event) => setIsPrivate(event.target.checked)}
          />{' '}
          {t('respondPrivately')}
        </label>

        {signedIn ? null : (
          <ConsentField
            checked={consent}
            onChange={(checked) => {
              setConsent(checked);
              if (checked) clearErrors(CONSENT);
            }}
            error={kit.shownError(CONSENT)}
          />
        )}
        <FormMessage messageRef={kit.messageRef}>{serverError}</FormMessage>
        <SubmitButton blockedReason={blockedReason} submitting={processing}>
          {t('submit')}
        </SubmitButton>
      </KitForm>
    </>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import {
  contactSchema,
  emailSchema,
  personNameSchema,
  postTitle,
  type MentionKind,
  type ProfileHit,
} from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { ProfilePicker } from '../../../components/ui/profile-picker';
import { LoadingState } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { socialPaths } from '../../../lib/routes';
import { useFillOwnContact, useOwnContact } from '../../../lib/use-own-contact';
import { useProfileFromParams, useProfileName, type ProfileRef } from '../../../lib/use-profile-scope';
import { useAddReview, useCatalogue, usePost, useProfileSearch } from '../api/reviews-api';
import { PostCard } from '../components/post-card';
import '../components/reviews.css';
import { ClaimCodeForm } from '../../contributions';
import { useT } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { ConsentField, consentPayload, useConsentError } from '../../../components/ui/consent-field';

const KINDS: Array<{
  value: MentionKind;
  label: 'kindStore' | 'kindBrand' | 'kindInfluencer' | 'kindService';
}> = [
  { value: 'store', label: 'kindStore' },
  { value: 'brand', label: 'kindBrand' },
  { value: 'influencer', label: 'kindInfluencer' },
  { value: 'service', label: 'kindService' },
];

const contactFormSchema = z.object({
  name: personNameSchema,
  contactNum: contactSchema,
  emailId: emailSchema,
});
type Contact = z.input<typeof contactFormSchema>;
type ContactValues = z.infer<typeof contactFormSchema>;
/** The message for who to tag (or the consent box) while it is still missing, in the current language. */
type TargetContext = { target?: string | undefined; consent?: string | undefined };

/** The picker's search box carries this name, so the error summary's entry leads to it. */
const TARGET = 'target' as keyof Contact;
/** The consent box's name (a visitor's tag only), for the summary's link. */
const CONSENT = 'consent' as keyof Contact;

/**
 * Tagging (validation) of an existing post to a brand, store, influencer or service provider:
 * /tagreview/…, /webpost/…, /tagbrandpost/…, /tagstorepost/…, /tag{brand,store,influencer,service}review/….
 * The tag is a mention linked to the source post; tagging again is the Retag.
 */
export default function TagReviewPage() {
  const { mentionInfId = '', mentionPostId = '', productId } = useParams();
  const fixed = useProfileFromParams();
  const fixedName = useProfileName(fixed);
  const source = usePost(mentionInfId, mentionPostId);
  const { t } = useT('reviews');

  if (source.isPending || (fixed && fixedName.isPending)) {
    return (
      <section className="page reviews">
        <LoadingState label={t('loadingPost')} />
      </section>
    );
  }
  if (source.isError || (fixed && fixedName.isError)) {
    return (
      <section className="page reviews">
        <title>{t('pageTitle', { heading: t('tagAReview') })}</title>
        <h1>{t('tagAReview')}</h1>
        <ErrorState
          title={source.isError ? t('notFoundPostToTag') : t('notFoundWhoToTag')}
          message={(source.error ?? fixedName.error)?.message}
          onRetry={() => void (source.isError ? source.refetch() : fixedName.refetch())}
        />
      </section>
    );
  }
  const heading = fixed && fixedName.data ? t('tagAReviewTo', { name: fixedName.data }) : t('tagAReview');
  return (
    <section className="page reviews stack">
      <title>{t('pageTitle', { heading })}</title>
      <h1>{heading}</h1>
      <ul className="reviews__list" aria-label={t('postToTag')}>
        <PostCard post={source.data.Data} />
      </ul>
      <TagForm
        mentionInfId={mentionInfId}
        mentionPostId={mentionPostId}
        fixed={fixed}
        fixedName={fixedName.data}
        productId={productId}
        sourceTitle={postTitle(source.data.Data)}
      />
    </section>
  );
}

interface TagFormProps {
  mentionInfId: string;
  mentionPostId: string;
  fixed: ProfileRef | null;
  fixedName: string | undefined;
  productId: string | undefined;
  sourceTitle: string;
}

function TagForm({ mentionInfId, mentionPostId, fixed, fixedName, productId, sourceTitle }: TagFormProps) {
  const [kind, setKind] = useState<MentionKind>(fixed?.scope ?? 'store');
  const [chosen, setChosen] = useState<ProfileHit | null>(null);
  const [product, setProduct] = useState(productId ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const tag = useAddReview();
  const doneRef = useRef<HTMLHeadingElement>(null);
  const { t } = useT('reviews');
  // Without an account the tag records the visitor's consent (decision 040).
  const signedIn = !!useCurrentUser();
  const [consent, setConsent] = useState(false);
  const consentError = useConsentError(consent);

  const target: ProfileRef | null = fixed ?? (chosen ? { scope: kind, id: chosen._id } : null);
  const targetName = fixed ? fixedName : chosen?.name;
  const sellsProducts = target?.scope === 'brand' || target?.scope === 'store';
  const catalogue = useCatalogue(sellsProducts ? target.id : undefined);

  // Who to tag is picked, not typed, yet the summary lists it with the fields: the resolver adds it
  // (and the consent box while a visitor has not ticked it).
  const resolver = useMemo<Resolver<Contact, TargetContext, ContactValues>>(() => {
    const schema = zodResolver(contactFormSchema);
    return async (values, context, options) => {
      const result = await schema(values, context, options);
      const { target, consent } = context ?? {};
      if (!target && !consent) return result;
      return {
        values: {},
        errors: {
          ...result.errors,
          ...(target ? { [TARGET]: { type: 'pick', message: target } } : {}),
          ...(consent ? { [CONSENT]: { type: 'pick', message: consent } } : {}),
        },
      };
    };
  }, []);
  const form = useForm<Contact, TargetContext, ContactValues>({
    resolver,
    context: {
      target: target ? undefined : t('chooseWhoToTag'),
      consent: signedIn ? undefined : consentError,
    },
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { name: '', contactNum: '', emailId: '' },
  });
  const kit = useFormKit(form);
  // Signed in, the tag is the account's (issue 20): its contact fills the fields.
  const own = useOwnContact();
  useFillOwnContact(own, (contact) => {
    const options = { shouldValidate: true } as const;
    form.setValue('name', contact.name, options);
    form.setValue('emailId', contact.email, options);
    if (contact.mobile) form.setValue('contactNum', contact.mobile, options);
  });
  const fromAccount = own ? t('fromAccount') : undefined;

  useEffect(() => {
    if (tag.isSuccess) doneRef.current?.focus();
  }, [tag.isSuccess]);

  if (tag.isSuccess && target) {
    return (
      <div className="card stack">
        <h2 ref={doneRef} tabIndex={-1}>
          {targetName ? t('taggedToName', { name: targetName }) : t('taggedToProfile')}
        </h2>
        {tag.data.confirmation ? <ClaimCodeForm confirmation={tag.data.confirmation} /> : null}
        <p>
          <Link to={socialPaths.validatedReviews(target.scope, target.id)}>
            {targetName ? t('seeTagged', { name: targetName }) : t('seeTheirTagged')}
          </Link>
        </p>
      </div>
    );
  }

  const submit = kit.onSubmit(async (contact) => {
    if (!target) return;
    setServerError(null);
    try {
      await tag.mutateAsync({
        slug: true,
        type: 'IMAGE',
        mentionInfId,
        mentionPostId,
        caption: [],
        description: [{ index: 0, value: '' }],
        productId: product || undefined,
        storeUserId: target.scope === 'store' ? target.id : undefined,
        brandUserId: target.scope === 'brand' ? target.id : undefined,
        influencerId: target.scope === 'influencer' || target.scope === 'service' ? target.id : undefined,
        userData: { name: contact.name, email: contact.emailId, mobile: contact.contactNum },
        influencerData: { name: contact.name, isService: false },
        ...(signedIn ? {} : { consent: consentPayload(consent) }),
      });
    } catch (error) {
      setServerError(isApiError(error) ? error.message : t('error'));
      kit.announceServerAnswer();
    }
  });

  return (
    <KitForm
      kit={kit}
      className="card stack"
      aria-label={sourceTitle ? t('tagTitle', { title: sourceTitle }) : t('tagThisPostLabel')}
      onSubmit={(event) => void submit(event)}
    >
      {fixed ? null : (
        <fieldset className="review-form__choices">
          <legend>{t('tagToA')}</legend>
          {KINDS.map((k) => (
            <label key={k.value} className="review-form__choice">
              <input
                type="radio"
                name="tag-kind"
                checked={kind === k.value}
                onChange={() => {
                  setKind(k.value);
                  setChosen(null);
                }}
              />{' '}
              {t(k.label)}
            </label>
          ))}
        </fieldset>
      )}
      {fixed ? null : (
        <ProfilePicker
          useSearch={useProfileSearch}
          label={t(KINDS.find((k) => k.value === kind)!.label)}
          name={TARGET}
          kinds={[kind]}
          chosen={chosen}
          onChoose={(hit) => {
            setChosen(hit);
            if (hit) form.clearErrors(TARGET);
          }}
          error={kit.shownError(TARGET)}
        />
      )}
      {sellsProducts ? (
        <div className="field">
          <label className="field__label" htmlFor="tag-product">
            {t('productOptional')}
          </label>
          <select
            id="tag-product"
            className="field__input"
            autoComplete="off"
            value={product}
            onChange={(e) => setProduct(e.target.value)}
          >
            <option value="">{catalogue.isPending ? t('loadingProducts') : t('noProduct')}</option>
            {catalogue.data?.Data.map((p) => (
              <option key={p._id} value={p._id}>
                {[p.prdct_attributes.prdct_name, p.prdct_attributes.colour, p.prdct_attributes.size]
                  .filter(Boolean)
                  .join(', ')}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="review-form__grid">
        <TextField
          label={t('name')}
          autoComplete="name"
          readOnly={!!own}
          hint={fromAccount}
          error={kit.shownError('name')}
          {...form.register('name')}
        />
        <TextField
          label={t('contactNumber')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          readOnly={!!own?.mobile}
          hint={own?.mobile ? fromAccount : undefined}
          error={kit.shownError('contactNum')}
          {...form.register('contactNum')}
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
          {...form.register('emailId')}
        />
      </div>
      {signedIn ? null : (
        <ConsentField
          checked={consent}
          onChange={(checked) => {
            setConsent(checked);
            if (checked) form.clearErrors(CONSENT);
          }}
          error={kit.shownError(CONSENT)}
        />
      )}
      <FormMessage messageRef={kit.messageRef}>{serverError}</FormMessage>
      <SubmitButton submitting={tag.isPending} submittingLabel={t('tagging')}>
        {t('tagWithPost')}
      </SubmitButton>
    </KitForm>
  );
}

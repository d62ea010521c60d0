import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  contactSchema,
  emailSchema,
  personNameSchema,
  postTitle,
  type MentionKind,
  type ProfileHit,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { socialPaths } from '../../../lib/routes';
import { useProfileFromParams, useProfileName, type ProfileRef } from '../../../lib/use-profile-scope';
import { useAddReview, useCatalogue, usePost, useProfileSearch } from '../api/reviews-api';
import { PostCard } from '../components/post-card';
import { ProfilePicker } from '../../../components/ui/profile-picker';
import '../components/reviews.css';

const KINDS: Array<{ value: MentionKind; label: string }> = [
  { value: 'store', label: 'Store' },
  { value: 'brand', label: 'Brand' },
  { value: 'influencer', label: 'Influencer' },
  { value: 'service', label: 'Service provider' },
];

type Contact = { name: string; contactNum: string; emailId: string };
const CHECKS = { name: personNameSchema, contactNum: contactSchema, emailId: emailSchema } as const;

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

  if (source.isPending || (fixed && fixedName.isPending)) {
    return (
      <section className="page reviews">
        <LoadingState label="Loading post…" />
      </section>
    );
  }
  if (source.isError || (fixed && fixedName.isError)) {
    return (
      <section className="page reviews">
        <title>Tag a Review | Revuhub</title>
        <h1>Tag a Review</h1>
        <ErrorState
          title={source.isError ? 'We could not find the post to tag' : 'We could not find who to tag'}
          message={(source.error ?? fixedName.error)?.message}
          onRetry={() => void (source.isError ? source.refetch() : fixedName.refetch())}
        />
      </section>
    );
  }
  const heading = fixed && fixedName.data ? `Tag a Review to ${fixedName.data}` : 'Tag a Review';
  return (
    <section className="page reviews stack">
      <title>{`${heading} | Revuhub`}</title>
      <h1>{heading}</h1>
      <ul className="reviews__list" aria-label="Post to tag">
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
  const [contact, setContact] = useState<Contact>({ name: '', contactNum: '', emailId: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Contact | 'target', string>>>({});
  const [product, setProduct] = useState(productId ?? '');
  const tag = useAddReview();
  const doneRef = useRef<HTMLHeadingElement>(null);

  const target: ProfileRef | null = fixed ?? (chosen ? { scope: kind, id: chosen._id } : null);
  const targetName = fixed ? fixedName : chosen?.name;
  const sellsProducts = target?.scope === 'brand' || target?.scope === 'store';
  const catalogue = useCatalogue(sellsProducts ? target.id : undefined);

  useEffect(() => {
    if (tag.isSuccess) doneRef.current?.focus();
  }, [tag.isSuccess]);

  if (tag.isSuccess && target) {
    return (
      <div className="card stack" role="status">
        <h2 ref={doneRef} tabIndex={-1}>{`Tagged to ${targetName ?? 'the profile'}`}</h2>
        <p>
          <Link
            to={socialPaths.validatedReviews(target.scope, target.id)}
          >{`See ${targetName ?? 'their'} tagged reviews`}</Link>
        </p>
      </div>
    );
  }

  const submit = () => {
    const next: typeof errors = {};
    for (const field of Object.keys(CHECKS) as Array<keyof Contact>) {
      const parsed = CHECKS[field].safeParse(contact[field]);
      if (!parsed.success) next[field] = parsed.error.issues[0]?.message;
    }
    if (!target) next.target = 'Choose who to tag the post to';
    setErrors(next);
    if (Object.keys(next).length > 0 || !target) return;
    tag.mutate({
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
    });
  };

  const field = (name: keyof Contact, label: string, extra: Record<string, string> = {}) => (
    <TextField
      label={label}
      value={contact[name]}
      error={errors[name]}
      onChange={(e) => setContact((c) => ({ ...c, [name]: e.target.value }))}
      {...extra}
    />
  );

  return (
    <form
      className="card stack"
      noValidate
      aria-label={`Tag ${sourceTitle || 'this post'}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {fixed ? null : (
        <fieldset className="review-form__choices">
          <legend>Tag to a</legend>
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
              {k.label}
            </label>
          ))}
        </fieldset>
      )}
      {fixed ? null : (
        <ProfilePicker
          useSearch={useProfileSearch}
          label={KINDS.find((k) => k.value === kind)!.label}
          kinds={[kind]}
          chosen={chosen}
          onChoose={setChosen}
          error={errors.target}
        />
      )}
      {sellsProducts ? (
        <div className="field">
          <label className="field__label" htmlFor="tag-product">
            Product (optional)
          </label>
          <select
            id="tag-product"
            className="field__input"
            value={product}
            onChange={(e) => setProduct(e.target.value)}
          >
            <option value="">{catalogue.isPending ? 'Loading products…' : 'No product'}</option>
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
        {field('name', 'Name', { autoComplete: 'name' })}
        {field('contactNum', 'Contact number', {
          type: 'tel',
          inputMode: 'tel',
          autoComplete: 'tel-national',
        })}
        {field('emailId', 'E-mail', { type: 'email', autoComplete: 'email' })}
      </div>
      {tag.isError ? (
        <p className="review-form__error" role="alert">
          {isApiError(tag.error) ? tag.error.message : 'There was an error'}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={tag.isPending}>
          Tag with Post
        </Button>
      </div>
    </form>
  );
}

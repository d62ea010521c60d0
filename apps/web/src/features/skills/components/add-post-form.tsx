import { useId, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  addSkillFormSchema,
  MAX_POST_LINKS,
  POST_MAX_IMAGES,
  type AddOption,
  type AddReviewResponse,
  type AddSkillForm,
  type AddSkillFormInput,
  type Media,
  type NewPostInput,
} from '@app/domain';
import { isFilledText } from '../../../components/ui/blocked-reason';
import { Button } from '../../../components/ui/button';
import { ConsentField, consentPayload, useConsentError } from '../../../components/ui/consent-field';
import { withConsentWhenRequired, type ConsentContext } from '../../../components/ui/consent-resolver';
import { ImageUploader } from '../../../components/ui/image-uploader';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { useFillOwnContact, useOwnContact } from '../../../lib/use-own-contact';
import { useCurrentUser } from '../../../lib/session';
import { useUpload } from '../../../lib/use-upload';
import { useAddPost, usePartners } from '../api/skills-api';
import type { DevicePosition } from '../api/use-device-location';
import { useT } from '../../../lib/i18n';
import { optionText } from './skill-texts';

export interface PostContext {
  mentionInfId?: string | undefined;
  mentionPostId?: string | undefined;
  influencerId?: string | undefined;
}

interface AddPostFormProps {
  option: AddOption;
  context: PostContext;
  position: DevicePosition | null;
  /** `isPrivate`: what the poster chose with "Respond Privately". */
  onPosted: (answer: AddReviewResponse, isPrivate: boolean) => void;
}

/** Server field paths of the New post payload, mapped to the form's fields. */
const SERVER_FIELDS: Record<string, keyof AddSkillFormInput> = {
  'userData.name': 'name',
  'userData.email': 'emailId',
  'userData.mobile': 'contactNum',
  'caption.0.value': 'title',
  'links.data': 'links',
  description: 'description',
  'description.0.value': 'description',
  storeUserId: 'partnerUserId',
  brandUserId: 'partnerUserId',
};

/** The form's values: the post's fields and a visitor's "18 or older" box (decision 040). */
type PostValues = AddSkillFormInput & { consent: boolean };

export function AddPostForm({ option, context, position, onPosted }: AddPostFormProps) {
  const privateHintId = useId();
  const { t } = useT('skills');
  const words = optionText(option, t);
  const addPost = useAddPost();
  const partners = usePartners(!option.hideTagging);
  const [serverError, setServerError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<Media[]>([]);
  const upload = useUpload();
  // A signed-in poster posts as themself: their own details fill the contact fields.
  const user = useCurrentUser();
  // Posted without an account, the post carries the visitor's consent; signed in, the sign-up's stands.
  const consentRequired = !user;
  const consentMessage = useConsentError(false) ?? '';
  const resolver = useMemo(
    () => withConsentWhenRequired<PostValues, AddSkillForm>(zodResolver(addSkillFormSchema), consentMessage),
    [consentMessage],
  );
  const form = useForm<PostValues, ConsentContext, AddSkillForm>({
    resolver,
    context: { consentRequired },
    // Checked on submit, then on every change: a link row just added is not an error yet.
    mode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: {
      name: user?.profile.name ?? '',
      contactNum: '',
      emailId: user?.profile.email ?? '',
      title: '',
      description: '',
      links: [],
      isPrivate: option.isPrivate,
      partnerUserId: '',
      consent: false,
    },
  });
  const {
    register,
    control,
    setError,
    formState: { isSubmitting },
  } = form;
  const kit = useFormKit(form);
  const links = useFieldArray({ control, name: 'links' });
  // The session carries no mobile: the account's own contact (GET /users/me) fills it in, unless
  // the poster typed a number before it came.
  useFillOwnContact(useOwnContact(), (contact) => {
    if (contact.mobile && !form.getValues('contactNum')) {
      form.setValue('contactNum', contact.mobile, { shouldValidate: true });
    }
  });
  const [name, contactNum, emailId, partnerUserId, consent] = useWatch({
    control,
    name: ['name', 'contactNum', 'emailId', 'partnerUserId', 'consent'],
  });
  // Spec section 5: submit is enabled once the contact fields (and the partner, when tagging) are filled.
  const empty = [
    ...[name, contactNum, emailId].map(isFilledText),
    ...(option.hideTagging ? [] : [!!partnerUserId]),
  ].filter((filled) => !filled).length;
  const blockedReason =
    empty > 0 ? t('fieldsEmpty', { count: empty }) : upload.isUploading ? t('waitForPhotos') : null;

  async function submit(form: AddSkillForm) {
    const partner = partners.data?.Data.find((s) => s.user_id._id === form.partnerUserId);
    const body: NewPostInput = {
      slug: true,
      ...(consentRequired ? { consent: consentPayload(consent) } : {}),
      type: 'IMAGE',
      kind: option.kind,
      data: photos.map((p) => ({ name: p.name, url: p.url })),
      // A title is sent only if non-empty; the description always goes at index 0.
      caption: form.title ? [{ index: 0, value: form.title }] : [],
      description: [{ index: 0, value: form.description }],
      links: { data: form.links, index: 0 },
      isPrivate: form.isPrivate,
      storeUserId: partner && !partner.user_id.isBrand ? partner.user_id._id : undefined,
      brandUserId: partner?.user_id.isBrand ? partner.user_id._id : undefined,
      mentionInfId: context.mentionInfId,
      mentionPostId: context.mentionPostId,
      influencerId: context.influencerId,
      userData: { name: form.name, email: form.emailId, mobile: form.contactNum },
      influencerData: {
        name: form.name,
        isService: option.isService,
        ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
      },
    };
    setServerError(null);
    try {
      onPosted(await addPost.mutateAsync(body), form.isPrivate);
    } catch (error) {
      if (isApiError(error)) {
        for (const [path, message] of Object.entries(error.errors)) {
          const field = SERVER_FIELDS[path];
          if (field) setError(field, { type: 'server', message }, { shouldFocus: false });
        }
      }
      // Spec section 8: a failed post tells the server's (or the network's) message. It shows on the
      // form and takes focus, which announces it once; a window.alert would hide the marked fields.
      setServerError(error instanceof Error ? error.message : String(error));
      kit.announceServerAnswer();
    }
  }

  return (
    <KitForm
      kit={kit}
      className="card stack add-skill__form"
      aria-labelledby="add-skill-title"
      data-kind={option.kind}
      onSubmit={(event) => void kit.onSubmit(submit)(event)}
    >
      <div className="add-skill__grid">
        <TextField
          label={t('name')}
          autoComplete="name"
          error={kit.shownError('name')}
          {...register('name')}
        />
        <TextField
          label={t('contactNumber')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
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
          error={kit.shownError('emailId')}
          {...register('emailId')}
        />
      </div>
      <TextField
        label={t('title')}
        placeholder={words.titlePlaceholder}
        error={kit.shownError('title')}
        {...register('title')}
      />
      <TextAreaField
        // Explicit: the summary's link to the description needs the kit's id.
        id={kit.fieldId('description')}
        label={t('description')}
        className="add-skill__description"
        rows={6}
        autoComplete="off"
        inputMode="text"
        placeholder={words.descriptionPlaceholder}
        error={kit.shownError('description')}
        {...register('description')}
      />
      {option.hideTagging ? null : (
        <SelectField
          label={t('partner')}
          autoComplete="off"
          placeholder={t('choosePartner')}
          options={(partners.data?.Data ?? []).map((s) => ({
            value: s.user_id._id,
            label: s.user_id.isBrand ? t('partnerBrand', { name: s.name }) : s.name,
          }))}
          hint={
            partners.isPending ? t('loadingPartners') : partners.isError ? partners.error.message : undefined
          }
          error={kit.shownError('partnerUserId')}
          {...register('partnerUserId')}
        />
      )}
      <ImageUploader
        // A requirement is a position, not work done: its photos are of the workplace or the job.
        label={t(option.kind === 'requirement' ? 'photosOfPosition' : 'photosOfWork', {
          count: POST_MAX_IMAGES,
        })}
        upload={upload}
        maxFiles={POST_MAX_IMAGES}
        onChange={setPhotos}
      />
      <fieldset className="add-skill__links" id={kit.fieldId('links')}>
        <legend>{t('links', { count: MAX_POST_LINKS })}</legend>
        {links.fields.map((link, index) => (
          <div key={link.id} className="add-skill__link-row">
            <TextField
              label={t('linkName', { number: index + 1 })}
              error={kit.shownError(`links.${index}.name`)}
              {...register(`links.${index}.name`)}
            />
            <TextField
              label={t('linkUrl', { number: index + 1 })}
              type="url"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              error={kit.shownError(`links.${index}.url`)}
              {...register(`links.${index}.url`)}
            />
            <Button variant="ghost" onClick={() => links.remove(index)}>
              {t('removeLink', { number: index + 1 })}
            </Button>
          </div>
        ))}
        {kit.shownError('links') ? <p className="field__error">{kit.shownError('links')}</p> : null}
        <div>
          <Button
            variant="secondary"
            // Spec section 5: the add control does nothing beyond the limit.
            onClick={() => {
              if (links.fields.length < MAX_POST_LINKS) links.append({ name: '', url: '' });
            }}
          >
            {t('addLink')}
          </Button>
        </div>
      </fieldset>
      <div className="add-skill__toggle">
        <input
          id={`${privateHintId}-box`}
          type="checkbox"
          aria-describedby={privateHintId}
          {...register('isPrivate')}
        />
        <label htmlFor={`${privateHintId}-box`}>{t('respondPrivately')}</label>
        <p className="field__hint" id={privateHintId}>
          {t('privateHint')}
        </p>
      </div>
      <FormMessage messageRef={kit.messageRef}>{serverError}</FormMessage>
      {consentRequired ? (
        <ConsentField
          checked={consent}
          onChange={(checked) =>
            form.setValue('consent', checked, {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            })
          }
          error={kit.shownError('consent')}
        />
      ) : null}
      <SubmitButton blockedReason={blockedReason} submitting={isSubmitting} submittingLabel={t('posting')}>
        {t('post')}
      </SubmitButton>
    </KitForm>
  );
}

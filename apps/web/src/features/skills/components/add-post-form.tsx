import { useId } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  addSkillFormSchema,
  FIELD_BORDER_COLOURS,
  MAX_POST_LINKS,
  type AddOption,
  type AddReviewResponse,
  type AddSkillForm,
  type AddSkillFormInput,
  type NewPostInput,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useAddPost, usePartners } from '../api/skills-api';
import type { DevicePosition } from '../api/use-device-location';

export interface PostContext {
  mentionInfId?: string | undefined;
  mentionPostId?: string | undefined;
  influencerId?: string | undefined;
}

interface AddPostFormProps {
  option: AddOption;
  context: PostContext;
  position: DevicePosition | null;
  onPosted: (answer: AddReviewResponse) => void;
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

export function AddPostForm({ option, context, position, onPosted }: AddPostFormProps) {
  const descriptionId = useId();
  const privateHintId = useId();
  const addPost = useAddPost();
  const partners = usePartners(!option.hideTagging);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddSkillFormInput, unknown, AddSkillForm>({
    resolver: zodResolver(addSkillFormSchema),
    // Checked on submit, then on every change: a link row just added is not an error yet.
    mode: 'onSubmit',
    defaultValues: {
      name: '',
      contactNum: '',
      emailId: '',
      title: '',
      description: '',
      links: [],
      isPrivate: option.isPrivate,
      partnerUserId: '',
    },
  });
  const links = useFieldArray({ control, name: 'links' });
  const linkError = (index: number, key: 'name' | 'url') => errors.links?.[index]?.[key]?.message;
  const [name, contactNum, emailId, partnerUserId] = useWatch({
    control,
    name: ['name', 'contactNum', 'emailId', 'partnerUserId'],
  });
  // Spec section 5: submit is enabled once the contact fields (and the partner, when tagging) are filled.
  const ready =
    [name, contactNum, emailId].every((v) => v.trim() !== '') && (option.hideTagging || !!partnerUserId);

  async function submit(form: AddSkillForm) {
    const partner = partners.data?.Data.find((s) => s.user_id._id === form.partnerUserId);
    const body: NewPostInput = {
      slug: true,
      type: 'IMAGE',
      kind: option.kind,
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
    try {
      onPosted(await addPost.mutateAsync(body));
    } catch (error) {
      if (isApiError(error)) {
        for (const [path, message] of Object.entries(error.errors)) {
          const field = SERVER_FIELDS[path];
          if (field) setError(field, { message });
        }
      }
      // Spec section 8: a failed post alerts the server's (or the network's) message.
      window.alert(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <form
      className="card stack add-skill__form"
      noValidate
      aria-labelledby="add-skill-title"
      data-kind={option.kind}
      onSubmit={handleSubmit(submit)}
    >
      <div className="add-skill__grid">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Contact number"
          inputMode="numeric"
          autoComplete="tel-national"
          error={errors.contactNum?.message}
          {...register('contactNum')}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          error={errors.emailId?.message}
          {...register('emailId')}
        />
      </div>
      <TextField
        label="Title"
        placeholder={option.titlePlaceholder}
        error={errors.title?.message}
        {...register('title')}
      />
      <div className="field">
        <label className="field__label" htmlFor={descriptionId}>
          Description
        </label>
        <textarea
          id={descriptionId}
          className="field__input add-skill__textarea"
          rows={6}
          placeholder={option.descriptionPlaceholder}
          aria-invalid={errors.description ? true : undefined}
          style={{
            borderColor: errors.description ? FIELD_BORDER_COLOURS.error : FIELD_BORDER_COLOURS.valid,
          }}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          {...register('description')}
        />
        {errors.description ? (
          <p className="field__error" id={`${descriptionId}-error`}>
            {errors.description.message}
          </p>
        ) : null}
      </div>
      {option.hideTagging ? null : (
        <SelectField
          label="Partner brand or store"
          placeholder="Choose a brand or store"
          options={(partners.data?.Data ?? []).map((s) => ({
            value: s.user_id._id,
            label: `${s.name}${s.user_id.isBrand ? ' (brand)' : ''}`,
          }))}
          hint={
            partners.isPending
              ? 'Loading brands and stores…'
              : partners.isError
                ? partners.error.message
                : undefined
          }
          error={errors.partnerUserId?.message}
          {...register('partnerUserId')}
        />
      )}
      <fieldset className="add-skill__links">
        <legend>Links (up to {MAX_POST_LINKS})</legend>
        {links.fields.map((link, index) => (
          <div key={link.id} className="add-skill__link-row">
            <TextField
              label={`Link ${index + 1} name`}
              error={linkError(index, 'name')}
              {...register(`links.${index}.name`)}
            />
            <TextField
              label={`Link ${index + 1} URL`}
              type="url"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              error={linkError(index, 'url')}
              {...register(`links.${index}.url`)}
            />
            <Button variant="ghost" onClick={() => links.remove(index)}>
              Remove link {index + 1}
            </Button>
          </div>
        ))}
        {errors.links?.message ? <p className="field__error">{errors.links.message}</p> : null}
        <div>
          <Button
            variant="secondary"
            // Spec section 5: the add control does nothing beyond the limit.
            onClick={() => {
              if (links.fields.length < MAX_POST_LINKS) links.append({ name: '', url: '' });
            }}
          >
            Add link
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
        <label htmlFor={`${privateHintId}-box`}>Respond Privately</label>
        <p className="field__hint" id={privateHintId}>
          A private post is reachable only through its link and is not listed on Skill Discovery.
        </p>
      </div>
      <div>
        <Button type="submit" disabled={!ready} loading={isSubmitting}>
          Post
        </Button>
      </div>
    </form>
  );
}

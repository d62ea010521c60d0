import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  EDUCATION_OPTIONS,
  expertFormSchema,
  expertFormToPayload,
  MAX_EXTRA_SOCIAL_LINKS,
  ONE_SOCIAL_HANDLE_MESSAGE,
  type ExpertForm,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useInfluencerCategories, useRegisterEndUser } from '../api/applications-api';
import { useApplicationSubmit } from '../api/use-application-submit';
import { useGrantedLocation } from '../api/use-granted-location';
import { AddressSelects } from './address-selects';
import {
  ContactNumberField,
  EmailField,
  SubmitButton,
  SubmitErrorBanner,
  ThankYouPanel,
  lookupHint,
} from './application-parts';
import { isFilled } from './is-filled';

type ExpertFormInput = z.input<typeof expertFormSchema>;

const REQUIRED = [
  'name',
  'emailId',
  'contactNum',
  'state',
  'city',
  'education',
  'expertise',
  'yearsOfExp',
] as const;
const SOCIAL = ['instagram', 'facebook', 'twitter'] as const;
const FIELDS = [...REQUIRED, ...SOCIAL, 'links'] as const;

const EDUCATION = EDUCATION_OPTIONS.map((option) => ({ value: option, label: option }));

export function ExpertApplicationForm() {
  const registerExpert = useRegisterEndUser();
  const categories = useInfluencerCategories();
  const location = useGrantedLocation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitted, touchedFields },
  } = useForm<ExpertFormInput, unknown, ExpertForm>({
    resolver: zodResolver(expertFormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      emailId: '',
      contactNum: '',
      state: '',
      city: '',
      // The enum has no empty member; '' is the select's placeholder until a choice is made.
      education: '' as ExpertFormInput['education'],
      expertise: '',
      yearsOfExp: '',
      instagram: '',
      facebook: '',
      twitter: '',
      links: [],
    },
  });
  const links = useFieldArray({ control, name: 'links' });
  const required = useWatch({ control, name: REQUIRED });
  const social = useWatch({ control, name: SOCIAL });
  const canSubmit = required.every(isFilled) && social.some(isFilled);
  const { outcome, serverError, submit } = useApplicationSubmit({
    setError,
    fields: FIELDS,
    successStatus: 201,
  });

  if (outcome) return <ThankYouPanel outcome={outcome} />;

  // Validating one link field reports the whole row; show a field's message only once the user has
  // been there, or a message would appear on a field not yet reached and vanish when it is left.
  const linkError = (index: number, part: 'name' | 'url') =>
    isSubmitted || touchedFields.links?.[index]?.[part] ? errors.links?.[index]?.[part]?.message : undefined;

  const expertiseOptions = (categories.data ?? []).map((c) => ({ value: c.field, label: c.field }));

  return (
    <form
      className="card stack"
      noValidate
      aria-labelledby="expert-form-title"
      onSubmit={handleSubmit((form) =>
        submit(() => registerExpert.mutateAsync(expertFormToPayload(form, location, categories.data ?? []))),
      )}
    >
      <h2 id="expert-form-title">Your details</h2>
      <div className="application__grid">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <EmailField error={errors.emailId?.message} {...register('emailId')} />
        <ContactNumberField error={errors.contactNum?.message} {...register('contactNum')} />
        <AddressSelects control={control} />
        <SelectField
          label="Education"
          placeholder="Select education"
          options={EDUCATION}
          error={errors.education?.message}
          {...register('education')}
        />
        <SelectField
          label="Expertise"
          placeholder="Select expertise"
          options={expertiseOptions}
          error={errors.expertise?.message}
          hint={lookupHint({
            isPending: categories.isPending,
            isError: categories.isError,
            onRetry: () => void categories.refetch(),
          })}
          {...register('expertise')}
        />
        <TextField
          label="Years of experience"
          type="number"
          inputMode="numeric"
          min={0}
          max={99}
          step={1}
          error={errors.yearsOfExp?.message}
          {...register('yearsOfExp')}
        />
      </div>

      <fieldset className="application__fieldset" aria-describedby="expert-social-hint">
        <legend>Social handles</legend>
        <p className="field__hint" id="expert-social-hint">
          {ONE_SOCIAL_HANDLE_MESSAGE}.
        </p>
        <div className="application__grid">
          <TextField label="Instagram" error={errors.instagram?.message} {...register('instagram')} />
          <TextField label="Facebook" error={errors.facebook?.message} {...register('facebook')} />
          <TextField label="Twitter" error={errors.twitter?.message} {...register('twitter')} />
        </div>
      </fieldset>

      <fieldset className="application__fieldset">
        <legend>More links (up to {MAX_EXTRA_SOCIAL_LINKS})</legend>
        {links.fields.map((link, index) => (
          <div key={link.id} className="application__link-row">
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
        {errors.links?.message ? <p className="application__field-error">{errors.links.message}</p> : null}
        <div>
          <Button
            variant="secondary"
            disabled={links.fields.length >= MAX_EXTRA_SOCIAL_LINKS}
            // Pressing the button blurred an open empty row, whose error message then pushed the
            // button down before the mouse came up, so the click never landed. Keeping the focus
            // where it is until the click lets it land; keyboard use is unaffected.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => links.append({ name: '', url: '' })}
          >
            Add link
          </Button>
        </div>
      </fieldset>

      <SubmitErrorBanner message={serverError} />
      <div className="application__actions">
        <SubmitButton disabled={!canSubmit} submitting={isSubmitting} />
      </div>
    </form>
  );
}

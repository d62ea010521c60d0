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
import { KitForm } from '../../../components/ui/form-kit';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useInfluencerCategories, useRegisterEndUser } from '../api/applications-api';
import { useApplicationSubmit } from '../api/use-application-submit';
import { useGrantedLocation } from '../api/use-granted-location';
import { AddressSelects } from './address-selects';
import {
  ContactNumberField,
  EmailField,
  SubmitErrorBanner,
  ThankYouPanel,
  lookupHint,
  missingFieldsReason,
} from './application-parts';
import { ReapplyNote, type FormStart } from './earlier-answers';
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

export function ExpertApplicationForm({ initial, reapply = false }: FormStart<ExpertFormInput> = {}) {
  const registerExpert = useRegisterEndUser(reapply);
  const categories = useInfluencerCategories();
  const location = useGrantedLocation();
  const form = useForm<ExpertFormInput, unknown, ExpertForm>({
    resolver: zodResolver(expertFormSchema),
    mode: 'onTouched',
    shouldFocusError: false,
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
      ...initial,
    },
  });
  const {
    register,
    control,
    setError,
    getValues,
    formState: { errors, isSubmitting, isSubmitted, touchedFields },
  } = form;
  const kit = useFormKit(form);
  const links = useFieldArray({ control, name: 'links' });
  const required = useWatch({ control, name: REQUIRED });
  const social = useWatch({ control, name: SOCIAL });
  const blockedReason = missingFieldsReason(
    required.map(isFilled),
    social.some(isFilled) ? null : 'A social handle is still missing.',
  );
  const { outcome, serverError, submit } = useApplicationSubmit({
    announceServerAnswer: kit.announceServerAnswer,
    setError,
    fields: FIELDS,
    successStatus: 201,
  });

  if (outcome) return <ThankYouPanel outcome={outcome} email={getValues('emailId')} />;

  // Validating one link field reports the whole row; show a field's message only once the user has
  // been there, or a message would appear on a field not yet reached and vanish when it is left.
  const linkError = (index: number, part: 'name' | 'url') =>
    isSubmitted || touchedFields.links?.[index]?.[part] ? errors.links?.[index]?.[part]?.message : undefined;

  const expertiseOptions = (categories.data ?? []).map((c) => ({ value: c.field, label: c.field }));

  return (
    <KitForm
      kit={kit}
      className="card stack"
      aria-labelledby="expert-form-title"
      header={
        <>
          <h2 id="expert-form-title">Your details</h2>
          {reapply ? <ReapplyNote /> : null}
        </>
      }
      onSubmit={kit.onSubmit((expert) =>
        submit(() =>
          registerExpert.mutateAsync(expertFormToPayload(expert, location, categories.data ?? [])),
        ),
      )}
    >
      <div className="application__grid">
        <TextField label="Name" autoComplete="name" error={kit.shownError('name')} {...register('name')} />
        <EmailField error={kit.shownError('emailId')} readOnly={reapply} {...register('emailId')} />
        <ContactNumberField error={kit.shownError('contactNum')} {...register('contactNum')} />
        <AddressSelects
          control={control}
          shownErrors={{ state: kit.shownError('state'), city: kit.shownError('city') }}
        />
        <SelectField
          label="Education"
          placeholder="Select education"
          options={EDUCATION}
          error={kit.shownError('education')}
          {...register('education')}
        />
        <SelectField
          label="Expertise"
          placeholder="Select expertise"
          options={expertiseOptions}
          error={kit.shownError('expertise')}
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
          autoComplete="off"
          inputMode="numeric"
          min={0}
          max={99}
          step={1}
          error={kit.shownError('yearsOfExp')}
          {...register('yearsOfExp')}
        />
      </div>

      <fieldset className="application__fieldset" aria-describedby="expert-social-hint">
        <legend>Social handles</legend>
        <p className="field__hint" id="expert-social-hint">
          {ONE_SOCIAL_HANDLE_MESSAGE}.
        </p>
        <div className="application__grid">
          <TextField
            label="Instagram"
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            error={kit.shownError('instagram')}
            {...register('instagram')}
          />
          <TextField
            label="Facebook"
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            error={kit.shownError('facebook')}
            {...register('facebook')}
          />
          <TextField
            label="Twitter"
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            error={kit.shownError('twitter')}
            {...register('twitter')}
          />
        </div>
      </fieldset>

      <fieldset className="application__fieldset">
        <legend>More links (up to {MAX_EXTRA_SOCIAL_LINKS})</legend>
        {links.fields.map((link, index) => (
          <div key={link.id} className="application__link-row">
            <TextField
              label={`Link ${index + 1} name`}
              autoComplete="off"
              error={linkError(index, 'name')}
              {...register(`links.${index}.name`)}
            />
            <TextField
              label={`Link ${index + 1} URL`}
              type="url"
              inputMode="url"
              autoComplete="url"
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

      <SubmitErrorBanner message={serverError} messageRef={kit.messageRef} />
      <div className="application__actions">
        <SubmitButton blockedReason={blockedReason} submitting={isSubmitting} />
      </div>
    </KitForm>
  );
}

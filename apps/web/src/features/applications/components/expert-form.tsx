import { useMemo } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  EDUCATION_OPTIONS,
  expertFormSchema,
  expertFormToPayload,
  MAX_EXTRA_SOCIAL_LINKS,
  type ExpertForm,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ConsentField, consentPayload, useConsentError } from '../../../components/ui/consent-field';
import { SelectField } from '../../../components/ui/select-field';
import { KitForm } from '../../../components/ui/form-kit';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useT } from '../../../lib/i18n';
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
import { withConsentBox, type ConsentBox } from './consent-box';
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

const EDUCATION_KEY: Record<(typeof EDUCATION_OPTIONS)[number], string> = {
  'High School': 'educationHighSchool',
  'Junior College': 'educationJuniorCollege',
  'Under Graduate': 'educationUnderGraduate',
  'Post Graduate': 'educationPostGraduate',
};

export function ExpertApplicationForm({ initial, reapply = false }: FormStart<ExpertFormInput> = {}) {
  const { t, language } = useT('applications');
  const registerExpert = useRegisterEndUser(reapply);
  const categories = useInfluencerCategories();
  const location = useGrantedLocation();
  const consentRequired = useConsentError(false) ?? '';
  const resolver = useMemo(
    () => withConsentBox(zodResolver(expertFormSchema), consentRequired, language),
    [consentRequired, language],
  );
  const form = useForm<ExpertFormInput & ConsentBox, unknown, ExpertForm & ConsentBox>({
    resolver,
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
      consent: false,
    },
  });
  const {
    register,
    control,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isSubmitted, touchedFields },
  } = form;
  const kit = useFormKit(form);
  const links = useFieldArray({ control, name: 'links' });
  const required = useWatch({ control, name: REQUIRED });
  const social = useWatch({ control, name: SOCIAL });
  const consent = useWatch({ control, name: 'consent' });
  const blockedReason = missingFieldsReason(
    t,
    required.map(isFilled),
    social.some(isFilled) ? null : t('socialHandleMissing'),
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
          <h2 id="expert-form-title">{t('yourDetails')}</h2>
          {reapply ? <ReapplyNote /> : null}
        </>
      }
      onSubmit={kit.onSubmit((expert) =>
        submit(() =>
          registerExpert.mutateAsync({
            ...expertFormToPayload(expert, location, categories.data ?? []),
            consent: consentPayload(expert.consent),
          }),
        ),
      )}
    >
      <div className="application__grid">
        <TextField
          label={t('name')}
          autoComplete="name"
          error={kit.shownError('name')}
          {...register('name')}
        />
        <EmailField error={kit.shownError('emailId')} readOnly={reapply} {...register('emailId')} />
        <ContactNumberField error={kit.shownError('contactNum')} {...register('contactNum')} />
        <AddressSelects
          control={control}
          shownErrors={{ state: kit.shownError('state'), city: kit.shownError('city') }}
        />
        <SelectField
          label={t('education')}
          placeholder={t('selectEducation')}
          options={EDUCATION_OPTIONS.map((option) => ({ value: option, label: t(EDUCATION_KEY[option]) }))}
          error={kit.shownError('education')}
          {...register('education')}
        />
        <SelectField
          label={t('expertise')}
          placeholder={t('selectExpertise')}
          options={expertiseOptions}
          error={kit.shownError('expertise')}
          hint={lookupHint(t, {
            isPending: categories.isPending,
            isError: categories.isError,
            onRetry: () => void categories.refetch(),
          })}
          {...register('expertise')}
        />
        <TextField
          label={t('yearsOfExperience')}
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
        <legend>{t('socialHandles')}</legend>
        <p className="field__hint" id="expert-social-hint">
          {t('oneSocialHandle')}
        </p>
        <div className="application__grid">
          <TextField
            label={t('instagram')}
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            error={kit.shownError('instagram')}
            {...register('instagram')}
          />
          <TextField
            label={t('facebook')}
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            error={kit.shownError('facebook')}
            {...register('facebook')}
          />
          <TextField
            label={t('twitter')}
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
        <legend>{t('moreLinks', { max: MAX_EXTRA_SOCIAL_LINKS })}</legend>
        {links.fields.map((link, index) => (
          <div key={link.id} className="application__link-row">
            <TextField
              label={t('linkName', { n: index + 1 })}
              autoComplete="off"
              error={linkError(index, 'name')}
              {...register(`links.${index}.name`)}
            />
            <TextField
              label={t('linkUrl', { n: index + 1 })}
              type="url"
              inputMode="url"
              autoComplete="url"
              autoCapitalize="none"
              spellCheck={false}
              error={linkError(index, 'url')}
              {...register(`links.${index}.url`)}
            />
            <Button variant="ghost" onClick={() => links.remove(index)}>
              {t('removeLink', { n: index + 1 })}
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
            {t('addLink')}
          </Button>
        </div>
      </fieldset>

      <ConsentField
        checked={consent}
        onChange={(ticked) => setValue('consent', ticked, { shouldDirty: true, shouldValidate: true })}
        error={kit.shownError('consent')}
      />
      <SubmitErrorBanner message={serverError} messageRef={kit.messageRef} />
      <div className="application__actions">
        <SubmitButton blockedReason={blockedReason} submitting={isSubmitting} />
      </div>
    </KitForm>
  );
}

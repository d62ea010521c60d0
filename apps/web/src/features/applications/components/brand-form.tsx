import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  brandFormSchema,
  brandFormToPayload,
  emailSchema,
  translateMessage,
  type BrandForm,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ConsentField, consentPayload, useConsentError } from '../../../components/ui/consent-field';
import { SelectField } from '../../../components/ui/select-field';
import { KitForm } from '../../../components/ui/form-kit';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useT } from '../../../lib/i18n';
import { useParentCategories, useRegisterBrand } from '../api/applications-api';
import { useApplicationSubmit } from '../api/use-application-submit';
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

type BrandFormInput = z.input<typeof brandFormSchema>;

const FIELDS = ['ownerName', 'emailId', 'contactNum', 'companyName', 'sellCategory', 'websiteLink'] as const;

export function BrandApplication({ initial, reapply = false }: FormStart<BrandFormInput> = {}) {
  const { t, language } = useT('applications');
  const registerBrand = useRegisterBrand(reapply);
  const categories = useParentCategories();
  const formRef = useRef<HTMLFormElement>(null);
  const [demoEmail, setDemoEmail] = useState('');
  const [demoError, setDemoError] = useState<string>();
  const consentRequired = useConsentError(false) ?? '';
  const resolver = useMemo(
    () => withConsentBox(zodResolver(brandFormSchema), consentRequired, language),
    [consentRequired, language],
  );
  const form = useForm<BrandFormInput & ConsentBox, unknown, BrandForm & ConsentBox>({
    resolver,
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: {
      ownerName: '',
      emailId: '',
      contactNum: '',
      companyName: '',
      sellCategory: '',
      websiteLink: '',
      ...initial,
      consent: false,
    },
  });
  const {
    register,
    control,
    setError,
    setValue,
    setFocus,
    getValues,
    formState: { isSubmitting },
  } = form;
  const kit = useFormKit(form);
  const values = useWatch({ control, name: FIELDS });
  const consent = useWatch({ control, name: 'consent' });
  const { outcome, serverError, submit } = useApplicationSubmit({
    announceServerAnswer: kit.announceServerAnswer,
    setError,
    fields: FIELDS,
    successStatus: 201,
  });

  if (outcome) return <ThankYouPanel outcome={outcome} email={getValues('emailId')} />;

  const scheduleDemo = () => {
    const parsed = emailSchema.safeParse(demoEmail);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setDemoError(issue === undefined ? undefined : translateMessage(issue, language));
      return;
    }
    setDemoError(undefined);
    setValue('emailId', parsed.data, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
    // jsdom and old browsers lack smooth scrolling; the focus below still moves the user there.
    formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    setFocus('ownerName');
  };

  const categoryOptions = (categories.data ?? []).map((c) => ({
    value: c.parentCategory,
    label: c.parentCategory,
  }));

  return (
    <div className="stack">
      <form
        className="card stack"
        noValidate
        aria-label={t('scheduleDemoForm')}
        onSubmit={(event) => {
          event.preventDefault();
          scheduleDemo();
        }}
      >
        <div className="application__demo">
          <TextField
            label={t('businessEmail')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={demoEmail}
            onChange={(event) => setDemoEmail(event.target.value)}
            error={demoError}
          />
          <Button type="submit">{t('scheduleDemo')}</Button>
        </div>
        <p className="application__note">{t('accessExclusive')}</p>
      </form>

      <KitForm
        kit={kit}
        ref={formRef}
        className="card stack"
        aria-labelledby="brand-form-title"
        header={
          <>
            <h2 id="brand-form-title">{t('aboutYourBrand')}</h2>
            {reapply ? <ReapplyNote /> : null}
          </>
        }
        onSubmit={kit.onSubmit((brand) =>
          submit(() =>
            registerBrand.mutateAsync({
              ...brandFormToPayload(brand),
              consent: consentPayload(brand.consent),
            }),
          ),
        )}
      >
        <div className="application__grid">
          <TextField
            label={t('yourName')}
            autoComplete="name"
            error={kit.shownError('ownerName')}
            {...register('ownerName')}
          />
          <EmailField error={kit.shownError('emailId')} readOnly={reapply} {...register('emailId')} />
          <ContactNumberField error={kit.shownError('contactNum')} {...register('contactNum')} />
          <TextField
            label={t('brandName')}
            autoComplete="organization"
            error={kit.shownError('companyName')}
            {...register('companyName')}
          />
          <SelectField
            label={t('whatDoYouSell')}
            placeholder={t('selectCategory')}
            options={categoryOptions}
            error={kit.shownError('sellCategory')}
            hint={lookupHint(t, {
              isPending: categories.isPending,
              isError: categories.isError,
              onRetry: () => void categories.refetch(),
            })}
            {...register('sellCategory')}
          />
          <TextField
            label={t('website')}
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('websitePlaceholder')}
            error={kit.shownError('websiteLink')}
            {...register('websiteLink')}
          />
        </div>
        <ConsentField
          checked={consent}
          onChange={(ticked) => setValue('consent', ticked, { shouldDirty: true, shouldValidate: true })}
          error={kit.shownError('consent')}
        />
        <SubmitErrorBanner message={serverError} messageRef={kit.messageRef} />
        <div className="application__actions">
          <SubmitButton
            blockedReason={missingFieldsReason(t, values.map(isFilled))}
            submitting={isSubmitting}
          />
        </div>
      </KitForm>
    </div>
  );
}

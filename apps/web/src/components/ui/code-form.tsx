import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { contactCodeSchema } from '@app/domain';
import { isApiError } from '../../lib/api-client';
import { Button } from './button';
import { TextField } from './text-field';
import './code-form.css';
import { useT } from '../../lib/i18n/translate';
import { useMessageTranslator, withTranslatedMessages } from '../../lib/i18n/messages';

const codeFormSchema = z.object({ code: contactCodeSchema });
type CodeFormValues = z.infer<typeof codeFormSchema>;

export interface CodeFormProps {
  /** Where the code went and what it does, e.g. "We sent a 6-digit code to …". */
  intro: string;
  label: string;
  submitLabel: string;
  ariaLabel: string;
  /** Checks the code; a refusal naming `code` shows at the field, others in `onError`. */
  onCode: (code: string) => Promise<void>;
  onResend: () => void;
  resending: boolean;
  onError: (message: string | null) => void;
  /** A notice (a new code was sent) or an error, with its own role and focus. */
  children?: React.ReactNode;
  className?: string;
}

/** A 6-digit code box with Send a new code: the one form for every code a person receives. */
export function CodeForm({
  intro,
  label,
  submitLabel,
  ariaLabel,
  onCode,
  onResend,
  resending,
  onError,
  children,
  className = 'stack',
}: CodeFormProps) {
  const { t } = useT('ui');
  const translate = useMessageTranslator();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeFormValues>({
    resolver: withTranslatedMessages(zodResolver(codeFormSchema), translate),
    defaultValues: { code: '' },
  });

  const onSubmit = async ({ code }: CodeFormValues) => {
    onError(null);
    try {
      await onCode(code);
    } catch (error) {
      if (isApiError(error) && error.errors.code)
        setError('code', { type: 'server', message: error.errors.code });
      onError(isApiError(error) ? error.message : t('error'));
    }
  };

  return (
    <form className={className} noValidate onSubmit={handleSubmit(onSubmit)} aria-label={ariaLabel}>
      {/* Polite: a new code's notice replaces the intro while the person is typing. */}
      <p aria-live="polite">{intro}</p>
      <TextField
        label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        {...register('code')}
      />
      {children}
      <div className="code-form__actions">
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onResend} loading={resending}>
          {t('sendNewCode')}
        </Button>
      </div>
    </form>
  );
}

import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { reachoutSchema } from '@app/domain';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useReachout } from '../api/queries-api';
import { useT } from '../../../lib/i18n';

const noteSchema = reachoutSchema.pick({ note: true, email: true });
type NoteInput = z.input<typeof noteSchema>;
type NoteValues = z.infer<typeof noteSchema>;

/** A note to the creator of a post; the server passes it on to the creator's contact. */
export function ReachoutForm({ influencerId, creatorName }: { influencerId: string; creatorName: string }) {
  const reachout = useReachout();
  const titleId = useId();
  const { t } = useT('queries');
  // The spec's two answers; whichever came last takes focus (see useFormKit).
  const [answer, setAnswer] = useState<'sent' | 'failed' | null>(null);
  const form = useForm<NoteInput, unknown, NoteValues>({
    resolver: zodResolver(noteSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { note: '', email: '' },
  });
  const kit = useFormKit(form);

  const onSubmit = kit.onSubmit(async (values) => {
    setAnswer(null);
    try {
      await reachout.mutateAsync({ ...values, influencerId });
      setAnswer('sent');
    } catch (error) {
      console.error('Reachout was not sent', error);
      setAnswer('failed');
    }
    kit.announceServerAnswer();
  });

  return (
    <KitForm
      kit={kit}
      className="reachout stack"
      aria-labelledby={titleId}
      header={<h4 id={titleId}>{t('reachoutTo', { name: creatorName })}</h4>}
      onSubmit={(event) => void onSubmit(event)}
    >
      <TextAreaField
        label={t('note')}
        rows={2}
        autoComplete="off"
        inputMode="text"
        error={kit.shownError('note')}
        {...form.register('note')}
      />
      <TextField
        label={t('yourEmail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={kit.shownError('email')}
        {...form.register('email')}
      />
      <SubmitButton submitting={reachout.isPending} submittingLabel={t('sending')}>
        {t('reachout')}
      </SubmitButton>
      <FormMessage messageRef={kit.messageRef} tone={answer === 'sent' ? 'success' : 'error'}>
        {answer === 'sent' ? t('reachoutSent') : answer === 'failed' ? t('reachoutFailed') : null}
      </FormMessage>
    </KitForm>
  );
}

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { RegistrationResponse } from '@app/domain';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { mapServerErrors } from '../server-errors';

export interface SubmitOutcome {
  userId: string;
  /** Where the verification code went, masked: "your e-mail a***@example.com". */
  sentTo: string;
  /** A rejected applicant's application was replaced: no code was sent, the admin decides again. */
  reapplied: boolean;
}

interface Options<T extends FieldValues> {
  /** Moves focus to the form's message once the server answered (see useFormKit). */
  announceServerAnswer: () => void;
  setError: UseFormSetError<T>;
  /** The form's field names, to which server error paths are mapped. */
  fields: readonly Path<T>[];
  /** Spec section 9: 201 for creation, 200 for the retailer's one-step onboarding. */
  successStatus: 200 | 201;
}

/**
 * What every applicant form does with the answer: on success keep where the code went and show
 * the saved toast; on failure keep the server message for the banner, mark the fields the server
 * named and show the error toast (spec sections 4 and 8). The banner takes focus and is what a screen
 * reader hears; the toast is then only seen, so the message is announced once.
 */
export function useApplicationSubmit<T extends FieldValues>({
  setError,
  fields,
  successStatus,
  announceServerAnswer,
}: Options<T>) {
  const { t } = useT('applications');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  async function submit(send: () => Promise<RegistrationResponse>): Promise<void> {
    setServerError(null);
    try {
      const response = await send();
      if (response.status !== successStatus) {
        setServerError(response.message);
        toast.showError(undefined, { announce: false });
        announceServerAnswer();
        return;
      }
      setOutcome({
        userId: response.data._id,
        sentTo: response.data.sentTo,
        reapplied: response.data.reapplied === true,
      });
      // A re-application changes the signed-in account's standing: what My Account read is stale.
      if (response.data.reapplied) void queryClient.invalidateQueries();
      // The thank-you heading takes focus and says the same.
      toast.showSuccess(t('accountSavedToast'), { announce: false });
    } catch (error) {
      console.error('Application was not saved', error);
      if (isApiError(error)) {
        setServerError(error.message);
        for (const [field, message] of mapServerErrors(error.errors, fields)) {
          setError(field as Path<T>, { type: 'server', message }, { shouldFocus: false });
        }
      } else {
        setServerError(t('error'));
      }
      toast.showError(undefined, { announce: false });
      announceServerAnswer();
    }
  }

  return { outcome, serverError, submit };
}

import type { UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import type { OwnContact } from '../../../lib/use-own-contact';
import { useT } from '../../../lib/i18n';

interface ContactValues {
  name: string;
  contactNum: string;
  emailId: string;
}

/**
 * Name, contact number and e-mail: how a visitor's query reaches them. Signed in, they come from
 * the account and cannot be changed here: the query is the account's (issue 20).
 */
export function ContactFields<T extends ContactValues>({
  register,
  shownError,
  own,
}: {
  register: UseFormRegister<T>;
  /** The form kit's shownError: a message only after a change or a submit attempt. */
  shownError: (name: keyof ContactValues) => string | undefined;
  /** The signed-in account's contact, already filled in. */
  own?: OwnContact | null | undefined;
}) {
  const reg = register as unknown as UseFormRegister<ContactValues>;
  const { t } = useT('queries');
  const fromAccount = own ? t('fromAccount') : undefined;
  return (
    <div className="queries__grid">
      <TextField
        label={t('name')}
        autoComplete="name"
        inputMode="text"
        readOnly={!!own}
        hint={fromAccount}
        error={shownError('name')}
        {...reg('name')}
      />
      <TextField
        label={t('contactNumber')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        readOnly={!!own?.mobile}
        hint={own?.mobile ? fromAccount : undefined}
        error={shownError('contactNum')}
        {...reg('contactNum')}
      />
      <TextField
        label={t('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        readOnly={!!own}
        hint={fromAccount}
        error={shownError('emailId')}
        {...reg('emailId')}
      />
    </div>
  );
}

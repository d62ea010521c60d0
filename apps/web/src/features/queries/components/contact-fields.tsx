import type { UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';

interface ContactValues {
  name: string;
  contactNum: string;
  emailId: string;
}

/** Name, contact number and e-mail: how a visitor's query reaches them. */
export function ContactFields<T extends ContactValues>({
  register,
  shownError,
}: {
  register: UseFormRegister<T>;
  /** The form kit's shownError: a message only after a change or a submit attempt. */
  shownError: (name: keyof ContactValues) => string | undefined;
}) {
  const reg = register as unknown as UseFormRegister<ContactValues>;
  return (
    <div className="queries__grid">
      <TextField
        label="Name"
        autoComplete="name"
        inputMode="text"
        error={shownError('name')}
        {...reg('name')}
      />
      <TextField
        label="Contact number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        error={shownError('contactNum')}
        {...reg('contactNum')}
      />
      <TextField
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={shownError('emailId')}
        {...reg('emailId')}
      />
    </div>
  );
}

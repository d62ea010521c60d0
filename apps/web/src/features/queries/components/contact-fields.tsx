import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';

interface ContactValues {
  name: string;
  contactNum: string;
  emailId: string;
}

/** Name, contact number and e-mail: how a visitor's query reaches them. */
export function ContactFields<T extends ContactValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<ContactValues>;
}) {
  const reg = register as unknown as UseFormRegister<ContactValues>;
  return (
    <div className="queries__grid">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...reg('name')} />
      <TextField
        label="Contact number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        error={errors.contactNum?.message}
        {...reg('contactNum')}
      />
      <TextField
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.emailId?.message}
        {...reg('emailId')}
      />
    </div>
  );
}

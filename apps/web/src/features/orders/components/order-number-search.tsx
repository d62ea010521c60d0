import { useRef, useState, type FormEvent } from 'react';
import { orderNumberSearchSchema } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';

/**
 * Finds an order by its number as messages and lists show it (RH-1A2B3C4D), the last characters of
 * it, or its id: the server searches (the list call's `number`). Give it `key={value}` so it shows
 * the number again after the browser's Back.
 */
export function OrderNumberSearch({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (number: string | undefined) => void;
}) {
  const { t } = useT('orders');
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    if (!typed) {
      setError(undefined);
      onSearch(undefined);
      return;
    }
    const parsed = orderNumberSearchSchema.safeParse(typed);
    if (!parsed.success) {
      setError(t('numberInvalid'));
      input.current?.focus();
      return;
    }
    setError(undefined);
    onSearch(parsed.data);
  };

  return (
    <form role="search" aria-label={t('findOrder')} className="order-search" onSubmit={submit} noValidate>
      <TextField
        ref={input}
        label={t('orderNumber')}
        hint={t('orderNumberHint')}
        type="search"
        name="number"
        value={text}
        error={error}
        onChange={(e) => setText(e.target.value)}
        autoCapitalize="characters"
        spellCheck={false}
      />
      <div className="order-search__buttons">
        <Button type="submit" variant="secondary">
          {t('find')}
        </Button>
        {value ? (
          <Button
            variant="ghost"
            onClick={() => {
              setText('');
              setError(undefined);
              onSearch(undefined);
            }}
          >
            {t('clearNumber')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

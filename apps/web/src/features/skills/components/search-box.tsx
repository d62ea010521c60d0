import { useId, useState, type FormEvent } from 'react';
import { FIELD_BORDER_COLOURS } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import '../../../components/ui/text-field.css';

/** A labelled search field that searches on submit (Enter or the button). */
export function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useT('skills');
  const id = useId();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="skill-search" onSubmit={submit}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="skill-search__row">
        <input
          id={id}
          type="search"
          className="field__input"
          maxLength={200}
          style={{ borderColor: FIELD_BORDER_COLOURS.valid }}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('search')}
        </Button>
      </div>
    </form>
  );
}

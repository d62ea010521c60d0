import { useEffect, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { FieldFrame, useFieldControl } from './field-frame';
import './combobox.css';

export interface ComboboxOption {
  /** Unique among the options; what onSelect receives. */
  value: string;
  label: string;
  /** A second, quieter line: a parent category, a district. */
  detail?: string | undefined;
}

export interface ComboboxProps {
  label: string;
  /** The field's name in a KitForm (error summary links), or give an id. */
  name?: string | undefined;
  id?: string | undefined;
  /** The text in the box. */
  value: string;
  onValueChange: (text: string) => void;
  /** Suggestions for the text; the caller filters or fetches them. */
  options: readonly ComboboxOption[];
  onSelect: (option: ComboboxOption) => void;
  /** True while suggestions for the current text are being fetched. */
  loading?: boolean;
  /** Said when the text has no suggestions, e.g. "No brand contains this". */
  noMatches?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  placeholder?: string | undefined;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A text box with a list of suggestions: the ARIA 1.2 combobox pattern (list autocomplete). Typing
 * (or Down, when the caller offers suggestions for an empty box) opens the list; Down and Up move through it, Enter takes the active suggestion, Escape closes the
 * list (or, closed, clears the box); a click or tap takes one too. The count is announced politely.
 */
export function Combobox({
  label,
  name,
  id,
  value,
  onValueChange,
  options,
  onSelect,
  loading = false,
  noMatches,
  error,
  hint,
  placeholder,
  inputMode,
  onBlur,
  inputRef,
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const typed = value.trim() !== '';
  const status = !open
    ? ''
    : loading && typed
      ? 'Searching…'
      : statusOf(options.length, typed ? noMatches : '');
  const control = useFieldControl(name, id, { error, hint, status });
  const listId = `${control.id}-listbox`;
  const optionId = (index: number) => `${control.id}-option-${index}`;
  const expanded = open && (options.length > 0 || (typed && !loading && Boolean(noMatches)));
  const activeIndex = active < options.length ? active : -1;

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.children[activeIndex]?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  const choose = (option: ComboboxOption) => {
    onSelect(option);
    setOpen(false);
    setActive(-1);
  };

  const move = (step: 1 | -1) => {
    if (!open) setOpen(true);
    if (options.length === 0) return;
    setActive((current) => {
      if (current < 0 || current >= options.length) return step === 1 ? 0 : options.length - 1;
      return (current + step + options.length) % options.length;
    });
  };

  return (
    <FieldFrame
      label={label}
      controlId={control.id}
      className="combobox"
      error={error}
      hint={hint}
      status={status}
    >
      <input
        {...control}
        ref={inputRef}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-autocomplete="list"
        aria-expanded={expanded ? true : false}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(event) => {
          switch (event.key) {
            case 'ArrowDown':
              event.preventDefault();
              move(1);
              break;
            case 'ArrowUp':
              event.preventDefault();
              move(-1);
              break;
            case 'Enter': {
              const option = expanded && activeIndex >= 0 ? options[activeIndex] : undefined;
              if (option) {
                event.preventDefault();
                choose(option);
              }
              break;
            }
            case 'Escape':
              if (expanded) {
                event.preventDefault();
                setOpen(false);
                setActive(-1);
              } else if (value) {
                event.preventDefault();
                onValueChange('');
              }
              break;
            default:
              break;
          }
        }}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          onBlur?.();
        }}
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={label}
        className="combobox__list"
        hidden={!expanded}
      >
        {options.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className={index === activeIndex ? 'combobox__option is-active' : 'combobox__option'}
            // Keeps focus in the box, so blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            <span className="combobox__label">{option.label}</span>
            {option.detail ? <span className="combobox__detail">{option.detail}</span> : null}
          </li>
        ))}
        {options.length === 0 && noMatches ? (
          <li className="combobox__empty" role="presentation">
            {noMatches}
          </li>
        ) : null}
      </ul>
    </FieldFrame>
  );
}

function statusOf(count: number, noMatches: string | undefined) {
  if (count === 0) return noMatches ?? '';
  return `${count} suggestion${count === 1 ? '' : 's'}; use the arrow keys to choose`;
}

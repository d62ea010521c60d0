import { useId, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ProfileHit } from '@app/domain';
import { TextField } from './text-field';
import './profile-picker.css';
import { useT } from '../../lib/i18n/translate';

/** How a feature looks profiles up: its own query hook, so this component owns no API call. */
export type ProfileSearch = (
  kinds: ReadonlyArray<ProfileHit['kind']>,
  text: string,
) => Pick<UseQueryResult<ProfileHit[]>, 'isPending' | 'isError' | 'error' | 'data'>;

export interface ProfilePickerProps {
  label: string;
  kinds: ReadonlyArray<ProfileHit['kind']>;
  chosen: ProfileHit | null;
  onChoose: (hit: ProfileHit | null) => void;
  /** The feature's search hook, called on every render like any hook. */
  useSearch: ProfileSearch;
  error?: string | undefined;
  /** The search box's name: inside a KitForm it gives the box the id the error summary links to. */
  name?: string;
  /** Names the chosen one ("Store: HSR Sports Hub"); the label by default. */
  chosenLabel?: string;
  /** At most this many matches are offered, so the list stays short enough to tab through. */
  limit?: number;
}

/**
 * A search box with the matching brands, stores or people as buttons; the chosen one is announced.
 * Used by the query and the review forms (each feature passes its own search hook).
 */
export function ProfilePicker({
  label,
  kinds,
  chosen,
  onChoose,
  useSearch,
  error,
  name,
  chosenLabel = label,
  limit = 8,
}: ProfilePickerProps) {
  const [text, setText] = useState('');
  const listId = useId();
  const { t } = useT('ui');
  const hits = useSearch(kinds, text.trim());

  return (
    <div className="picker">
      <TextField
        label={label}
        type="search"
        name={name}
        value={text}
        autoComplete="off"
        inputMode="search"
        aria-controls={listId}
        error={error}
        onChange={(event) => setText(event.target.value)}
        // Enter in a search box inside a form would send the whole form; here it only searches.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <div id={listId} className="picker__results" aria-live="polite">
        {hits.isPending ? <p className="picker__note">{t('searching')}</p> : null}
        {hits.isError ? (
          <p className="picker__note" role="alert">
            {hits.error?.message}
          </p>
        ) : null}
        {hits.data && hits.data.length === 0 ? <p className="picker__note">{t('noMatches')}</p> : null}
        {hits.data && hits.data.length > 0 ? (
          <ul className="picker__list">
            {hits.data.slice(0, limit).map((hit) => (
              <li key={`${hit.kind}-${hit._id}`}>
                <button
                  type="button"
                  className="picker__option"
                  aria-pressed={chosen?._id === hit._id}
                  onClick={() => onChoose(hit)}
                >
                  {hit.name}
                  {kinds.length > 1 ? <span className="picker__kind"> ({hit.kind})</span> : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {chosen ? (
        <p className="picker__chosen" role="status">
          {t('chosenAs', { label: chosenLabel })}
          <strong>{chosen.name}</strong>{' '}
          <button type="button" className="picker__clear" onClick={() => onChoose(null)}>
            {t('clear')}
          </button>
        </p>
      ) : null}
    </div>
  );
}

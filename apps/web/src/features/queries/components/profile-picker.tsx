import { useId, useState } from 'react';
import type { ProfileHit } from '@app/domain';
import { TextField } from '../../../components/ui/text-field';
import { useProfileSearch } from '../api/queries-api';

interface ProfilePickerProps {
  label: string;
  kinds: ReadonlyArray<ProfileHit['kind']>;
  chosen: ProfileHit | null;
  onChoose: (hit: ProfileHit | null) => void;
}

/** A search box with the matching profiles as buttons; the chosen one is announced. */
export function ProfilePicker({ label, kinds, chosen, onChoose }: ProfilePickerProps) {
  const [text, setText] = useState('');
  const listId = useId();
  const hits = useProfileSearch(kinds, text.trim(), true);

  return (
    <div className="picker">
      <TextField
        label={label}
        type="search"
        value={text}
        autoComplete="off"
        aria-controls={listId}
        onChange={(event) => setText(event.target.value)}
      />
      <div id={listId} className="picker__results" aria-live="polite">
        {hits.isPending ? <p className="picker__note">Searching…</p> : null}
        {hits.isError ? (
          <p className="picker__note" role="alert">
            {hits.error.message}
          </p>
        ) : null}
        {hits.data && hits.data.length === 0 ? <p className="picker__note">No matches</p> : null}
        {hits.data && hits.data.length > 0 ? (
          <ul className="picker__list">
            {hits.data.map((hit) => (
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
          Chosen: <strong>{chosen.name}</strong>{' '}
          <button type="button" className="picker__clear" onClick={() => onChoose(null)}>
            Clear
          </button>
        </p>
      ) : null}
    </div>
  );
}

import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field';
import { useT } from '../../../lib/i18n';
import { INDIA, useLocationLookups } from '../api/use-location-lookups';
import { lookupHint } from './application-parts';

interface LocationFields extends FieldValues {
  state: unknown;
  city: unknown;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * State and city pickers of one country, bound to the form fields `state` and `city`.
 * Choosing a state clears the city.
 */
export function AddressSelects<T extends LocationFields>({
  control,
  country = INDIA,
  shownErrors,
}: {
  control: Control<T>;
  country?: string;
  /** The errors the form kit shows now (after a change or a submit attempt). */
  shownErrors?: { state?: string | undefined; city?: string | undefined };
}) {
  const { t } = useT('applications');
  // The field names are fixed by LocationFields; the casts only tell react-hook-form so.
  const {
    field: { ref: stateRef, ...stateField },
    fieldState: { error: stateError },
  } = useController({ control, name: 'state' as Path<T> });
  const {
    field: { ref: cityRef, ...cityField },
    fieldState: { error: cityError },
  } = useController({ control, name: 'city' as Path<T> });
  const state = asText(stateField.value);
  const stateMessage = shownErrors ? shownErrors.state : stateError?.message;
  // Without a state the hint "Choose a state first" already says what to do; a second red line
  // ("City is required") would only repeat it.
  const cityMessage = state ? (shownErrors ? shownErrors.city : cityError?.message) : undefined;
  const { countries, states, cities, countryId, stateId } = useLocationLookups(country, state);

  const toOptions = (items: { name: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: item.name, label: item.name }));

  return (
    <>
      <SelectField
        label={t('state')}
        placeholder={t('selectState')}
        options={toOptions(states.data)}
        name={stateField.name}
        ref={stateRef}
        value={state}
        onBlur={stateField.onBlur}
        onChange={(event) => {
          stateField.onChange(event.target.value);
          cityField.onChange('');
        }}
        error={stateMessage}
        hint={lookupHint(t, {
          isPending: countries.isPending || (!!countryId && states.isPending),
          isError: countries.isError || states.isError,
          onRetry: () => void (countries.isError ? countries.refetch() : states.refetch()),
          waitingFor: country ? undefined : t('chooseCountryFirst'),
        })}
      />
      <SelectField
        label={t('city')}
        placeholder={t('selectCity')}
        options={toOptions(cities.data)}
        name={cityField.name}
        ref={cityRef}
        value={asText(cityField.value)}
        onBlur={cityField.onBlur}
        onChange={(event) => cityField.onChange(event.target.value)}
        error={cityMessage}
        hint={lookupHint(t, {
          isPending: !!stateId && cities.isPending,
          isError: cities.isError,
          onRetry: () => void cities.refetch(),
          waitingFor: state ? undefined : t('chooseStateFirst'),
        })}
      />
    </>
  );
}

// The API names fields as its payloads do (`email`, `registerUser.mobile`, `address.pinCode`); the
// forms use the spec's form names (`emailId`, `contactNum`, `pinCode`). This maps one to the other.

const FIELD_ALIASES: Record<string, string> = {
  email: 'emailId',
  mobile: 'contactNum',
  years_Active: 'yearsOfExp',
  year_of_establishment: 'yearOfEstablishment',
  category_id: 'expertise',
  instagram_link: 'instagram',
  facebook_link: 'facebook',
  twitter_link: 'twitter',
  city_id: 'city',
  state_id: 'state',
  country_id: 'country',
  location: 'latitude',
};

/** Wrappers in the payloads that the flat forms do not have. */
const WRAPPERS = new Set(['registerUser', 'address']);

/** The form field an API error path belongs to, or null when the form has no such field. */
export function formFieldForPath(path: string, formFields: readonly string[]): string | null {
  const segments = path.split('.').filter((segment) => segment !== '' && !WRAPPERS.has(segment));
  const [first] = segments;
  if (first === undefined) return null;
  const field = FIELD_ALIASES[first] ?? first;
  return formFields.includes(field) ? field : null;
}

/** The server's `errors` as form field → message; the first message wins for a field. */
export function mapServerErrors(
  errors: Record<string, string>,
  formFields: readonly string[],
): Array<[field: string, message: string]> {
  const mapped = new Map<string, string>();
  for (const [path, message] of Object.entries(errors)) {
    const field = formFieldForPath(path, formFields);
    if (field && !mapped.has(field)) mapped.set(field, message);
  }
  return [...mapped];
}

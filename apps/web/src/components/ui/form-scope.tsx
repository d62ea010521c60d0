import { createContext, useContext } from 'react';

/**
 * Gives every field inside a form a predictable id built from its name, so the error summary can
 * link to a field it never rendered.
 */
export const FormScopeContext = createContext<string | null>(null);

export function fieldIdFor(scope: string, name: string): string {
  return `${scope}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The id a field should use: the one given, else one derived from its name inside a form scope. */
export function useFieldId(
  name: string | undefined,
  explicitId: string | undefined,
  fallback: string,
): string {
  const scope = useContext(FormScopeContext);
  if (explicitId) return explicitId;
  if (scope && name) return fieldIdFor(scope, name);
  return fallback;
}

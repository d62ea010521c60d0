/**
 * Why Submit cannot send yet, for SubmitButton's blockedReason: the spec keeps a form's button
 * unavailable until its required fields are filled, and the kit says so instead of going silent.
 */
export function emptyFieldsReason(filled: readonly boolean[], extra?: string | null): string | null {
  const missing = filled.filter((value) => !value).length;
  if (missing > 0) {
    return missing === 1 ? '1 required field is still empty.' : `${missing} required fields are still empty.`;
  }
  return extra ?? null;
}

/** A text value counts as filled once it holds more than spaces. */
export const isFilledText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

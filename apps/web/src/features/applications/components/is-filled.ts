/** Whether a form value counts as filled in for the "submit enabled" rule (spec section 4). */
export function isFilled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null;
}

/**
 * Spec section 5: the discount percent is the integer part of 100 × (original − discounted) / original
 * when the discounted price is below the original, else 0 (wholesale and retail alike).
 */
export function discountPercent(original: number, discounted: number): number {
  return discounted < original && original > 0 ? Math.floor((100 * (original - discounted)) / original) : 0;
}

import type { DeliveryTermsUpdate, ProductTerms } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as cod from './cash-on-delivery.repository.js';

/** The checkout page's totals and payment choice for a product: its store's terms. */
export async function productTerms(db: Database, productId: string): Promise<ProductTerms> {
  const found = await cod.findProductTerms(db, productId);
  if (!found?.isActive)
    throw new AppError('NOT_FOUND', 'Product not found', { productId: 'Product not found' });
  return { productId, ...found.terms };
}

function requireSeller(actor: AuthUser) {
  if (actor.role !== 'SELLER') throw new AppError('FORBIDDEN', 'Only a seller sets delivery terms');
}

export async function myDeliveryTerms(db: Database, actor: AuthUser) {
  requireSeller(actor);
  return cod.findDeliveryTerms(db, actor.id);
}

export async function updateMyDeliveryTerms(db: Database, actor: AuthUser, terms: DeliveryTermsUpdate) {
  requireSeller(actor);
  await cod.saveDeliveryTerms(db, actor.id, terms);
  return cod.findDeliveryTerms(db, actor.id);
}

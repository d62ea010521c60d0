import { z } from './zod.js';
import { envelope } from './envelope.js';
import { idSchema } from './ids.js';
import { LOGGED_IN_PREFILL, orderAddressSchema, type OrderAddress } from './orders.js';

// The address book of an account (issue 38, decision 051): the checkout's address fields and rules,
// kept so that checkout pre-fills a real address instead of the spec's "NA" and pincode 100000.

/** How many addresses one account may keep. */
export const MAX_SAVED_ADDRESSES = 20;

/**
 * One delivery address as the buyer gives it: who receives it, where, and a number to call. The
 * checkout's fields and rules; the e-mail is the account's own and is not kept per address.
 */
export const deliveryAddressSchema = orderAddressSchema.omit({ email: true });
export type DeliveryAddressInput = z.input<typeof deliveryAddressSchema>;
export type DeliveryAddress = z.output<typeof deliveryAddressSchema>;

export const savedAddressRequestSchema = deliveryAddressSchema.extend({
  /** Make it the address checkout pre-fills; an account's first address is the default anyway. */
  isDefault: z.boolean().optional(),
});
export type SavedAddressRequest = z.input<typeof savedAddressRequestSchema>;
export type ParsedSavedAddressRequest = z.output<typeof savedAddressRequestSchema>;

export const addressIdParamsSchema = z.object({ addressId: idSchema });

export const savedAddressSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  houseNo: z.string(),
  street: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pinCode: z.string(),
  mobile: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** The default first, then the newest. */
export const savedAddressListResponseSchema = envelope(z.array(savedAddressSchema));
export const savedAddressResponseSchema = envelope(savedAddressSchema);

export const ADDRESS_MESSAGES = {
  tooMany: `You can keep up to ${MAX_SAVED_ADDRESSES} addresses; delete one you no longer use first`,
  notFound: 'Address not found',
  notNeeded: 'This order already has its delivery address',
  neededBeforeDispatch:
    'The buyer has not given a delivery address yet. You can dispatch this order once they do; they were asked for it on their order page.',
} as const;

/** The place fields of an address: what the spec's pre-fill stands in for. */
const PLACE_FIELDS = ['houseNo', 'street', 'city', 'state'] as const;

/**
 * The spec's stand-in for a signed-in buyer's address (pre-filled "NA", pincode 100000): the
 * pincode is 100000, or the house number, street, city or state is "NA". A landmark or country
 * "NA" alone is a real answer ("not applicable") and is kept.
 */
export function isPlaceholderAddress(address: Pick<OrderAddress, (typeof PLACE_FIELDS)[number] | 'pinCode'>) {
  if (address.pinCode.trim() === LOGGED_IN_PREFILL.pincode) return true;
  return PLACE_FIELDS.some((field) => address[field].trim().toUpperCase() === LOGGED_IN_PREFILL.text);
}

/** An order whose address is still to come keeps the buyer's name and contact and no place at all. */
export function withoutPlace(address: OrderAddress): OrderAddress {
  return {
    ...address,
    houseNo: '',
    street: '',
    landmark: '',
    city: '',
    state: '',
    country: '',
    pinCode: '',
  };
}

/** One line for lists: "14, Church Street, near the bookshop, Bengaluru, Karnataka 560001". */
export function addressLine(a: Omit<DeliveryAddress, 'firstName' | 'lastName' | 'mobile'>) {
  return `${[a.houseNo, a.street, a.landmark, a.city, a.state].filter(Boolean).join(', ')} ${a.pinCode}`.trim();
}

/** What a store's delivery address is made from (its row, or the public store answer). */
export interface StorePlace {
  name: string;
  area: string;
  address: { address: string; city: string; state: string; country: string; pinCode: string };
}

/**
 * A seller's store as a delivery address: where a retailer's wholesale order ships, and a product
 * owner's own order. The store's name stands for the house number and its area for the landmark.
 * None when its address lacks a street, city or pincode.
 */
export function storeAsDeliveryAddress(
  store: StorePlace,
  recipient: { firstName: string; lastName: string; mobile: string },
): DeliveryAddress | undefined {
  const a = store.address;
  if (!a.address.trim() || !a.pinCode.trim() || !a.city.trim()) return undefined;
  return {
    ...recipient,
    houseNo: store.name.trim() || a.address.trim(),
    street: a.address.trim(),
    landmark: store.area.trim() || a.city.trim(),
    city: a.city.trim(),
    state: a.state.trim(),
    country: a.country.trim() || 'India',
    pinCode: a.pinCode.trim(),
  };
}

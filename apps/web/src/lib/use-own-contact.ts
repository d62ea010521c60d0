import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { meResponseSchema } from '@app/domain';
import { apiRequest } from './api-client';
import { useCurrentUser } from './session';

/** The signed-in person's own name, e-mail and mobile, for the contact fields of their forms. */
export interface OwnContact {
  name: string;
  email: string;
  /** Empty when the account has no mobile: the form then asks for it. */
  mobile: string;
}

/**
 * The signed-in account's contact, asked of the server (`GET /users/me`, answered only to the
 * account itself), so a session stored before the mobile was part of it still fills the form.
 * Null for a visitor; undefined while it loads.
 */
export function useOwnContact(): OwnContact | null | undefined {
  const user = useCurrentUser();
  const me = useQuery({
    queryKey: ['account', 'me'],
    enabled: !!user,
    queryFn: ({ signal }) => apiRequest('/users/me', { schema: meResponseSchema, signal }),
  });
  if (!user) return null;
  const profile = me.data?.data ?? (me.isError ? user.profile : undefined);
  if (!profile) return undefined;
  return { name: profile.name, email: profile.email, mobile: profile.mobile ?? '' };
}

/**
 * Fills a form's contact fields from the account once it is known, once per contact. `fill`
 * decides what a field typed before the account came keeps: checkout and Add Experience keep a
 * typed number; the review, tag and ask forms set the account's contact and lock those fields
 * (readOnly), since the post is the account's.
 */
export function useFillOwnContact(
  contact: OwnContact | null | undefined,
  fill: (values: OwnContact) => void,
): void {
  const key = contact ? `${contact.name}\n${contact.email}\n${contact.mobile}` : '';
  useEffect(() => {
    if (contact) fill(contact);
    // Filled once per known contact; `fill` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

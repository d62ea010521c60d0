import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  addressLine,
  storeAsDeliveryAddress,
  type checkoutFormSchema,
  type DeliveryAddress,
  type SavedAddress,
} from '@app/domain';
import type { z } from 'zod';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/routes';
import { saveAddress, useOwnStore, useSavedAddresses } from '../api/delivery-addresses-api';
import './delivery-address-choice.css';

/** The checkout fields an address fills, by their spec names. */
export type AddressField =
  'firstName' | 'lastName' | 'houseNumber' | 'street' | 'ladnmark' | 'city' | 'state' | 'country' | 'pincode';

interface Option {
  key: string;
  label: string;
  address: DeliveryAddress | null;
}

const NEW = 'new';

function placeOf({ _id: _id, isDefault: _default, ...address }: SavedAddress): DeliveryAddress {
  return address;
}

/**
 * Where a signed-in buyer's order goes (decision 051): the checkout fills the default saved
 * address (a product's own seller: the store's; a seller buying wholesale without one: the
 * store's), offers the others and "a new address", which can be saved for next time. The fields
 * stay editable. A guest gets empty fields, as before; nobody gets the spec's "NA".
 */
export function useDeliveryChoice({
  user,
  productOwnerId,
  business,
  setField,
}: {
  user: { _id: string; role: string; name: string } | null;
  productOwnerId: string | undefined;
  business: boolean;
  setField: (name: AddressField, value: string) => void;
}) {
  const { t } = useT('addresses');
  // The admin orders for others and samples: their own addresses are not offered.
  const offered = !!user && user.role !== 'ADMIN';
  const saved = useSavedAddresses(offered);
  const isSeller = user?.role === 'SELLER';
  const store = useOwnStore(isSeller ? user._id : undefined);
  const [first = '', ...rest] = (user?.name ?? '').split(' ');

  const options = useMemo<Option[]>(() => {
    const list: Option[] = (saved.data ?? []).map((a) => ({
      key: a._id,
      label: `${a.firstName} ${a.lastName}, ${addressLine(a)}`,
      address: placeOf(a),
    }));
    const storePlace = store.data
      ? storeAsDeliveryAddress(store.data, { firstName: first, lastName: rest.join(' '), mobile: '' })
      : undefined;
    if (storePlace)
      list.push({
        key: 'store',
        label: t('storeAddress', { line: addressLine(storePlace) }),
        address: storePlace,
      });
    list.push({ key: NEW, label: t('newAddress'), address: null });
    return list;
    // `first` and `rest` follow `user`, which the store query already keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved.data, store.data, t]);

  const loading = offered && (saved.isPending || (isSeller && store.isPending));
  const isOwner = !!user && user._id === productOwnerId;
  const suggested = loading
    ? null
    : ((isOwner ? options.find((o) => o.key === 'store') : undefined) ??
      options.find((o) => o.key !== NEW && o.key !== 'store') ??
      (business || isOwner ? options.find((o) => o.key === 'store') : undefined) ??
      options.find((o) => o.key === NEW)!);
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = options.find((o) => o.key === picked) ?? suggested;
  const [saveNew, setSaveNew] = useState(true);

  // Fill the fields once per choice: what the buyer types afterwards stays.
  const filled = useRef<string | null>(null);
  useEffect(() => {
    if (!chosen || filled.current === chosen.key) return;
    const before = filled.current;
    filled.current = chosen.key;
    const a = chosen.address;
    // The first "new address" of a buyer with nothing saved: the fields are already empty.
    if (!a && before === null) return;
    if (a) {
      setField('firstName', a.firstName);
      setField('lastName', a.lastName);
    }
    setField('houseNumber', a?.houseNo ?? '');
    setField('street', a?.street ?? '');
    setField('ladnmark', a?.landmark ?? '');
    setField('pincode', a?.pinCode ?? '');
    setField('city', a?.city ?? '');
    setField('state', a?.state ?? '');
    setField('country', a?.country ?? 'India');
  }, [chosen, setField]);

  /** After the order is placed: keeps a new address when the buyer asked to. */
  const saveIfAsked = async (form: z.output<typeof checkoutFormSchema>) => {
    if (!offered || chosen?.key !== NEW || !saveNew) return;
    try {
      await saveAddress({
        firstName: form.firstName,
        lastName: form.lastName,
        houseNo: form.houseNumber,
        street: form.street,
        landmark: form.ladnmark,
        city: form.city,
        state: form.state,
        country: form.country,
        pinCode: form.pincode,
        mobile: form.contactNum,
      });
    } catch {
      // The order is placed; an address not kept can be added on the account page.
    }
  };

  return {
    shown: offered,
    loading,
    options,
    chosen: chosen?.key ?? null,
    choose: setPicked,
    saveNew,
    setSaveNew,
    saveIfAsked,
  };
}

export type DeliveryChoice = ReturnType<typeof useDeliveryChoice>;

/** The choice itself: a radio group above the address fields. */
export function DeliveryAddressChoice({ choice }: { choice: DeliveryChoice }) {
  const { t } = useT('addresses');
  if (!choice.shown || choice.loading) return null;
  const onlyNew = choice.options.length === 1;
  return (
    <fieldset className="checkout__deliver-to">
      <legend>{t('deliverTo')}</legend>
      {!onlyNew
        ? choice.options.map((o) => (
            <label key={o.key} className="checkout__deliver-option">
              <input
                type="radio"
                name="deliver-to"
                value={o.key}
                checked={choice.chosen === o.key}
                onChange={() => choice.choose(o.key)}
              />
              <span>{o.label}</span>
            </label>
          ))
        : null}
      {choice.chosen === NEW ? (
        <label className="checkout__deliver-option">
          <input
            type="checkbox"
            checked={choice.saveNew}
            onChange={(event) => choice.setSaveNew(event.target.checked)}
          />
          <span>{t('saveForNextTime')}</span>
        </label>
      ) : null}
      <p className="field__hint">
        <Link to={paths.myAccount}>{t('manageAddresses')}</Link>
      </p>
    </fieldset>
  );
}

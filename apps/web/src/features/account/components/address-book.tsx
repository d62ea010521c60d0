import { useEffect, useRef, useState } from 'react';
import { addressLine, type DeliveryAddress, type SavedAddress } from '@app/domain';
import { useAlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { DeliveryAddressForm } from './delivery-address-form';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import './address-book.css';
import { useT } from '../../../lib/i18n';
import {
  useDeleteAddress,
  useMakeDefaultAddress,
  useMyAddresses,
  useSaveAddress,
} from '../api/addresses-api';

/** Which form is open: none (null), a new address (`new`), or the address with this id. */
type Editing = string | null;

function placeOf({ _id: _id, isDefault: _default, ...address }: SavedAddress): DeliveryAddress {
  return address;
}

/**
 * The account's delivery addresses (decision 051): checkout pre-fills the default. Add, edit,
 * delete and choose the default; each change is said in the polite status line.
 */
export function AddressBook() {
  const { t } = useT('addresses');
  const addresses = useMyAddresses();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const makeDefault = useMakeDefaultAddress();
  const { confirm, dialog } = useAlertDialog();
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const addRow = useRef<HTMLParagraphElement>(null);

  // Focus goes back to "Add an address" when a form closes, never to the page's start.
  const [closed, setClosed] = useState(0);
  useEffect(() => {
    if (closed > 0) addRow.current?.querySelector('button')?.focus();
  }, [closed]);
  const close = () => {
    setEditing(null);
    setClosed((n) => n + 1);
  };

  const onSave = (id?: string) => async (address: DeliveryAddress, isDefault: boolean) => {
    await save.mutateAsync({ ...(id ? { id } : {}), address, isDefault });
    setStatus(t('saved'));
    close();
  };

  const act = async (id: string, action: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await action();
      setStatus(done);
    } catch (error) {
      setStatus(isApiError(error) ? error.message : t('couldNotSave'));
    } finally {
      setBusy(null);
    }
  };

  const onDelete = async (address: SavedAddress) => {
    const line = addressLine(address);
    const yes = await confirm(t('deleteConfirm', { line }), {
      title: t('deleteTitle'),
      confirmLabel: t('delete'),
    });
    if (yes) await act(address._id, () => remove.mutateAsync(address._id), t('deleted'));
  };

  let body;
  if (addresses.isPending) body = <LoadingState label={t('loading')} />;
  else if (addresses.isError) {
    body = (
      <ErrorState
        title={t('couldNotLoad')}
        message={addresses.error.message}
        onRetry={() => void addresses.refetch()}
      />
    );
  } else if (addresses.data.length === 0 && editing !== 'new') {
    body = <EmptyState title={t('empty')} />;
  } else {
    body = (
      <ul className="address-book__list">
        {addresses.data.map((address) => {
          const line = addressLine(address);
          return (
            <li key={address._id} className="address-book__item">
              {editing === address._id ? (
                <DeliveryAddressForm
                  label={t('editHeading')}
                  header={<h3>{t('editHeading')}</h3>}
                  initial={placeOf(address)}
                  submitLabel={t('save')}
                  defaultChoice={address.isDefault}
                  onSave={onSave(address._id)}
                  onCancel={close}
                />
              ) : (
                <>
                  <p className="address-book__name">
                    {address.firstName} {address.lastName}
                    {address.isDefault ? <span className="address-book__badge">{t('isDefault')}</span> : null}
                  </p>
                  <p>{line}</p>
                  <p>{address.mobile}</p>
                  <div className="address-book__actions">
                    <Button
                      variant="secondary"
                      aria-label={t('editLabel', { line })}
                      onClick={() => setEditing(address._id)}
                    >
                      {t('edit')}
                    </Button>
                    {!address.isDefault ? (
                      <Button
                        variant="secondary"
                        aria-label={t('makeDefaultLabel', { line })}
                        loading={busy === address._id && makeDefault.isPending}
                        onClick={() =>
                          void act(
                            address._id,
                            () => makeDefault.mutateAsync(address._id),
                            t('defaultChanged'),
                          )
                        }
                      >
                        {t('makeDefault')}
                      </Button>
                    ) : null}
                    <Button
                      variant="ghost"
                      aria-label={t('deleteLabel', { line })}
                      loading={busy === address._id && remove.isPending}
                      onClick={() => void onDelete(address)}
                    >
                      {t('delete')}
                    </Button>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="card stack address-book" aria-labelledby="addresses-heading">
      <h2 id="addresses-heading">{t('heading')}</h2>
      <p className="account__hint">{t('intro')}</p>
      {body}
      {editing === 'new' ? (
        <DeliveryAddressForm
          label={t('newHeading')}
          header={<h3>{t('newHeading')}</h3>}
          submitLabel={t('save')}
          defaultChoice={(addresses.data?.length ?? 0) === 0}
          onSave={onSave()}
          onCancel={close}
        />
      ) : addresses.isSuccess ? (
        <p ref={addRow}>
          <Button variant="secondary" onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        </p>
      ) : null}
      <p role="status" className="address-book__status">
        {status}
      </p>
      {dialog}
    </section>
  );
}

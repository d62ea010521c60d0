import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  linkSellerAccountsRequestSchema,
  type GstinSeller,
  type LinkSellerAccountsRequest,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { SelectField } from '../../../components/ui/select-field';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useT, type TFunction } from '../../../lib/i18n';
import { useLegalEntities, useLinkSellerAccounts, useUnlinkSellerAccount } from '../api/gstin-approvals-api';

const optionLabel = (s: GstinSeller, t: TFunction) =>
  t(s.gstin ? 'sellerOptionGstin' : 'sellerOption', {
    name: s.name,
    store: s.storeName || '—',
    gstin: s.gstin,
  });

/** Two seller accounts the admin links as one legal entity, so that they may carry one GSTIN. */
function LinkAccountsForm({ sellers }: { sellers: GstinSeller[] }) {
  const link = useLinkSellerAccounts();
  const toast = useToast();
  const { t } = useT('admin');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LinkSellerAccountsRequest>({
    resolver: zodResolver(linkSellerAccountsRequestSchema),
    defaultValues: { sellerUserId: '', withSellerUserId: '' },
  });
  const options = sellers.map((s) => ({ value: s.sellerUserId, label: optionLabel(s, t) }));

  const onSubmit = async (values: LinkSellerAccountsRequest) => {
    try {
      await link.mutateAsync(values);
      reset();
      toast.showSuccess(t('linkedToast'));
    } catch (error) {
      const fields = isApiError(error) ? error.errors : {};
      for (const field of ['sellerUserId', 'withSellerUserId'] as const) {
        if (fields[field]) setError(field, { message: fields[field] });
      }
      if (!fields.sellerUserId && !fields.withSellerUserId) {
        setError('root', { message: isApiError(error) ? error.message : t('error') });
      }
    }
  };

  return (
    <form className="card stack" noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="link-accounts">
      <h3 id="link-accounts">{t('linkAccounts')}</h3>
      <SelectField
        label={t('linkSeller')}
        options={options}
        placeholder={t('chooseSellerAccount')}
        error={errors.sellerUserId?.message}
        {...register('sellerUserId')}
      />
      <SelectField
        label={t('linkWith')}
        options={options}
        placeholder={t('chooseSellerAccount')}
        error={errors.withSellerUserId?.message}
        {...register('withSellerUserId')}
      />
      {errors.root ? (
        <p className="field__error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={isSubmitting}>
          {t('linkButton')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The accounts linked as one legal entity (decision 069): only they may carry one GSTIN. An account
 * that shares a GSTIN with its group cannot be unlinked; the server says which.
 */
export function LegalEntities() {
  const entities = useLegalEntities();
  const unlink = useUnlinkSellerAccount();
  const toast = useToast();
  const { t } = useT('admin');
  if (entities.isPending) return <LoadingState label={t('loadingEntities')} />;
  if (entities.isError) {
    return (
      <ErrorState
        title={t('couldNotLoadEntities')}
        message={entities.error.message}
        onRetry={() => void entities.refetch()}
      />
    );
  }

  const onUnlink = async (member: GstinSeller) => {
    try {
      await unlink.mutateAsync({ sellerUserId: member.sellerUserId });
      toast.showSuccess(t('unlinkedToast', { name: member.name }));
    } catch (error) {
      toast.showError(isApiError(error) ? error.message : undefined);
    }
  };

  return (
    <div className="stack">
      {entities.data.groups.length === 0 ? (
        <EmptyState title={t('noEntities')} />
      ) : (
        <ul className="gstins__list">
          {entities.data.groups.map((group, index) => (
            <li key={group._id} className="card">
              <ul className="gstins__members" aria-label={t('entityMembers', { number: index + 1 })}>
                {group.members.map((member) => (
                  <li key={member.sellerUserId} className="gstins__member">
                    <span>{optionLabel(member, t)}</span>
                    <Button
                      variant="secondary"
                      aria-label={t('unlinkName', { name: member.name })}
                      loading={unlink.isPending && unlink.variables.sellerUserId === member.sellerUserId}
                      onClick={() => void onUnlink(member)}
                    >
                      {t('unlink')}
                    </Button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <LinkAccountsForm sellers={entities.data.sellers} />
    </div>
  );
}

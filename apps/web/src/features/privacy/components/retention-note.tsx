import { TAX_RECORD_RETENTION_MONTHS } from '@app/domain';
import { useT } from '../../../lib/i18n';

/** What a deletion keeps, said before the person decides. */
export function RetentionNote() {
  const { t } = useT('account');
  return <p className="privacy__note">{t('retentionNote', { months: TAX_RECORD_RETENTION_MONTHS })}</p>;
}

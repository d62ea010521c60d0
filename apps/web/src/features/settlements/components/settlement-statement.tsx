import { useId } from 'react';
import { LOCALE_OF, paiseText, type Language, type SettlementStatement } from '@app/domain';
import { EmptyState } from '../../../components/ui/feedback-state';
import { useT } from '../../../lib/i18n';

const dateText = (iso: string, language: Language) =>
  new Date(iso).toLocaleDateString(LOCALE_OF[language], { day: 'numeric', month: 'short', year: '2-digit' });

/** What is owed, what was paid and the balance, then every row of the ledger, newest first. */
export function SettlementStatementView({
  statement,
  owedLabel,
}: {
  statement: SettlementStatement;
  owedLabel?: string;
}) {
  const { t, language } = useT('seller');
  const { owedPaise, paidPaise, balancePaise, entries } = statement;
  const captionId = useId();
  return (
    <div className="stack">
      <dl className="settlement-totals">
        <div className="card">
          <dt>{owedLabel ?? t('owedToYou')}</dt>
          <dd>{paiseText(owedPaise)}</dd>
        </div>
        <div className="card">
          <dt>{t('paidOut')}</dt>
          <dd>{paiseText(paidPaise)}</dd>
        </div>
        <div className="card">
          <dt>{balancePaise < 0 ? t('balanceOwedPlatform') : t('balanceToBePaid')}</dt>
          <dd>{paiseText(balancePaise)}</dd>
        </div>
      </dl>
      {entries.length === 0 ? (
        <EmptyState title={t('noEntries')}>{t('noEntriesDetail')}</EmptyState>
      ) : (
        // Scrolls sideways on narrow screens: focusable, so a keyboard can scroll it too.
        <div className="settlement-table" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table>
            <caption id={captionId}>{t('ledgerEntries')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('date')}</th>
                <th scope="col">{t('entry')}</th>
                <th scope="col" className="settlement-table__amount">
                  {t('amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{dateText(e.createdAt, language)}</td>
                  <td>
                    {t(`kind_${e.kind}`)}
                    {e.orderNumber || e.reference ? (
                      <span className="settlement-table__ref">{e.orderNumber ?? e.reference}</span>
                    ) : null}
                  </td>
                  <td className="settlement-table__amount">{paiseText(e.amountPaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

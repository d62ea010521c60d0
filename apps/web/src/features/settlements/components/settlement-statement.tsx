import { useId } from 'react';
import { paiseText, SETTLEMENT_KIND_LABELS, type SettlementStatement } from '@app/domain';
import { EmptyState } from '../../../components/ui/feedback-state';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: '2-digit' });

/** What is owed, what was paid and the balance, then every row of the ledger, newest first. */
export function SettlementStatementView({
  statement,
  owedLabel = 'Owed to you',
}: {
  statement: SettlementStatement;
  owedLabel?: string;
}) {
  const { owedPaise, paidPaise, balancePaise, entries } = statement;
  const captionId = useId();
  return (
    <div className="stack">
      <dl className="settlement-totals">
        <div className="card">
          <dt>{owedLabel}</dt>
          <dd>{paiseText(owedPaise)}</dd>
        </div>
        <div className="card">
          <dt>Paid out</dt>
          <dd>{paiseText(paidPaise)}</dd>
        </div>
        <div className="card">
          <dt>{balancePaise < 0 ? 'Balance (owed to the platform)' : 'Balance (to be paid)'}</dt>
          <dd>{paiseText(balancePaise)}</dd>
        </div>
      </dl>
      {entries.length === 0 ? (
        <EmptyState title="No entries yet">Sales are booked here when an order is paid.</EmptyState>
      ) : (
        // Scrolls sideways on narrow screens: focusable, so a keyboard can scroll it too.
        <div className="settlement-table" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table>
            <caption id={captionId}>Ledger entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Entry</th>
                <th scope="col" className="settlement-table__amount">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{dateText(e.createdAt)}</td>
                  <td>
                    {SETTLEMENT_KIND_LABELS[e.kind]}
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

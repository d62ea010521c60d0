import type { RewardState } from '@app/domain';
import { CopyButton } from '../../../components/ui/copy-button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useFormat, useT } from '../../../lib/i18n';
import { pageOrigin } from '../../../lib/page-origin';
import { paths } from '../../../lib/routes';
import { useMyReferrals } from '../api/referral-api';
import './my-referrals.css';

const STATE_KEY: Record<RewardState, string> = {
  NONE: 'rewardNone',
  PENDING: 'rewardPending',
  EARNED: 'rewardEarned',
  REVERSED: 'rewardReversed',
  LOST: 'rewardLost',
};

/**
 * The account's referral link, the orders it referred (by link or by the contact number a buyer
 * validated at checkout) and where each reward stands: earned at delivery, reversed on refund
 * (decisions 033 and 055). No buyer is named.
 */
export function MyReferrals({ userId }: { userId: string }) {
  const { t } = useT('account');
  const format = useFormat();
  const referrals = useMyReferrals();
  const link = `${pageOrigin()}${paths.refer}?rid=${encodeURIComponent(userId)}`;

  return (
    <section className="card stack" aria-labelledby="referrals-heading">
      <h2 id="referrals-heading">{t('referralsHeading')}</h2>
      <p>{t('referralsIntro')}</p>
      <div className="referrals__link">
        <TextField
          label={t('yourReferralLink')}
          name="referralLink"
          readOnly
          value={link}
          onFocus={(e) => e.target.select()}
        />
        <CopyButton text={link} label={t('copyLink')} />
      </div>
      {referrals.isPending ? (
        <LoadingState label={t('loadingReferrals')} />
      ) : referrals.isError ? (
        <ErrorState
          title={t('couldNotLoadReferrals')}
          message={referrals.error.message}
          onRetry={() => void referrals.refetch()}
        />
      ) : (
        <>
          <dl className="referrals__balances">
            <div>
              <dt>{t('rewardToRedeem')}</dt>
              <dd>{format.rupees(referrals.data.remaining_reward_amount)}</dd>
            </div>
            <div>
              <dt>{t('rewardsAllTime')}</dt>
              <dd>{format.rupees(referrals.data.total_rewards_rolledout)}</dd>
            </div>
          </dl>
          {referrals.data.orders.length === 0 ? (
            <EmptyState title={t('noReferralsYet')} />
          ) : (
            <ul className="account__posts" aria-label={t('referredOrders')}>
              {referrals.data.orders.map((o) => (
                <li key={o._id} className="account__post stack referrals__order">
                  <p>
                    <strong>{o.productName}</strong> · {format.rupees(o.amount)}
                  </p>
                  <p className="referrals__note">
                    {t('referredOrderMeta', {
                      number: o.orderNumber,
                      date: format.dateTime(o.createdAt),
                      via: o.via === 'link' ? t('viaLink') : t('viaContact'),
                    })}
                  </p>
                  <p>
                    <span className={`referrals__state referrals__state--${o.rewardState.toLowerCase()}`}>
                      {o.self ? t('rewardSelf') : t(STATE_KEY[o.rewardState])}
                    </span>{' '}
                    {o.reward > 0 ? (
                      <span>
                        {o.rewardState === 'EARNED' || o.rewardState === 'REVERSED'
                          ? t('rewardBooked', {
                              amount: format.rupees(o.booked),
                              of: format.rupees(o.reward),
                            })
                          : t('rewardOf', { amount: format.rupees(o.reward) })}
                      </span>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

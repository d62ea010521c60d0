import { describe, expect, it } from 'vitest';
import {
  basisPointsOf,
  DEFAULT_LEDGER_RATES,
  ledgerRatesSchema,
  payoutFormSchema,
  refundShare,
  rewardAtDelivery,
  rupeesToPaise,
  saleCharges,
} from './ledger.js';

describe('sale charges', () => {
  it('takes commission, GST TCS and income-tax TDS in basis points, to the nearest paisa', () => {
    // ₹2,999 at 5 % commission, 0.5 % TCS and 0.1 % TDS.
    expect(
      saleCharges(299_900, { commissionBasisPoints: 500, tcsBasisPoints: 50, tdsBasisPoints: 10 }),
    ).toEqual({ commissionPaise: 14_995, tcsPaise: 1_500, tdsPaise: 300 });
    // 0.5 % of ₹1.01 is 0.505 paise: rounds to 1; 0.1 % of it is 0.101: rounds to 0.
    expect(saleCharges(101, DEFAULT_LEDGER_RATES)).toEqual({ commissionPaise: 0, tcsPaise: 1, tdsPaise: 0 });
    expect(basisPointsOf(-101, 50)).toBe(-1);
  });

  it('takes TCS and TDS on the taxable value of a GST-inclusive price, commission on what was paid', () => {
    // ₹2,999 at 18 % GST: taxable ₹2,541.53; TCS 0.5 % of it is 1,270.765 paise, TDS 0.1 % 254.153.
    expect(
      saleCharges(299_900, { commissionBasisPoints: 500, tcsBasisPoints: 50, tdsBasisPoints: 10 }, 18),
    ).toEqual({ commissionPaise: 14_995, tcsPaise: 1_271, tdsPaise: 254 });
    // Exempt goods (0 %): the whole price is the taxable value.
    expect(saleCharges(299_900, DEFAULT_LEDGER_RATES, 0)).toEqual({
      commissionPaise: 0,
      tcsPaise: 1_500,
      tdsPaise: 300,
    });
  });

  it('refuses rates outside what the law and the admin form allow', () => {
    expect(
      ledgerRatesSchema.safeParse({ ...DEFAULT_LEDGER_RATES, tcsBasisPoints: 250 }).error?.issues[0]?.message,
    ).toBe('GST TCS is at most 2 % (200 basis points)');
    expect(ledgerRatesSchema.safeParse({ ...DEFAULT_LEDGER_RATES, commissionBasisPoints: 1.5 }).success).toBe(
      false,
    );
  });
});

describe('refund shares', () => {
  it('add up to exactly the charge over any run of partial refunds', () => {
    const charge = 14_995;
    const gross = 299_900;
    const refunds = [33_333, 100_000, 1, 166_566];
    let before = 0;
    let returned = 0;
    for (const refund of refunds) {
      const share = refundShare(charge, gross, before, before + refund);
      expect(share).toBeGreaterThanOrEqual(0);
      returned += share;
      before += refund;
    }
    expect(before).toBe(gross);
    expect(returned).toBe(charge);
  });

  it('are proportional and never go past the whole', () => {
    expect(refundShare(1_000, 10_000, 0, 5_000)).toBe(500);
    expect(refundShare(1_000, 10_000, 9_000, 20_000)).toBe(100);
    expect(refundShare(1_000, 0, 0, 5_000)).toBe(0);
  });
});

describe('referral rewards', () => {
  it('are earned at delivery less what was refunded before', () => {
    expect(rewardAtDelivery(5_998, 299_900, 0)).toBe(5_998);
    expect(rewardAtDelivery(5_998, 299_900, 149_950)).toBe(2_999);
    expect(rewardAtDelivery(5_998, 299_900, 299_900)).toBe(0);
  });
});

describe('payout form', () => {
  it('reads rupees with up to two decimals', () => {
    expect(rupeesToPaise('1499.5')).toBe(149_950);
    expect(rupeesToPaise(' 12 ')).toBe(1_200);
    expect(rupeesToPaise('1,499')).toBeUndefined();
    expect(rupeesToPaise('1.234')).toBeUndefined();
    expect(
      payoutFormSchema.safeParse({ amount: '0', reference: 'UTR123456' }).error?.issues[0]?.message,
    ).toBe('Enter an amount in rupees above zero, e.g. 1499.50');
    expect(payoutFormSchema.safeParse({ amount: '10', reference: 'x' }).error?.issues[0]?.message).toBe(
      'Enter the bank reference (UTR) of the transfer',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  financialYearOf,
  formatPaise,
  gstinProblem,
  gstRateSchema,
  gstStateCodeOf,
  hsnCodeSchema,
  invoiceDateOf,
  gstinPanOf,
  PAN_NEEDED_WITH_GSTIN,
  PAN_NOT_OF_GSTIN,
  sellerTaxDetailsSchema,
  splitInclusive,
  supplyOf,
  taxDocumentNumber,
} from './gst.js';

describe('GST rates and HSN codes', () => {
  it('takes the five slabs, from form strings too, and refuses the rest', () => {
    expect(gstRateSchema.parse('5')).toBe(5);
    expect(gstRateSchema.parse(0)).toBe(0);
    expect(gstRateSchema.safeParse(15).error?.issues[0]?.message).toBe(
      'Choose a GST rate: 0, 5, 12, 18 or 28%',
    );
  });

  it('takes an HSN code of 4 to 8 digits, or none yet', () => {
    expect(hsnCodeSchema.parse(' 6403 ')).toBe('6403');
    expect(hsnCodeSchema.parse('64039990')).toBe('64039990');
    expect(hsnCodeSchema.parse('')).toBe('');
    expect(hsnCodeSchema.safeParse('640').success).toBe(false);
    expect(hsnCodeSchema.safeParse('640399901').success).toBe(false);
  });
});

describe('GSTIN', () => {
  it('checks the shape, the state code and the check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1Z5')).toMatch(/typing mistake/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/state code/);
    expect(gstinProblem('27AAPFU0939F1Y')).toMatch(/15-character/);
  });

  it('must be registered in the state the seller chose; none means a bill of supply', () => {
    const base = { legalName: 'Gowda Footwear Pvt Ltd', address: '12 MG Road, Bengaluru 560001' };
    expect(
      sellerTaxDetailsSchema.parse({ ...base, stateCode: '27', gstin: '27aapfu0939f1zv', pan: 'aapfu0939f' })
        .gstin,
    ).toBe('27AAPFU0939F1ZV');
    const wrongState = sellerTaxDetailsSchema.safeParse({
      ...base,
      stateCode: '29',
      gstin: '27AAPFU0939F1ZV',
    });
    expect(wrongState.error?.issues[0]).toMatchObject({
      path: ['gstin'],
      message: expect.stringContaining('registered in Maharashtra'),
    });
    expect(sellerTaxDetailsSchema.parse({ ...base, stateCode: '29', gstin: '' }).gstin).toBe('');
  });

  it('takes a GSTIN only with the PAN it is registered to, its characters 3 to 12 (issue 40)', () => {
    const base = {
      legalName: 'Gowda Footwear Pvt Ltd',
      address: '12 MG Road, Bengaluru 560001',
      stateCode: '27',
    };
    expect(sellerTaxDetailsSchema.parse({ ...base, gstin: '27AAPFU0939F1ZV', pan: 'aapfu0939f' }).pan).toBe(
      'AAPFU0939F',
    );
    const issuesOf = (pan: string | undefined) =>
      sellerTaxDetailsSchema
        .safeParse({ ...base, gstin: '27AAPFU0939F1ZV', ...(pan === undefined ? {} : { pan }) })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issuesOf('AAPFU0939G')).toEqual([['pan', PAN_NOT_OF_GSTIN]]);
    expect(issuesOf(undefined)).toEqual([['pan', PAN_NEEDED_WITH_GSTIN]]);
    expect(issuesOf('AAPFU')).toEqual([['pan', 'Enter a valid PAN, e.g. ABCDE1234F']]);
    // Without a GSTIN (a bill of supply) no PAN is needed.
    expect(sellerTaxDetailsSchema.parse({ ...base, gstin: '' }).pan).toBe('');
    expect(gstinPanOf('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
  });

  it('knows states as buyers type them', () => {
    expect(gstStateCodeOf('Karnataka')).toBe('29');
    expect(gstStateCodeOf(' tamil  nadu')).toBe('33');
    expect(gstStateCodeOf('MH')).toBe('27');
    expect(gstStateCodeOf('Orissa')).toBe('21');
    expect(gstStateCodeOf('Jammu & Kashmir')).toBe('01');
    expect(gstStateCodeOf('NA')).toBeNull();
  });
});

describe('numbers and dates', () => {
  it('counts the Indian financial year in India time', () => {
    expect(financialYearOf(new Date('2026-11-25T10:00:00Z'))).toBe('2026-27');
    // 31 March 23:59 IST is still 2026-27; 1 April 00:01 IST is 2027-28.
    expect(financialYearOf(new Date('2027-03-31T18:29:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:31:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
    expect(invoiceDateOf(new Date('2027-03-31T18:31:00Z'))).toBe('1 Apr 2027');
  });

  it('numbers documents PREFIX/2026-27/000123 within 16 characters', () => {
    const number = taxDocumentNumber('TAX_INVOICE', '2026-27', 123);
    expect(number).toBe('I/2026-27/000123');
    expect(number.length).toBeLessThanOrEqual(16);
    expect(taxDocumentNumber('CREDIT_NOTE', '2026-27', 1)).toBe('C/2026-27/000001');
  });
});

describe('tax on an inclusive price', () => {
  it('splits CGST and SGST within a state and adds up to the price', () => {
    expect(splitInclusive(118_000, 18, 'intra-state')).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      igstPaise: 0,
      totalPaise: 118_000,
    });
  });

  it('charges IGST between states, rounding the taxable value to the paisa', () => {
    // ₹999 at 12%: 99900 × 100 / 112 = 89196.43 → 89196; the tax is the rest.
    expect(splitInclusive(99_900, 12, 'inter-state')).toEqual({
      taxablePaise: 89_196,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 10_704,
      totalPaise: 99_900,
    });
  });

  it('gives an odd paisa of tax to SGST and charges nothing without GST registration', () => {
    const odd = splitInclusive(10_000, 18, 'intra-state');
    expect(odd.cgstPaise + odd.sgstPaise + odd.taxablePaise).toBe(10_000);
    expect(odd.sgstPaise - odd.cgstPaise).toBe(1);
    expect(splitInclusive(10_001, 18, 'untaxed')).toMatchObject({
      taxablePaise: 10_001,
      igstPaise: 0,
      cgstPaise: 0,
    });
  });

  it('is intra-state when the seller is in the place of supply, untaxed without a GSTIN', () => {
    expect(supplyOf('29AAPFU0939F1ZV', '29', '29')).toBe('intra-state');
    expect(supplyOf('29AAPFU0939F1ZV', '29', '27')).toBe('inter-state');
    expect(supplyOf('', '29', '27')).toBe('untaxed');
  });
});

describe('amounts', () => {
  it('groups rupees the Indian way', () => {
    expect(formatPaise(12_345_650)).toBe('1,23,456.50');
    expect(formatPaise(1_234_567_890_12)).toBe('1,23,45,67,890.12');
    expect(formatPaise(5)).toBe('0.05');
  });

  it('writes amounts in words with lakh and crore', () => {
    expect(amountInWords(12_345_650)).toBe(
      'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Fifty Paise Only',
    );
    expect(amountInWords(1_00_00_000_00)).toBe('Rupees One Crore Only');
    expect(amountInWords(1_180_00)).toBe('Rupees One Thousand One Hundred Eighty Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
  });
});

import { describe, expect, it } from 'vitest';
import { derivePincodes } from './pincode-derivation.mjs';

/** @param {number | string} pincode @param {string} districtName @param {string} stateName */
const office = (pincode, districtName, stateName) => ({
  officeName: 'X B.O',
  pincode,
  districtName,
  stateName,
});

/**
 * The table as `pincode → "District, State"`, to read the assertions at a glance.
 * @param {import('./pincode-derivation.mjs').PostOffice[]} offices
 */
function lookup(offices) {
  const table = derivePincodes(offices);
  /** @type {Record<string, string>} */
  const out = {};
  for (const [state, district, pincodes] of table.districts) {
    for (const pincode of pincodes.split(' ')) out[pincode] = `${district}, ${table.states[state]}`;
  }
  return out;
}

describe('deriving the pincode table from the India Post directory', () => {
  it('moves the Hyderabad circle to Telangana and Leh and Kargil to Ladakh', () => {
    expect(
      lookup([
        office(500001, 'Hyderabad', 'ANDHRA PRADESH'),
        office(504293, 'Adilabad', 'ANDHRA PRADESH'),
        office(520001, 'Krishna', 'ANDHRA PRADESH'),
        office(194101, 'Leh', 'JAMMU & KASHMIR'),
        office(190001, 'Srinagar', 'JAMMU & KASHMIR'),
      ]),
    ).toEqual({
      500001: 'Hyderabad, Telangana',
      504293: 'Adilabad, Telangana',
      520001: 'Krishna, Andhra Pradesh',
      194101: 'Leh, Ladakh',
      190001: 'Srinagar, Jammu and Kashmir',
    });
  });

  it("writes states and renamed districts as they are called today, Bihar's Aurangabad kept", () => {
    expect(
      lookup([
        office(560001, 'Bangalore', 'KARNATAKA'),
        office(122001, 'Gurgaon', 'HARYANA'),
        office(431001, 'Aurangabad', 'MAHARASHTRA'),
        office(824101, 'Aurangabad', 'BIHAR'),
        office(492001, 'Raipur', 'CHATTISGARH'),
        office(605001, 'Pondicherry', 'PONDICHERRY'),
        office(396230, 'Dadra & Nagar Haveli', 'DADRA & NAGAR HAVELI'),
        office(744101, 'South Andaman', 'ANDAMAN & NICOBAR ISLANDS'),
      ]),
    ).toEqual({
      560001: 'Bengaluru, Karnataka',
      122001: 'Gurugram, Haryana',
      431001: 'Chhatrapati Sambhajinagar, Maharashtra',
      824101: 'Aurangabad, Bihar',
      492001: 'Raipur, Chhattisgarh',
      605001: 'Puducherry, Puducherry',
      396230: 'Dadra & Nagar Haveli, Dadra and Nagar Haveli and Daman and Diu',
      744101: 'South Andaman, Andaman and Nicobar Islands',
    });
  });

  it('keeps one entry per pincode: the district most of its offices name, ties alphabetically', () => {
    const table = lookup([
      office(400001, 'Mumbai', 'MAHARASHTRA'),
      office(400001, 'Raigarh(MH)', 'MAHARASHTRA'),
      office(400001, 'Mumbai', 'MAHARASHTRA'),
      office(396001, 'Valsad', 'GUJARAT'),
      office(396001, 'Navsari', 'GUJARAT'),
    ]);
    expect(table).toEqual({ 400001: 'Mumbai, Maharashtra', 396001: 'Navsari, Gujarat' });
  });

  it('skips pincodes that are not six digits starting 1 to 9', () => {
    expect(lookup([office(12345, 'A', 'GOA'), office('012345', 'B', 'GOA')])).toEqual({});
  });
});

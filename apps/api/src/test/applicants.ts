import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { gstinCheckCharacter } from '@app/domain';
import type { Database } from '../db/client.js';
import { latestCode, latestOneTimePassword } from './test-app.js';

let n = 0;
/** A unique e-mail and 10-digit mobile per call. */
export function uniqueContact() {
  n += 1;
  const stamp = `${Date.now()}${n}`;
  return { email: `applicant${stamp}@example.com`, mobile: `9${stamp.slice(-9)}` };
}

/**
 * A PAN and the Karnataka GSTIN registered to it, of their own per call: a GSTIN is one seller's
 * (issue 40), so the admin approves two applicants with the same one only after linking them.
 */
export function uniqueGstin(): { gstin: string; pan: string } {
  n += 1;
  const letters = Array.from({ length: 3 }, () => String.fromCharCode(65 + randomInt(26))).join('');
  const pan = `${letters}FG${String(n % 10_000).padStart(4, '0')}Q`;
  const first14 = `29${pan}1Z`;
  return { gstin: first14 + gstinCheckCharacter(first14), pan };
}

/** The three applicant payloads as the web forms send them (spec section 3). */
export const applicantPayloads = {
  expert: (name = 'Kavya Nair') => ({
    name,
    ...uniqueContact(),
    category_id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    latitude: 12.909186,
    longitude: 77.6523536,
    if_expert: true,
    years_Active: 6,
    instagram_link: { name: 'instagram', url: 'instagram.com/kavya.fit' },
    education: 'Post Graduate',
    expertise: 'Fitness',
    state: 'Karnataka',
    city: 'Bengaluru',
  }),
  brand: (ownerName = 'Arjun Mehta', companyName = 'Mehta Denim') => ({
    ownerName,
    ...uniqueContact(),
    companyName,
    sellCategory: 'Apparel',
    websiteLink: 'http://mehtadenim.in',
  }),
  retailer: (ownerName = 'Sunita Gowda', storeName = 'Gowda Footwear') => {
    const contact = uniqueContact();
    const { gstin, pan } = uniqueGstin();
    return {
      registerUser: { ownerName, ...contact, companyName: 'Gowda Retail LLP', sellCategory: 'Footwear' },
      companyName: 'Gowda Retail LLP',
      storeName,
      businessType: 'Partnership Firm',
      GSTINnum: gstin,
      PANnum: pan,
      media: [{ name: 'images/shopfront.webp', url: '/media/images/shopfront.webp', type: 'IMAGE' }],
      sellCategory: [{ parentCategory: 'Footwear', childCategory: ['Sports Shoes'] }],
      year_of_establishment: 2012,
      area: 'Jayanagar',
      isBrand: false,
      address: {
        address: '14, 11th Main Road, 4th Block',
        pinCode: '560011',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        location: { type: 'Point', coordinates: [77.5938, 12.925] },
      },
    };
  },
};

export type ApplicantKindName = keyof typeof applicantPayloads;
const registrationUrl: Record<ApplicantKindName, string> = {
  expert: '/api/endUsers/registerNewUser',
  brand: '/api/users/registerNewUser',
  retailer: '/api/users/singleStepOnboardUser',
};

let ip = 0;
/** The password every applicant made by `apply` ends up with. */
export const APPLICANT_PASSWORD = 'Applied-and-ready-42';

/**
 * Applies through the real routes as a person would: registers (each from its own address, under
 * the registration limit), reads the code from the outbox, verifies, logs in with the one-time
 * password from the outbox and changes it to APPLICANT_PASSWORD (the server allows nothing else
 * before that).
 */
export async function apply(
  t: { app: FastifyInstance; db: Database },
  kind: ApplicantKindName,
  payload?: object,
) {
  ip += 1;
  const remoteAddress = `10.77.${Math.floor(ip / 250)}.${ip % 250}`;
  const body = payload ?? applicantPayloads[kind]();
  const post = async (url: string, data: object, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url, payload: data, remoteAddress, headers });
    if (res.statusCode >= 300) throw new Error(`apply ${kind}, ${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ data: Record<string, unknown> }>().data;
  };
  const registered = await post(registrationUrl[kind], body);
  const id = registered._id as string;
  const contact =
    'registerUser' in body ? (body.registerUser as { email: string }) : (body as { email: string });
  await post('/api/users/verifyContact', { _id: id, code: await latestCode(t.db, contact.email) });
  const oneTime = await latestOneTimePassword(t.db, contact.email);
  const session = await post('/api/users/login', { userName: contact.email, password: oneTime });
  await post(
    '/api/users/changePassword',
    { currentPassword: oneTime, newPassword: APPLICANT_PASSWORD },
    { authorization: session.token as string },
  );
  return { id, email: contact.email, password: APPLICANT_PASSWORD };
}

import type { FastifyInstance } from 'fastify';

let n = 0;
/** A unique e-mail and 10-digit mobile per call. */
export function uniqueContact() {
  n += 1;
  const stamp = `${Date.now()}${n}`;
  return { email: `applicant${stamp}@example.com`, mobile: `9${stamp.slice(-9)}` };
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
    return {
      registerUser: { ownerName, ...contact, companyName: 'Gowda Retail LLP', sellCategory: 'Footwear' },
      companyName: 'Gowda Retail LLP',
      storeName,
      businessType: 'Partnership Firm',
      GSTINnum: '29ABCDE1234F1Z5',
      PANnum: 'ABCDE1234F',
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
/** Applies through the real route (each from its own address, under the registration limit). */
export async function apply(app: FastifyInstance, kind: ApplicantKindName, payload?: object) {
  ip += 1;
  const body = payload ?? applicantPayloads[kind]();
  const res = await app.inject({
    method: 'POST',
    url: registrationUrl[kind],
    payload: body,
    remoteAddress: `10.77.${Math.floor(ip / 250)}.${ip % 250}`,
  });
  if (res.statusCode >= 300) throw new Error(`apply ${kind}: ${res.statusCode} ${res.body}`);
  const data = res.json<{ data: { _id: string; defaultPassword: string } }>().data;
  const contact =
    'registerUser' in body ? (body.registerUser as { email: string }) : (body as { email: string });
  return { id: data._id, email: contact.email, password: data.defaultPassword };
}

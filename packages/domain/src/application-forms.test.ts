import { describe, expect, it } from 'vitest';
import {
  expertFormSchema,
  expertFormToPayload,
  retailerFormSchema,
  retailerFormToPayload,
} from './application-forms.js';

describe('applicant form payloads', () => {
  const expert = expertFormSchema.parse({
    name: 'Asha Rao',
    emailId: 'asha@example.com',
    contactNum: '9876543210',
    state: 'Karnataka',
    city: 'Bengaluru',
    education: 'Post Graduate',
    expertise: 'health and fitness',
    yearsOfExp: '6',
    instagram: 'asha.fit',
    facebook: '',
    twitter: '',
    links: [],
  });

  it("sends the expert's category as its id, the name as the expertise", () => {
    const categories = [
      { _id: 'aaaaaaaaaaaaaaaaaaaaaaa1', field: 'travel' },
      { _id: 'aaaaaaaaaaaaaaaaaaaaaaa2', field: 'health and fitness' },
    ];
    const payload = expertFormToPayload(expert, undefined, categories);
    expect(payload.category_id).toBe('aaaaaaaaaaaaaaaaaaaaaaa2');
    expect(payload.expertise).toBe('health and fitness');
    // Unknown categories: no made-up id.
    expect(expertFormToPayload(expert).category_id).toBeUndefined();
  });

  it("puts the retailer's categories and website into registerUser as well", () => {
    const form = retailerFormSchema.parse({
      ownerName: 'Sunita Gowda',
      emailId: 'sunita@example.com',
      contactNum: '9876543211',
      companyName: 'Gowda Retail',
      storeName: 'Gowda Footwear',
      businessType: 'Partnership Firm',
      GSTINnum: '29ABCDE1234F1Z5',
      yearOfEstablishment: '2012',
      address: '14, 11th Main Road',
      pinCode: '560011',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      sellCategory: [{ parentCategory: 'Footwear', childCategory: ['Sandals'] }],
      websiteLink: 'gowdafootwear.in',
      latitude: 12.925,
      longitude: 77.5938,
    });
    const payload = retailerFormToPayload(form);
    expect(payload.registerUser).toMatchObject({
      sellCategory: [{ parentCategory: 'Footwear', childCategory: ['Sandals'] }],
      websiteLink: 'http://gowdafootwear.in',
    });
    const noSite = retailerFormToPayload({ ...form, websiteLink: '' });
    expect(noSite.registerUser).not.toHaveProperty('websiteLink');
  });
});

import { describe, expect, it } from 'vitest';
import { formFieldForPath, mapServerErrors } from './server-errors';

const RETAILER_FIELDS = ['ownerName', 'emailId', 'contactNum', 'pinCode', 'latitude', 'yearOfEstablishment'];

describe('server error mapping', () => {
  it('maps payload paths to the form fields', () => {
    expect(formFieldForPath('email', RETAILER_FIELDS)).toBe('emailId');
    expect(formFieldForPath('registerUser.email', RETAILER_FIELDS)).toBe('emailId');
    expect(formFieldForPath('registerUser.mobile', RETAILER_FIELDS)).toBe('contactNum');
    expect(formFieldForPath('address.pinCode', RETAILER_FIELDS)).toBe('pinCode');
    expect(formFieldForPath('address.location.coordinates', RETAILER_FIELDS)).toBe('latitude');
    expect(formFieldForPath('year_of_establishment', RETAILER_FIELDS)).toBe('yearOfEstablishment');
    expect(formFieldForPath('somethingElse', RETAILER_FIELDS)).toBeNull();
  });

  it('keeps the first message of a field', () => {
    expect(
      mapServerErrors({ email: 'Taken', 'registerUser.email': 'Other', mobile: 'Bad' }, RETAILER_FIELDS),
    ).toEqual([
      ['emailId', 'Taken'],
      ['contactNum', 'Bad'],
    ]);
  });
});

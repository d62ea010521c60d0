import { describe, expect, it } from 'vitest';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderRequestSchema, skillPostsQuerySchema } from '@app/domain';
import { requestValidator } from './request-validation.js';

/** The validator Fastify builds for a route's body, with this module's compiler and with zod's own. */
const validatorsOf = (schema: z.ZodType) => {
  const route = { schema, method: 'POST', url: '/api/example', httpPart: 'body' };
  return { compiled: requestValidator(route), runtime: validatorCompiler(route) };
};

/** What a caller sees of a validation: the value, or each refused field's path and message. */
const seen = (result: unknown) => {
  const { value, error } = result as { value?: unknown; error?: { instancePath: string; message: string }[] };
  return error ? { refused: error.map((issue) => `${issue.instancePath}: ${issue.message}`) } : { value };
};

const address = {
  firstName: 'Asha',
  lastName: 'Rao',
  houseNo: '12',
  street: 'MG Road',
  landmark: 'Metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560001',
  email: 'asha@example.com',
  mobile: '9811122233',
};
const productId = 'a1b2c3d4e5f6a1b2c3d4e5f6';

describe('compiled request validation', () => {
  it('compiles the order body: a change zod cannot compile would put every order back on the slow parser', () => {
    expect(() => z.compile(orderRequestSchema, { strict: true })).not.toThrow();
  });

  it('answers every order body exactly as zod itself does: values, messages and paths', () => {
    const { compiled, runtime } = validatorsOf(orderRequestSchema);
    const bodies: unknown[] = [
      { productId, quantity: 1, address },
      // Form inputs: a quantity as text, spaces around fields, two spaces inside a name, '' for "none".
      {
        productId,
        quantity: '2',
        address: { ...address, firstName: '  Asha  Devi ', city: ' Pune ' },
        referrercontactNum: '',
        user: '',
        gstin: '',
        sellerDetails: { price: 1 },
        amount: 1,
      },
      {
        productId,
        quantity: 1,
        address,
        referrercontactNum: '+91 98111 22244',
        influencerDetails: { _id: productId },
      },
      // A GSTIN typed in lower case, of the delivery address's state.
      { productId, quantity: 1, address, gstin: '29aabct3518q1zs', paymentMethod: 'COD' },
      // Refused: each must name the same field with the same message.
      { productId, quantity: 0, address },
      { productId, quantity: 1.5, address: { ...address, pinCode: '5600' } },
      { productId: 'nope', quantity: 1, address: { ...address, mobile: '12' } },
      { productId, quantity: 1, address, gstin: '27ABCDE1234F1Z5' },
      {
        productId,
        quantity: 1,
        address,
        paymentMethod: 'CHEQUE',
        consent: { version: 'v1', adultConfirmed: false },
      },
      { productId, quantity: 1 },
      'not an object',
    ];
    for (const body of bodies) {
      expect(seen(compiled(structuredClone(body))), JSON.stringify(body)).toEqual(
        seen(runtime(structuredClone(body))),
      );
    }
    expect(seen(compiled({ productId, quantity: '2', address }))).toHaveProperty('value.quantity', 2);
    expect(seen(compiled({ productId, quantity: 1, address, gstin: '29aabct3518q1zs' }))).toHaveProperty(
      'value.gstin',
      '29AABCT3518Q1ZS',
    );
    expect(seen(compiled({ productId, quantity: 0, address }))).toEqual({
      refused: ['/quantity: Quantity must be greater than 0'],
    });
  });

  it('coerces and defaults query strings as zod does', () => {
    const { compiled, runtime } = validatorsOf(skillPostsQuerySchema);
    const queries = [
      {},
      { page: '2', limit: '5', mine: 'true' },
      { search: '  yoga ' },
      { page: '-1' },
      { kind: 'x' },
    ];
    for (const query of queries) {
      expect(seen(compiled({ ...query })), JSON.stringify(query)).toEqual(seen(runtime({ ...query })));
    }
  });
});

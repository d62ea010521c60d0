import responses from './example-responses.json' with { type: 'json' };

/** Who sends an example: nobody signed in, or an account of this role the replay test signs in as. */
export type ExampleCaller = 'END_USER' | 'SELLER' | 'ADMIN';

/**
 * Records an example refers to by id. The documented ids are stand-ins; the replay test
 * (examples.test.ts) creates each record first and sends its real id in their place:
 * - `seller`: an approved seller with a store in Bengaluru (`sellerId` below);
 * - `product`: an active product of that seller with stock (`productId`);
 * - `order`: an unpaid order of that product by a guest buyer (`orderId`).
 * The login example's account (asha.rao@example.com) is made by the test with that password.
 */
export type ExampleFixture = 'seller' | 'product' | 'order' | 'orderKey';

export interface OperationExample {
  as?: ExampleCaller;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  body?: unknown;
  /** The status the server answers this example with; its answer is in example-responses.json. */
  status: number;
  /** `params.id` -> `product`: the value at that place is the id of a record the test creates. */
  fixtures?: Record<string, ExampleFixture>;
}

/**
 * The answer to each example, as the server gave it when the examples were last recorded, with
 * ids, times and tokens replaced by stand-ins (document.test.ts records them with
 * UPDATE_EXAMPLES=1, and fails when an answer no longer has its example's shape).
 */
export const EXAMPLE_RESPONSES: Readonly<Record<string, unknown>> = responses;

/** The stand-in ids of the fixtures, as the examples show them. */
export const sellerId = '65f1a2b3c4d5e6f708192a3b';
export const productId = '65f1a2b3c4d5e6f708192a4c';
export const orderId = '65f1a2b3c4d5e6f708192a5d';

/** The spec's section 3 payloads (expert, brand and retailer applications; the order request). */
const address = {
  firstName: 'Meera',
  lastName: 'Iyer',
  houseNo: '14',
  street: 'Church Street',
  landmark: 'Opposite the bookshop',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560001',
  email: 'meera.iyer@example.com',
  mobile: '8123456780',
};

/** Request and response examples, keyed by operationId (operation-ids.ts). */
export const EXAMPLES: Readonly<Record<string, OperationExample>> = {
  logIn: {
    body: { userName: 'asha.rao@example.com', password: 'Correct-horse-42' },
    status: 200,
  },
  registerExpert: {
    body: {
      name: 'Kavya Nair',
      email: 'kavya.nair@example.com',
      mobile: '9876543210',
      category_id: '65f1a2b3c4d5e6f708190001',
      latitude: 12.909186,
      longitude: 77.6523536,
      if_expert: true,
      years_Active: 6,
      rate_per_hour: 10,
      instagram_link: { name: 'instagram', url: 'instagram.com/kavya.fit' },
      facebook_link: { name: 'facebook', url: '' },
      twitter_link: { name: 'twitter', url: '' },
      education: 'Post Graduate',
      expertise: 'Fitness',
      state: 'Karnataka',
      city: 'Bengaluru',
    },
    status: 201,
  },
  registerBrand: {
    body: {
      ownerName: 'Arjun Mehta',
      email: 'arjun@mehtadenim.in',
      mobile: '9812345670',
      companyName: 'Mehta Denim',
      sellCategory: 'Apparel',
      websiteLink: 'http://mehtadenim.in',
    },
    status: 201,
  },
  onboardRetailer: {
    body: {
      registerUser: {
        ownerName: 'Sunita Gowda',
        email: 'sunita@gowdafootwear.in',
        mobile: '9900112233',
        companyName: 'Gowda Retail LLP',
        sellCategory: 'Footwear',
      },
      companyName: 'Gowda Retail LLP',
      storeName: 'Gowda Footwear',
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
    },
    status: 200,
  },
  getCurrentUser: { as: 'END_USER', status: 200 },
  getUserByEmail: { params: { email: 'nobody@example.com' }, status: 404 },
  getSiteSettings: { status: 200 },
  listCountries: { status: 200 },
  searchHashtags: { body: { page: 1, limit: 100, searchValue: 'run' }, status: 200 },
  getPincode: { params: { pincode: '560001' }, status: 200 },
  searchPlaces: { query: { q: 'Jayanagar' }, status: 200 },
  searchStores: { body: { page: 1, limit: 100, searchValue: 'Footwear' }, status: 200 },
  getStoreByUserId: {
    params: { userId: sellerId },
    status: 200,
    fixtures: { 'params.userId': 'seller' },
  },
  findNearbyPartnerStores: {
    body: { lat: 12.9352, long: 77.6245, storeUserId: sellerId },
    status: 200,
    fixtures: { 'body.storeUserId': 'seller' },
  },
  getProduct: { params: { id: productId }, status: 200, fixtures: { 'params.id': 'product' } },
  listStoreProducts: {
    params: { id: sellerId, page: 1, limit: 10 },
    status: 200,
    fixtures: { 'params.id': 'seller' },
  },
  searchProducts: { body: { key: 'Tempo' }, status: 200 },
  listBrands: { body: { searchValue: 'Stride' }, status: 200 },
  createProduct: {
    as: 'SELLER',
    body: {
      brand: 'Stride Lab',
      model: 'Tempo 2',
      colour: 'Navy',
      size: 'UK 9',
      gender: 'Men',
      category: { parentCategoryName: 'Footwear', childCategoryName: 'Sports Shoes' },
      moq: 5,
      ogPrice: 2000,
      dsctPrice: 1500,
      retailPrice: 3999,
      dsctRetailPrice: 2999,
      sampleQty: 0,
      samplePrice: 0,
      creditBooster: 0,
      memberDsct: 0,
      desc: 'Light daily trainer.',
      images: [{ url: '/media/images/tempo-2.webp', name: 'tempo-2.webp', type: 'IMAGE' }],
    },
    status: 201,
  },
  getOrderTerms: { params: { productId }, status: 200, fixtures: { 'params.productId': 'product' } },
  placeOrder: {
    body: { productId, quantity: 1, address },
    status: 201,
    fixtures: { 'body.productId': 'product' },
  },
  // Opened with the order's key from the buyer's link (decision 063); the buyer signed in needs none.
  getOrderStatus: {
    params: { orderId },
    headers: { 'x-order-key': 'pW2q9XvLr0cT7nYb4KeA1sDf6GhJ3mZu' },
    status: 200,
    fixtures: { 'params.orderId': 'order', 'headers.x-order-key': 'orderKey' },
  },
  listMyOrders: { as: 'END_USER', status: 200 },
  listQueries: { body: { page: 1, limit: 10, search: '' }, status: 200 },
  searchSite: { query: { q: 'running shoes' }, status: 200 },
  // A forged notification: refused with 400 before anything is read from it.
  receivePaymentWebhook: {
    headers: { 'x-webhook-signature': 'Zm9yZ2VkLXNpZ25hdHVyZQ==', 'x-webhook-timestamp': '1767225600000' },
    body: { type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: { order_id: orderId } } },
    status: 400,
  },
};

/** Every path the app links to, in one place, so a renamed route breaks the type check, not a link. */
export const paths = {
  home: '/',
  login: '/login',
  adminLogin: '/adminlogin',
  teamLogin: '/teamlogin',
  changePassword: '/changepassword',
  manageSeller: '/manageseller',
  outbox: '/outbox',
  viewStores: '/viewstores',
  moderateReviews: '/moderatereviews',
  addProduct: '/addproduct',
  privacyPolicy: '/privacypolicy',
  termsAndConditions: '/termsandconditions',
  skillDiscovery: '/skilldiscovery',
  addSkill: '/addskill',
  refer: '/refer',
  askQuery: '/askquery',
  joinAsExpert: '/joinasexpert',
  joinAsBrand: '/joinasbrand',
  joinAsRetailer: '/dealer/join-as-retailer',
  joinAsEndUser: '/joinasenduser',
  storeLocator: '/storelocator',
  viewStore: (userId: string) => `/viewstore/true/${encodeURIComponent(userId)}`,
  /** A store page in the consumer (b2c true) or business (b2c false) view. */
  viewStoreAs: (b2c: boolean, userId: string) => `/viewstore/${b2c}/${encodeURIComponent(userId)}`,
  viewStoresAs: (b2c: string) => `/viewstores/${encodeURIComponent(b2c)}`,
  checkout: (productId: string) => `/checkout/${encodeURIComponent(productId)}`,
  checkoutB2b: (productId: string) => `/checkout/b2b/true/${encodeURIComponent(productId)}`,
} as const;

/** Route patterns for the router table; params are read with the matching names. */
export const routePatterns = {
  viewStoreB2c: '/viewstore/:b2c/:userId',
  viewStore: '/viewstore/:userId',
  storeLocatorForStore: '/storelocator/:storeUserId',
  brandStoreLocator: '/brandstorelocator/:brandUserId',
  viewStoresB2c: '/viewstores/:b2c',
} as const;

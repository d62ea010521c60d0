import { orderReviewPath } from '@app/domain/constants';

/** Every path the app links to, in one place, so a renamed route breaks the type check, not a link. */
export const paths = {
  home: '/',
  login: '/login',
  adminLogin: '/adminlogin',
  teamLogin: '/teamlogin',
  changePassword: '/changepassword',
  forgotPassword: '/forgotpassword',
  manageSeller: '/manageseller',
  outbox: '/outbox',
  viewStores: '/viewstores',
  moderateReviews: '/moderatereviews',
  manageTeam: '/manageteam',
  myAccount: '/myaccount',
  /** Download my data, stop optional messages, delete my account (decision 040). */
  myData: '/mydata',
  /** The same by a code sent to the contact, for someone without a password. */
  visitorData: '/mydata/code',
  deletionRequests: '/deletionrequests',
  /** The admin approves sellers' GSTINs and links accounts of one legal entity (decision 069). */
  gstinApprovals: '/managegstins',
  /** Where the link at the end of a message leads: stops one kind of message (decision 029). */
  unsubscribe: '/unsubscribe',
  addProduct: '/addproduct',
  privacyPolicy: '/privacypolicy',
  termsAndConditions: '/termsandconditions',
  skillDiscovery: '/skilldiscovery',
  /** The responses sent to a person's skill posts and requirements (decision 026). */
  skillResponses: '/skilldiscovery/responses',
  manageRecruiters: '/managerecruiters',
  addSkill: '/addskill',
  refer: '/refer',
  askQuery: '/askquery',
  answerQuery: '/answerquery',
  addReview: '/addreview',
  viewReviews: '/viewreviews',
  validatedReviews: '/validatedreviews',
  joinAsExpert: '/joinasexpert',
  joinAsBrand: '/joinasbrand',
  joinAsRetailer: '/dealer/join-as-retailer',
  joinAsEndUser: '/joinasenduser',
  storeLocator: '/storelocator',
  /** The header search's results: `?q=` and optionally `kind` and `page` (issue 22). */
  search: '/search',
  viewStore: (userId: string) => `/viewstore/true/${encodeURIComponent(userId)}`,
  /** A store page in the consumer (b2c true) or business (b2c false) view. */
  viewStoreAs: (b2c: boolean, userId: string) => `/viewstore/${b2c}/${encodeURIComponent(userId)}`,
  viewStoresAs: (b2c: string) => `/viewstores/${encodeURIComponent(b2c)}`,
  checkout: (productId: string) => `/checkout/${encodeURIComponent(productId)}`,
  checkoutB2b: (productId: string) => `/checkout/b2b/true/${encodeURIComponent(productId)}`,
  /** The product page, shaped as the checkout: consumer prices, or business ones under b2b/true. */
  product: (productId: string) => `/product/${encodeURIComponent(productId)}`,
  productB2b: (productId: string) => `/product/b2b/true/${encodeURIComponent(productId)}`,
  myOrders: '/myorders',
  sellerOrders: '/sellerorders',
  /** The questions asked of a business's store, brand or creator profile (issue 39). */
  questions: '/questions',
  adminOrders: '/adminorders',
  /** The seller's settlement ledger, and the admin's payouts (decision 033). */
  settlements: '/settlements',
  payouts: '/payouts',
  tagReview: (mentionInfId: string, mentionPostId: string) =>
    `/tagreview/${encodeURIComponent(mentionInfId)}/${encodeURIComponent(mentionPostId)}`,
  post: (infId: string, postId: string) => `/post/${encodeURIComponent(infId)}/${encodeURIComponent(postId)}`,
  /** A question's own page: its words, who asked whom, and its answers (issue 39). */
  question: (queryId: string) => `/question/${encodeURIComponent(queryId)}`,
  /** The review a delivered order's message asks for (issue 41); the message's link adds `?key=`. */
  reviewOrder: (orderId: string) => orderReviewPath(orderId),
  /** Buy a product a review tags, from that review: its checkout, with the review as the mention. */
  buyFromReview: (mentionInfId: string, mentionPostId: string, storeUserId: string, productId: string) =>
    `/buyfrombrandreview/${[mentionInfId, mentionPostId, storeUserId, productId].map(encodeURIComponent).join('/')}`,
} as const;

/** Route patterns for the router table; params are read with the matching names. */
export const routePatterns = {
  viewStoreB2c: '/viewstore/:b2c/:userId',
  viewStore: '/viewstore/:userId',
  storeLocatorForStore: '/storelocator/:storeUserId',
  brandStoreLocator: '/brandstorelocator/:brandUserId',
  viewStoresB2c: '/viewstores/:b2c',
  addSkillMention: '/addskill/:mentionInfId/:mentionPostId',
  addSkillForInfluencer: '/addskill/:mentionInfId/:mentionPostId/:influencerId',
  checkoutForStore: '/checkout/:storeUserId/:productId',
  checkout: '/checkout/:productId',
  checkoutB2b: '/checkout/b2b/:b2b/:productId',
  product: '/product/:productId',
  productB2b: '/product/b2b/:b2b/:productId',
  buyFromReview: '/buyfrombrandreview/:mentionInfId/:mentionPostId/:storeUserId',
  buyFromReviewProduct: '/buyfrombrandreview/:mentionInfId/:mentionPostId/:storeUserId/:productId',
  thankYou: '/thankyou',
  thankYouOne: '/thankyou/:typeOrProductId',
  thankYouPost: '/thankyou/:mentionInfId/:mentionPostId/:productId',
  thankYouPostStore: '/thankyou/:mentionInfId/:mentionPostId/:storeUserId/:productId',
} as const;

/**
 * The review, query and tagging routes of the spec's route table. Optional segments use
 * react-router's `?` so one pattern covers `/addbrandreview/{brandUserId}[/{queryId}[/{productId}]]`.
 */
export const socialPatterns = {
  askQuery: ['/askquery'],
  brandAskQuery: ['/brandaskquery/:brandUserId'],
  storeAskQuery: ['/storeaskquery/:storeUserId'],
  serviceAskQuery: ['/serviceaskquery/:spId'],
  influencerAskQuery: ['/influenceraskquery/:influencerId'],
  answerQuery: ['/answerquery'],
  brandAnswerQuery: ['/brandanswerquery/:brandUserId'],
  storeAnswerQuery: ['/storeanswerquery/:storeUserId'],
  serviceAnswerQuery: ['/serviceanswerquery/:spId'],
  influencerAnswerQuery: ['/influenceranswerquery/:influencerId'],
  addReview: ['/addreview/:queryId?'],
  addBrandReview: ['/addbrandreview/:brandUserId/:queryId?/:productId?'],
  addStoreReview: ['/addstorereview/:storeUserId/:queryId?/:productId?'],
  addServiceReview: ['/addservicereview/:spId/:queryId?'],
  addInfluencerReview: ['/addinfluencerreview/:influencerId/:queryId?'],
  tagReview: ['/tagreview/:mentionInfId/:mentionPostId'],
  tagBrandPost: [
    '/webpost/:mentionInfId/:mentionPostId/:brandUserId',
    '/tagbrandpost/:mentionInfId/:mentionPostId/:brandUserId',
    '/tagbrandreview/:mentionInfId/:mentionPostId/:brandUserId/:productId?',
  ],
  tagStorePost: [
    '/tagstorepost/:mentionInfId/:mentionPostId/:storeUserId',
    '/tagstorereview/:mentionInfId/:mentionPostId/:storeUserId/:productId?',
  ],
  tagServicePost: ['/tagservicereview/:mentionInfId/:mentionPostId/:spId?/:productId?'],
  tagInfluencerPost: ['/taginfluencerreview/:mentionInfId/:mentionPostId/:influencerId?/:productId?'],
  buyFromBrandReview: ['/buyfrombrandreview/:mentionInfId/:mentionPostId/:storeUserId/:productId?'],
  shareFeedback: ['/sharereview/:shareFeedback', '/sharereview/:shareFeedback/:isServiceProvider'],
  sharePost: ['/sharereview/:shareFeedback/:mentionInfId/:mentionPostId'],
  viewReviews: ['/viewreviews'],
  validatedReviews: ['/validatedreviews'],
  viewBrandReviews: ['/viewbrandreviews/:brandUserId/:email'],
  validatedBrandReviews: ['/validatedbrandreviews/:brandUserId/:email'],
  viewStoreReviews: ['/viewstorereviews/:storeUserId/:email'],
  validatedStoreReviews: ['/validatedstorereviews/:storeUserId/:email'],
  viewServiceReviews: ['/viewservicereviews/:spId/:email'],
  validatedServiceReviews: [
    '/validatedservicereviews/:spId/:email',
    '/revalidatedservicereviews/:revalidated/:spId/:email',
  ],
  viewInfluencerReviews: ['/viewinfluencerreviews/:influencerId/:email'],
  validatedInfluencerReviews: ['/validatedinfluencerreviews/:influencerId/:email'],
  revalidatedInfluencerReviews: ['/revalidatedinfluencerreviews/:revalidated/:influencerId/:email'],
  post: ['/post/:infId/:postId'],
  question: ['/question/:queryId'],
  reviewOrder: ['/revieworder/:orderId'],
} as const;

/**
 * The `{email}` segment of the spec's review-list routes. Profiles are found by id on the server,
 * so links carry this word instead of anyone's address.
 */
export const PROFILE_SEGMENT = 'reviews';

/** The profile kinds queries and reviews are scoped to. */
export type ProfileScope = 'brand' | 'store' | 'service' | 'influencer';

const seg = encodeURIComponent;

/** Links between the review and query pages, built from the patterns above. */
export const socialPaths = {
  askQuery: (scope?: ProfileScope, id?: string) =>
    scope && id ? `/${scope}askquery/${seg(id)}` : '/askquery',
  answerQuery: (scope?: ProfileScope, id?: string) =>
    scope && id ? `/${scope}answerquery/${seg(id)}` : '/answerquery',
  addReview: (scope?: ProfileScope | 'anything', id?: string | null, queryId?: string) => {
    const tail = queryId ? `/${seg(queryId)}` : '';
    if (!scope || scope === 'anything' || !id) return `/addreview${tail}`;
    return `/add${scope}review/${seg(id)}${tail}`;
  },
  tag: (scope: ProfileScope, infId: string, postId: string, id: string) =>
    `/tag${scope}review/${seg(infId)}/${seg(postId)}/${seg(id)}`,
  tagAny: (infId: string, postId: string) => `/tagreview/${seg(infId)}/${seg(postId)}`,
  viewReviews: (scope?: ProfileScope, id?: string) =>
    scope && id ? `/view${scope}reviews/${seg(id)}/${PROFILE_SEGMENT}` : '/viewreviews',
  validatedReviews: (scope?: ProfileScope, id?: string) =>
    scope && id ? `/validated${scope}reviews/${seg(id)}/${PROFILE_SEGMENT}` : '/validatedreviews',
  sharePost: (infId: string, postId: string) => `/sharereview/true/${seg(infId)}/${seg(postId)}`,
};

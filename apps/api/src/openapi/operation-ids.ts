/**
 * The operationId of every documented route, keyed `METHOD /api/path` as registered (the same keys
 * as route-access.ts). Generated clients name their functions after these, so an id never changes
 * once released: operation-ids.txt is the snapshot a test compares the document with. The legacy
 * paths keep the spec's verbs where they had one; new ids are verb-noun.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  // Accounts and sessions
  'POST /api/users/login': 'logIn',
  'POST /api/users/logout': 'logOut',
  'GET /api/users/me': 'getCurrentUser',
  'PATCH /api/users/me/preferences': 'updateMyPreferences',
  'POST /api/users/changePassword': 'changePassword',
  'GET /api/users/me/addresses': 'listMyAddresses',
  'POST /api/users/me/addresses': 'addMyAddress',
  'PUT /api/users/me/addresses/:addressId': 'updateMyAddress',
  'DELETE /api/users/me/addresses/:addressId': 'deleteMyAddress',
  'POST /api/users/me/addresses/:addressId/default': 'setMyDefaultAddress',
  'POST /api/users/verifyContact': 'verifyContact',
  'POST /api/users/resendVerificationCode': 'resendVerificationCode',
  'POST /api/users/sendVerificationCode': 'sendVerificationCode',
  'POST /api/users/verifyContactByLogin': 'verifyContactByLogin',
  'POST /api/users/forgotPassword': 'requestPasswordReset',
  'POST /api/users/resetPassword': 'resetPassword',

  // Applications
  'POST /api/endUsers/registerNewUser': 'registerExpert',
  'POST /api/users/registerNewUser': 'registerBrand',
  'POST /api/users/singleStepOnboardUser': 'onboardRetailer',
  'GET /api/users/myApplication': 'getMyApplication',
  'GET /api/users/getUserbyEmail/:email': 'getUserByEmail',
  'POST /api/endUsers/getEUserDetailsbyEmailId': 'getEndUserByEmail',

  // Admin: sellers, team, lookups, outbox, contributions
  'GET /api/users/getAllUserShopDetailsWithOutMobileAndEmail': 'listApplicants',
  'GET /api/admin/applicants/:id/contact': 'getApplicantContact',
  'POST /api/users/approveSeller': 'approveSeller',
  'POST /api/users/rejectSeller': 'rejectSeller',
  'GET /api/admin/team': 'listTeamMembers',
  'POST /api/admin/team': 'addTeamMember',
  'PUT /api/admin/team/:id/rights': 'setTeamMemberRights',
  'DELETE /api/admin/team/:id': 'removeTeamMember',
  'POST /api/admin/lookups/parent-categories': 'createParentCategory',
  'PATCH /api/admin/lookups/parent-categories/:id': 'updateParentCategory',
  'POST /api/admin/lookups/child-categories': 'createChildCategory',
  'PATCH /api/admin/lookups/child-categories/:id': 'updateChildCategory',
  'POST /api/admin/lookups/cities': 'createCity',
  'PATCH /api/admin/lookups/cities/:id': 'updateCity',
  'POST /api/admin/lookups/influencer-categories': 'createInfluencerCategory',
  'PATCH /api/admin/lookups/influencer-categories/:id': 'updateInfluencerCategory',
  'POST /api/admin/lookups/hashtags': 'createHashtag',
  'PATCH /api/admin/lookups/hashtags/:id': 'updateHashtag',
  'GET /api/admin/outbox': 'listOutboxMessages',
  'GET /api/admin/contributions': 'listHeldContributions',
  'POST /api/admin/contributions/decide': 'decideHeldContribution',

  // Site
  'GET /api/site/settings': 'getSiteSettings',

  // Stores and the locator
  'GET /api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/:userId': 'getStoreByUserId',
  'GET /api/shop/getAllShopsDetailsWithoutUserInfo': 'listStores',
  'POST /api/shop/searchShop': 'searchStores',
  'POST /api/shop/updateMyStore': 'updateMyStore',
  'POST /api/shop/updateSellerField': 'updateSellerField',
  'POST /api/shop/getNearbyShopsDetailsWithCategoryAndBrandFilter': 'findNearbyStores',
  'POST /api/shop/getNearbyPartnerBrandStores': 'findNearbyPartnerStores',
  'GET /api/locator/places': 'searchPlaces',
  'POST /api/shop/searchLocatorBrands': 'searchLocatorBrands',
  'GET /api/shop/deliveryTerms': 'getDeliveryTerms',
  'POST /api/shop/deliveryTerms': 'setDeliveryTerms',

  // Lookups
  'GET /api/states/getAllStates': 'listStates',
  'GET /api/city/getAllcities': 'listCities',
  'GET /api/country/getAllCountries': 'listCountries',
  'GET /api/category/getAllParentCategory': 'listCategories',
  'GET /api/inflncr/getAllInflncrCate': 'listInfluencerCategories',
  'GET /api/pincode/:pincode': 'getPincode',
  'POST /api/tag/searchTag': 'searchHashtags',

  // Media
  'POST /api/media/upload': 'uploadMedia',

  // Products
  'GET /api/products/getProductOnId/:id': 'getProduct',
  'GET /api/products/getProductOnUserId/:id/:page/:limit': 'listStoreProducts',
  'GET /api/products/getAllProductOnUserId/:id/true/:page/:limit': 'listAllStoreProducts',
  'POST /api/products/createNewProduct': 'createProduct',
  'POST /api/products/updateProduct': 'updateProduct',
  'POST /api/products/enableDisablePrdct': 'setProductActive',
  'POST /api/products/searchPrdAttr': 'searchProducts',
  'POST /api/products/getProductsOnBrandName': 'listBrandProducts',
  'POST /api/products/getProductsOnBrandNameWithoutToken': 'listBrandProductsPublic',
  'POST /api/products/allBrands': 'listBrands',
  'POST /api/products/searchModels': 'searchModels',
  'POST /api/products/searchColours': 'searchColours',
  'POST /api/products/importCsv': 'importProducts',
  'GET /api/products/exportCsv': 'exportProducts',

  // Posts and reviews
  'POST /api/inflncr/addReview': 'addReview',
  'GET /api/inflncr/getSpecificPost/:infId/:postId': 'getPost',
  'GET /api/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/:page/:limit': 'listPosts',
  'GET /api/inflncr/getInfluencerPosts/:id/all/:page/:limit': 'listInfluencerPosts',
  'GET /api/inflncr/getPostsByTaggedStoreUserId/:id': 'listStorePosts',
  'GET /api/inflncr/getPostsByTaggedProductId/:id': 'listProductPosts',
  'POST /api/inflncr/getPostsByQueryId': 'listQueryPosts',
  'POST /api/inflncr/updatePostDetWeb': 'updatePostDetails',
  'GET /api/inflncr/getPostsForModeration/:page/:limit': 'listPostsForModeration',
  'GET /api/inflncr/getSinlgeInfluencerDetailsWithOutMobileAndEmail/:id': 'getInfluencer',
  'GET /api/inflncr/getAllInfluencers': 'listInfluencers',

  // Moderation
  'POST /api/posts/report': 'reportPost',
  'POST /api/moderation/posts/act': 'moderatePost',
  'GET /api/moderation/reported/:page/:limit': 'listReportedPosts',
  'GET /api/moderation/posts/:postId/history': 'getModerationHistory',

  // Queries and search
  'POST /api/app/webSearch': 'searchWeb',
  'POST /api/app/search': 'searchApp',
  'POST /api/userData/getAllUniqueSearcheswithUserInfo': 'listSearches',
  'POST /api/userData/getAllUniqueWithFilterKeySearcheswithUserInfo': 'listFilteredSearches',
  'POST /api/queries/getAllQueries': 'listQueries',
  'GET /api/queries/getQuery/:id': 'getQuery',
  'GET /api/queries/answeredOf/:userId': 'listAnsweredQuestions',
  'GET /api/queries/askedOfMe': 'listQuestionsAskedOfMe',
  'GET /api/queries/askedOfMe/counts': 'countQuestionsAskedOfMe',
  'POST /api/adminDataColl/reachoutCreator': 'reachOutToCreator',
  'GET /api/search': 'searchSite',

  // Mentions
  'POST /api/mention/getAllMentionsWithSourcePostWithOutMobileAndEmail': 'listMentions',
  'POST /api/mention/getAllMentionsWithSourcePostByTaggedStore': 'listStoreMentions',
  'POST /api/mention/getAllMentionsWithSourcePostByTaggedStoreWithUserId': 'listStoreMentionsWithUser',
  'POST /api/mention/getAllValidatedMentionsWithSourcePostForServiceProviders': 'listValidatedMentions',
  'POST /api/mention/getMyItems': 'listSavedItems',
  'GET /api/mention/pending': 'listPendingMentions',
  'POST /api/mention/decide': 'decideMention',
  'GET /api/mention/settings': 'getMentionSettings',
  'POST /api/mention/settings': 'setMentionSettings',

  // Orders and payments
  'POST /api/euOrder/saveOrder2': 'placeOrder',
  'POST /api/euOrder/saveOrder3': 'placeOrderV3',
  'POST /api/euOrder/saveOrderWebWithoutPay': 'placeUnpaidOrder',
  'POST /api/orders/saveOrder2': 'placeOrderLegacy',
  'POST /api/orders/saveOrderWebWithoutPay': 'placeUnpaidOrderLegacy',
  'GET /api/orders/status/:orderId': 'getOrderStatus',
  'POST /api/orders/:orderId/deliveryAddress': 'giveOrderDeliveryAddress',
  'POST /api/orders/retryPayment/:orderId': 'retryPayment',
  'GET /api/orders/myOrders': 'listMyOrders',
  'GET /api/orders/sellerOrders': 'listSellerOrders',
  'POST /api/orders/updateFulfilment': 'updateFulfilment',
  'GET /api/orders/allOrders': 'listAllOrders',
  'GET /api/users/getBuyerByMobile/:mobile': 'getBuyerByMobile',
  'GET /api/users/getReferrerByMobile/:mobile': 'getReferrerByMobile',
  'POST /api/users/businessBuyer/sendCode': 'sendBusinessBuyerCode',
  'POST /api/users/businessBuyer/verifyCode': 'verifyBusinessBuyerCode',
  'POST /api/orders/:orderId/cancel': 'cancelOrder',
  'POST /api/orders/:orderId/staffCancel': 'cancelOrderAsStaff',
  'POST /api/orders/:orderId/refunds': 'refundOrder',
  'GET /api/orders/:orderId/refundPayouts': 'listRefundPayouts',
  'POST /api/orders/:orderId/refunds/:refundId/payoutDetails': 'setRefundPayoutDetails',
  'POST /api/orders/:orderId/refunds/:refundId/payout': 'recordRefundPayout',
  'GET /api/orders/terms/:productId': 'getOrderTerms',
  'POST /api/orders/cod/accept': 'acceptCodOrder',
  'POST /api/orders/cod/paidOnDelivery': 'markCodOrderPaid',
  'POST /api/payments/webhook': 'receivePaymentWebhook',

  // Invoices and settlements
  'GET /api/invoices/:orderId': 'listInvoices',
  'GET /api/invoices/:orderId/:documentId/pdf': 'downloadInvoicePdf',
  'GET /api/taxDetails': 'getTaxDetails',
  'PUT /api/taxDetails': 'setTaxDetails',
  'GET /api/ledger/settlements': 'listSettlements',
  'GET /api/ledger/settlements/csv': 'exportSettlements',
  'GET /api/ledger/referrals': 'listMyReferrals',
  'GET /api/admin/ledger/accounts': 'listLedgerAccounts',
  'GET /api/admin/ledger/accounts/:id/settlements': 'listAccountSettlements',
  'POST /api/admin/ledger/payouts': 'recordPayout',
  'GET /api/admin/ledger/rates': 'getLedgerRates',
  'PUT /api/admin/ledger/rates': 'setLedgerRates',

  // Skills
  'GET /api/skills/posts': 'listSkillPosts',
  'GET /api/skills/requirements': 'listRequirements',
  'GET /api/skills/requirements/:postId/matches': 'listRequirementMatches',
  'GET /api/skills/recruiter': 'getRecruiterApplication',
  'POST /api/skills/recruiter': 'applyAsRecruiter',
  'GET /api/skills/recruiters': 'listRecruiterApplications',
  'POST /api/skills/recruiters/:id/decision': 'decideRecruiterApplication',
  'POST /api/skills/posts/:postId/responses': 'respondToSkillPost',
  'GET /api/skills/responses': 'listSkillResponses',

  // Contributions and notifications
  'POST /api/contributions/confirm': 'confirmContribution',
  'POST /api/contributions/resendCode': 'resendContributionCode',
  'GET /api/contributions/mine': 'listMyContributions',
  'POST /api/contributions/publish': 'publishContribution',
  'POST /api/contributions/discard': 'discardContribution',
  'GET /api/notifications/preferences': 'getNotificationPreferences',
  'PUT /api/notifications/preferences': 'setNotificationPreferences',
  'POST /api/notifications/unsubscribe': 'unsubscribeNotifications',

  // Privacy
  'GET /api/privacy/export': 'exportMyData',
  'GET /api/privacy/deletionCheck': 'checkAccountDeletion',
  'POST /api/privacy/deleteAccount': 'deleteMyAccount',
  'POST /api/privacy/code': 'sendPrivacyCode',
  'POST /api/privacy/code/export': 'exportDataByCode',
  'POST /api/privacy/code/deleteAccount': 'deleteAccountByCode',
  'GET /api/admin/deletionRequests': 'listDeletionRequests',

  // Operations
  'GET /metrics': 'getMetrics',
  'POST /api/admin/backups': 'createBackup',
};

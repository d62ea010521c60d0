import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths, routePatterns, socialPatterns } from '../lib/routes';
import { Layout } from './layout/layout';
import { PageLoading } from './page-loading';
import { RequireRole } from './require-role';
import { RouteError } from './route-error';

/** Every page is its own chunk, loaded when its route matches. */
/** One route per pattern of the spec's route table, all rendering the same lazy page. */
function socialRoutes(
  patterns: readonly string[],
  load: () => Promise<{ default: ComponentType }>,
): RouteObject[] {
  return patterns.map((path) => ({ path, ...page(load) }));
}

function page(
  load: () => Promise<{ default: ComponentType }>,
): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return {
    lazy: async () => ({ Component: (await load()).default }),
    hydrateFallbackElement: <PageLoading />,
  };
}

export const routes: RouteObject[] = [
  {
    // The landing page brings its own header and footer. Visits that start at `/` boot it without
    // the router (see main.tsx); this route serves client-side navigation back to `/`.
    path: paths.home,
    errorElement: <RouteError standalone />,
    ...page(() => import('./landing-route')),
  },
  {
    element: <Layout />,
    // Outer boundary: used only if the layout itself fails.
    errorElement: <RouteError standalone />,
    children: [
      {
        // Inner boundary keeps header and footer on screen when a page fails.
        errorElement: <RouteError />,
        children: [
          {
            // Pages that call the API; see data-routes.tsx.
            ...page(() => import('./data-routes')),
            children: [
              { path: paths.login, ...page(() => import('../features/auth/pages/login-page')) },
              { path: paths.adminLogin, ...page(() => import('../features/auth/pages/admin-login-page')) },
              { path: paths.teamLogin, ...page(() => import('../features/auth/pages/team-login-page')) },
              {
                path: paths.forgotPassword,
                ...page(() => import('../features/auth/pages/forgot-password-page')),
              },
              {
                element: <RequireRole />,
                children: [
                  {
                    path: paths.changePassword,
                    ...page(() => import('../features/auth/pages/change-password-page')),
                  },
                ],
              },
              // The page checks the admin role itself: the spec answers other users with an alert.
              {
                path: paths.manageSeller,
                ...page(() => import('../features/sellers/pages/manage-seller-page')),
              },
              {
                path: paths.moderateReviews,
                ...page(() => import('../features/moderation/pages/moderate-reviews-page')),
              },
              { path: paths.manageTeam, ...page(() => import('../features/team/pages/manage-team-page')) },
              // Not behind the sign-in guard: once the account is deleted the page still says so.
              { path: paths.myData, ...page(() => import('../features/privacy/pages/my-data-page')) },
              {
                path: paths.visitorData,
                ...page(() => import('../features/privacy/pages/visitor-data-page')),
              },
              {
                path: paths.unsubscribe,
                ...page(() => import('../features/account/pages/unsubscribe-page')),
              },
              {
                element: <RequireRole />,
                children: [
                  {
                    path: paths.myAccount,
                    ...page(() => import('../features/account/pages/my-account-page')),
                  },
                  {
                    path: paths.questions,
                    ...page(() => import('../features/queries/pages/questions-page')),
                  },
                ],
              },
              {
                path: routePatterns.viewStoreB2c,
                ...page(() => import('../features/sellers/pages/view-store-page')),
              },
              {
                path: routePatterns.viewStore,
                ...page(() => import('../features/sellers/pages/view-store-page')),
              },
              {
                path: paths.storeLocator,
                ...page(() => import('../features/store-locator/pages/store-locator-page')),
              },
              {
                path: routePatterns.storeLocatorForStore,
                ...page(() => import('../features/store-locator/pages/store-locator-page')),
              },
              {
                path: routePatterns.brandStoreLocator,
                ...page(() => import('../features/store-locator/pages/brand-store-locator-page')),
              },
              {
                element: <RequireRole roles={['ADMIN']} />,
                children: [
                  { path: paths.outbox, ...page(() => import('../features/outbox/pages/outbox-page')) },
                  {
                    path: paths.deletionRequests,
                    ...page(() => import('../features/privacy/pages/deletion-requests-page')),
                  },
                  {
                    path: paths.gstinApprovals,
                    ...page(() => import('../features/gstin-approvals/pages/gstin-approvals-page')),
                  },
                  {
                    path: paths.payouts,
                    ...page(() => import('../features/settlements/pages/admin-payouts-page')),
                  },
                ],
              },
              {
                // The admin and team members with the see-orders right (decision 028).
                element: <RequireRole right="see-orders" />,
                children: [
                  {
                    path: paths.adminOrders,
                    ...page(() => import('../features/orders/pages/admin-orders-page')),
                  },
                ],
              },
              ...[routePatterns.product, routePatterns.productB2b].map((path) => ({
                path,
                ...page(() => import('../features/catalogue/pages/product-page')),
              })),
              ...[
                routePatterns.checkout,
                routePatterns.checkoutForStore,
                routePatterns.checkoutB2b,
                routePatterns.buyFromReview,
                routePatterns.buyFromReviewProduct,
              ].map((path) => ({ path, ...page(() => import('../features/checkout/pages/checkout-page')) })),
              ...[
                routePatterns.thankYou,
                routePatterns.thankYouOne,
                routePatterns.thankYouPost,
                routePatterns.thankYouPostStore,
              ].map((path) => ({ path, ...page(() => import('../features/checkout/pages/thank-you-page')) })),
              {
                element: <RequireRole />,
                children: [
                  { path: paths.myOrders, ...page(() => import('../features/orders/pages/my-orders-page')) },
                ],
              },
              {
                element: <RequireRole roles={['SELLER']} />,
                children: [
                  {
                    path: paths.addProduct,
                    ...page(() => import('../features/seller-console/pages/add-product-page')),
                  },
                  {
                    path: paths.sellerOrders,
                    ...page(() => import('../features/orders/pages/seller-orders-page')),
                  },
                  {
                    path: paths.settlements,
                    ...page(() => import('../features/settlements/pages/seller-settlements-page')),
                  },
                ],
              },
              {
                path: paths.viewStores,
                ...page(() => import('../features/catalogue/pages/view-stores-page')),
              },
              {
                path: routePatterns.viewStoresB2c,
                ...page(() => import('../features/catalogue/pages/view-stores-page')),
              },
              ...[
                ...socialPatterns.askQuery,
                ...socialPatterns.brandAskQuery,
                ...socialPatterns.storeAskQuery,
                ...socialPatterns.serviceAskQuery,
                ...socialPatterns.influencerAskQuery,
              ].flatMap((p) => socialRoutes([p], () => import('../features/queries/pages/ask-query-page'))),
              ...socialRoutes(
                [
                  ...socialPatterns.answerQuery,
                  ...socialPatterns.brandAnswerQuery,
                  ...socialPatterns.storeAnswerQuery,
                  ...socialPatterns.serviceAnswerQuery,
                  ...socialPatterns.influencerAnswerQuery,
                ],
                () => import('../features/queries/pages/answer-query-page'),
              ),
              ...socialRoutes(
                [
                  ...socialPatterns.addReview,
                  ...socialPatterns.addBrandReview,
                  ...socialPatterns.addStoreReview,
                  ...socialPatterns.addServiceReview,
                  ...socialPatterns.addInfluencerReview,
                  ...socialPatterns.shareFeedback,
                ],
                () => import('../features/reviews/pages/add-review-page'),
              ),
              ...socialRoutes(
                [
                  ...socialPatterns.tagReview,
                  ...socialPatterns.tagBrandPost,
                  ...socialPatterns.tagStorePost,
                  ...socialPatterns.tagServicePost,
                  ...socialPatterns.tagInfluencerPost,
                ],
                () => import('../features/reviews/pages/tag-review-page'),
              ),
              ...socialRoutes(
                socialPatterns.sharePost,
                () => import('../features/reviews/pages/share-post-page'),
              ),
              ...socialRoutes(
                socialPatterns.buyFromBrandReview,
                () => import('../features/reviews/pages/buy-from-review-page'),
              ),
              ...socialRoutes(
                [
                  ...socialPatterns.viewReviews,
                  ...socialPatterns.viewBrandReviews,
                  ...socialPatterns.viewStoreReviews,
                  ...socialPatterns.viewServiceReviews,
                  ...socialPatterns.viewInfluencerReviews,
                ],
                () => import('../features/reviews/pages/recent-reviews-page'),
              ),
              ...socialRoutes(
                [
                  ...socialPatterns.validatedReviews,
                  ...socialPatterns.validatedBrandReviews,
                  ...socialPatterns.validatedStoreReviews,
                  ...socialPatterns.validatedServiceReviews,
                  ...socialPatterns.validatedInfluencerReviews,
                  ...socialPatterns.revalidatedInfluencerReviews,
                ],
                () => import('../features/reviews/pages/tagged-reviews-page'),
              ),
              ...socialRoutes(socialPatterns.post, () => import('../features/reviews/pages/post-page')),
              ...socialRoutes(
                socialPatterns.reviewOrder,
                () => import('../features/reviews/pages/review-order-page'),
              ),
              ...socialRoutes(
                socialPatterns.question,
                () => import('../features/queries/pages/question-page'),
              ),
              {
                path: paths.skillDiscovery,
                ...page(() => import('../features/skills/pages/skill-discovery-page')),
              },
              { path: paths.search, ...page(() => import('../features/search/pages/search-page')) },
              {
                element: <RequireRole />,
                children: [
                  {
                    path: paths.skillResponses,
                    ...page(() => import('../features/skills/pages/skill-responses-page')),
                  },
                ],
              },
              {
                element: <RequireRole roles={['ADMIN']} />,
                children: [
                  {
                    path: paths.manageRecruiters,
                    ...page(() => import('../features/skills/pages/manage-recruiters-page')),
                  },
                ],
              },
              { path: paths.addSkill, ...page(() => import('../features/skills/pages/add-skill-page')) },
              {
                path: routePatterns.addSkillMention,
                ...page(() => import('../features/skills/pages/add-skill-page')),
              },
              {
                path: routePatterns.addSkillForInfluencer,
                ...page(() => import('../features/skills/pages/add-skill-page')),
              },
              {
                path: paths.joinAsExpert,
                ...page(() => import('../features/applications/pages/join-as-expert-page')),
              },
              {
                path: paths.joinAsBrand,
                ...page(() => import('../features/applications/pages/join-as-brand-page')),
              },
              {
                path: paths.joinAsRetailer,
                ...page(() => import('../features/applications/pages/join-as-retailer-page')),
              },
              {
                path: paths.joinAsEndUser,
                ...page(() => import('../features/applications/pages/join-as-end-user-page')),
              },
            ],
          },
          { path: paths.refer, ...page(() => import('../features/referral/pages/refer-page')) },
          {
            path: paths.privacyPolicy,
            ...page(() => import('../features/legal/pages/privacy-policy-page')),
          },
          {
            path: paths.termsAndConditions,
            ...page(() => import('../features/legal/pages/terms-page')),
          },
          { path: '*', ...page(() => import('./not-found-page')) },
        ],
      },
    ],
  },
];

/**
 * The browser's router, made once the current page's lazy route modules are loaded: its first render
 * is then the page itself, which is what the server rendered into a shared page's HTML (see
 * shared-page-render.tsx), so hydration matches instead of drawing the routes' loading fallback.
 */
export async function createAppRouter(
  yieldToBrowser: () => Promise<void>,
): Promise<ReturnType<typeof createBrowserRouter>> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  // Matching and creating the router each walk every route: two turns of the main thread, not one.
  await yieldToBrowser();
  return createBrowserRouter(routes);
}

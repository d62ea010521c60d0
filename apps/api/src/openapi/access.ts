import { ROUTE_ACCESS, type RouteAccess } from '../plugins/route-access.js';

/**
 * Public routes whose handler reads the session when one is sent (`request.user`): a visitor gets
 * the anonymous answer, a signed-in caller more (their own records, an order on their account, a
 * private post). They document `security: [{}, {bearer: []}]`; other public routes document none.
 */
export const OPTIONAL_SESSION: ReadonlySet<string> = new Set([
  'POST /api/endUsers/registerNewUser',
  'POST /api/users/registerNewUser',
  'POST /api/users/singleStepOnboardUser',
  'GET /api/users/getUserbyEmail/:email',
  'POST /api/endUsers/getEUserDetailsbyEmailId',
  'GET /api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/:userId',
  'POST /api/media/upload',
  'POST /api/inflncr/addReview',
  'GET /api/inflncr/getSpecificPost/:infId/:postId',
  'POST /api/posts/report',
  'POST /api/app/webSearch',
  'POST /api/euOrder/saveOrder2',
  'POST /api/euOrder/saveOrder3',
  'POST /api/orders/saveOrder2',
  'GET /api/users/getBuyerByMobile/:mobile',
  'GET /api/users/getReferrerByMobile/:mobile',
  'POST /api/orders/:orderId/cancel',
  'GET /api/orders/status/:orderId',
  'POST /api/orders/retryPayment/:orderId',
  'POST /api/orders/:orderId/deliveryAddress',
  'POST /api/orders/:orderId/revokeLinks',
  'GET /api/invoices/:orderId',
  'GET /api/invoices/:orderId/:documentId/pdf',
  'GET /api/skills/posts',
  'GET /api/skills/requirements',
  'GET /api/skills/requirements/:postId/matches',
]);

export type Session = 'none' | 'optional' | 'required';

/** What the route table says about a session: none, optional (read when sent) or required. */
export function sessionOf(key: string): Session {
  const access = ROUTE_ACCESS[key];
  if (!access) return 'required';
  if (access.allow !== 'public') return 'required';
  return OPTIONAL_SESSION.has(key) ? 'optional' : 'none';
}

/** The operation's `security`: the truth of the route table. */
export function securityOf(key: string): Array<Record<string, string[]>> {
  switch (sessionOf(key)) {
    case 'none':
      return [];
    case 'optional':
      return [{}, { bearer: [] }];
    case 'required':
      return [{ bearer: [] }];
  }
}

/** One sentence naming who may call, from the route table (a route missing there answers 403). */
export function accessSentence(key: string): string {
  const access: RouteAccess | undefined = ROUTE_ACCESS[key];
  if (!key.includes(' /api/')) return 'Access: outside the session table of /api; see above.';
  if (!access) return 'Access: nobody yet (the route has no entry in the authorization table).';
  if (access.allow === 'public') {
    return OPTIONAL_SESSION.has(key)
      ? 'Access: anyone; a session token, when sent, is read (a signed-in caller may get more).'
      : 'Access: anyone, no session needed.';
  }
  const who = access.allow === 'signed-in' ? 'any signed-in account' : access.allow.join(' or ');
  const right = access.right ? ` (a TEAM member needs the \`${access.right}\` right)` : '';
  const owner =
    access.owner === undefined
      ? ''
      : typeof access.owner === 'string'
        ? ` on their ${access.owner.replace(/^own-/, 'own ')} only`
        : ` for their own \`${access.owner.param}\`${access.owner.staffToo ? ' (staff for anyone)' : ''}`;
  return `Access: ${who}${right}${owner}.`;
}

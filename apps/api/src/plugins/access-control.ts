import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { MESSAGES } from '@app/domain';
import { AppError } from '../lib/app-error.js';
import { accessOf, roleAllows, type RouteAccess } from './route-access.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route as registered, `METHOD /api/path`: what the authorization test walks. */
    apiRoutes: string[];
  }
  interface FastifyContextConfig {
    /** Set from the authorization table (route-access.ts) when the route is registered. */
    access?: RouteAccess;
  }
}

const STAFF = new Set(['ADMIN', 'TEAM']);

function gate(access: RouteAccess | undefined, route: string): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    // Fail closed: a route nobody classified is refused until the table says who may call it.
    if (!access) throw new AppError('FORBIDDEN', `No access rule for ${route}`);
    const user = request.user;
    if (!roleAllows(access, user?.role ?? 'anonymous', user?.rights)) {
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
      // A team member the admin has not given this route's right gets the spec's refusal.
      if (access.right && roleAllows(access, user.role, [access.right])) {
        throw new AppError('FORBIDDEN', MESSAGES.notAuthorized);
      }
      throw new AppError('FORBIDDEN', 'You are not allowed to do this');
    }
    const owner = access.owner;
    if (user && owner && typeof owner === 'object') {
      const named = (request.params as Record<string, string | undefined>)[owner.param];
      if (named !== user.id && !(owner.staffToo && STAFF.has(user.role))) {
        throw new AppError('FORBIDDEN', 'You can only see your own account’s data');
      }
    }
  };
}

/**
 * Enforces the authorization table on every /api route. Runs as the route's first onRequest hook,
 * after the global auth hook has resolved the user and before the body is read, so a refused caller
 * costs no parsing. Public routes get no hook at all. Register before the routes.
 */
export function registerAccessControl(app: FastifyInstance) {
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) apiRoutes.push(`${method} ${route.url}`);
    const accesses = methods.map((method) => accessOf(method, route.url));
    const access = accesses[0];
    // One route object may serve several methods; it gets the strictest answer only if all agree.
    const agreed = accesses.every((a) => a === access) ? access : undefined;
    route.config = { ...route.config, ...(agreed ? { access: agreed } : {}) };
    if (agreed?.allow === 'public') return;
    const hook = gate(agreed, `${methods.join(',')} ${route.url}`);
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [hook, ...existing];
  });
}

import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/messages';
import { HttpError } from '../http-errors';
import { authenticateToken, type Authenticated } from '../modules/auth/auth.service';
import { SessionCache } from '../modules/auth/session-cache';
import { StaffSessionActivity } from '../modules/auth/staff-second-step';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`; null on public routes. */
    auth: Authenticated | null;
  }
  interface FastifyInstance {
    /**
     * A valid, unexpired, unrevoked bearer token, else 401. Listed as a route's preHandler, it
     * runs at onRequest all the same (see below).
     */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A signed-in user with the staff role, else 401 / 403. */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const sessions = SessionCache.forDatabase(app.db, app.dbHandle.pglite);
  await sessions.start();
  const staffActivity = new StaffSessionActivity(app.db);

  async function requireUser(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token || token.length > 200) throw new HttpError(401, messages.session.required);
    request.auth = await authenticateToken(app.db, sessions, token, staffActivity);
  }

  async function requireStaff(request: FastifyRequest) {
    await requireUser(request);
    if (request.auth?.user.role !== 'staff') throw new HttpError(403, messages.http.forbidden);
  }

  app.decorate('requireUser', requireUser);
  app.decorate('requireStaff', requireStaff);

  // Who asks is checked before what they send: a visitor gets 401 whatever the body, never 422
  // (or 400, 413, 415) that would tell them about a route they may not use. A preHandler runs
  // after the body is parsed and validated, so the sign-in checks move to onRequest. They go
  // first among the route's own onRequest hooks, before its per-address limit (LIMIT-3): a
  // visitor gets 401, not 429, and spends nothing of the allowance of the signed-in renters
  // behind the same address. Load shedding, an app-wide hook, still runs before any of them.
  const signInChecks = new Set<unknown>([requireUser, requireStaff]);
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const checks = preHandlers.filter((hook) => signInChecks.has(hook));
    if (!checks.length) return;
    route.preHandler = preHandlers.filter((hook) => !signInChecks.has(hook));
    route.onRequest = [...(checks as onRequestHookHandler[]), ...[route.onRequest ?? []].flat()];
  });
});

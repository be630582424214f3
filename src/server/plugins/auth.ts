import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/messages';
import { HttpError } from '../http-errors';
import { authenticateToken, type Authenticated } from '../modules/auth/auth.service';
import { SessionCache } from '../modules/auth/session-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `requireUser` pre-handler; null on public routes. */
    auth: Authenticated | null;
  }
  interface FastifyInstance {
    /** Pre-handler: a valid, unexpired, unrevoked bearer token, else 401. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Pre-handler: a signed-in user with the staff role, else 401 / 403. */
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

  async function requireUser(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token || token.length > 200) throw new HttpError(401, messages.session.required);
    request.auth = await authenticateToken(app.db, sessions, token);
  }

  app.decorate('requireUser', requireUser);
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    await requireUser(request);
    if (request.auth?.user.role !== 'staff') throw new HttpError(403, messages.http.forbidden);
  });
});

import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { auditActor } from '../modules/audit/audit-actor';
import { insertAuditEvent } from '../modules/audit/audit.repository';
import {
  AUDIT_ENTITIES,
  type AuditDescription,
  type AuditFields,
  auditDescriptionOf,
  diffFields,
  READ_METHODS,
} from './audit-entities';

interface PendingAudit {
  route: string;
  description: AuditDescription;
  /** Known before the handler for a path parameter or a fixed id; from the answer for a create. */
  entityId: string | null;
  before: AuditFields | null;
}

const pending = new WeakMap<FastifyRequest, PendingAudit>();

/** The `reason` or `note` of a JSON body, whichever the route asks for (AUDIT-2). */
function bodyReason(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { reason, note } = body as { reason?: unknown; note?: unknown };
  if (typeof reason === 'string' && reason) return reason;
  if (typeof note === 'string' && note) return note;
  return null;
}

/**
 * Records every staff write in the audit trail (AUDIT-1 to AUDIT-5), for the scope it is called
 * in (staff-api.routes.ts, before any route is registered):
 *
 * - at registration, a non-GET route without a row in AUDITED_WRITES stops the app from
 *   starting (AUDIT-5): a new write route cannot go unaudited;
 * - its preHandler (after the sign-in, the permission check and validation) reads the thing's
 *   fields before the handler runs;
 * - its onSend, once the answer is a success (2xx) and before a byte of it is sent, reads them
 *   again and appends the row, awaited. A refused or failed request (4xx, 5xx) records nothing.
 *
 * The row is written after the change commits, not in its transaction (decision 033): if the
 * insert fails the request answers 500, loudly, rather than a change going unrecorded in
 * silence; only a process dying between the two loses a row.
 */
export function recordStaffWrites(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (READ_METHODS.has(method)) continue;
      const key = `${method} ${route.url}`;
      const description = auditDescriptionOf(method, route.url);
      if (!description)
        throw new Error(
          `${key} changes something but has no row in AUDITED_WRITES (src/server/staff-api/audit-entities.ts): say what its audit records (AUDIT-5)`,
        );
      route.preHandler = [
        ...[route.preHandler ?? []].flat(),
        async (request: FastifyRequest) => {
          const entity = AUDIT_ENTITIES[description.entity];
          let entityId: string | null = null;
          if ('param' in description.id) {
            const raw = (request.params as Record<string, unknown>)[description.id.param];
            entityId = String(raw);
            if ('normalizeId' in entity) entityId = entity.normalizeId(entityId);
          } else if ('fixed' in description.id) entityId = description.id.fixed;
          const before = entityId === null ? null : await entity.load(app.db, entityId);
          pending.set(request, { route: key, description, entityId, before });
        },
      ];
      route.onSend = [
        ...[route.onSend ?? []].flat(),
        async (request, reply, payload) => {
          const audit = pending.get(request);
          if (!audit || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
          pending.delete(request);
          await recordWrite(app, request, audit, payload);
          return payload;
        },
      ];
    }
  });
}

async function recordWrite(
  app: FastifyInstance,
  request: FastifyRequest,
  audit: PendingAudit,
  payload: unknown,
) {
  const { description } = audit;
  const entity = AUDIT_ENTITIES[description.entity];
  let entityId = audit.entityId;
  if (entityId === null && 'answer' in description.id) {
    const body: unknown = typeof payload === 'string' ? JSON.parse(payload) : null;
    const id = description.id.answer(body);
    if (typeof id !== 'string' && typeof id !== 'number')
      throw new Error(`${audit.route}: its answer names no id for the audit trail`);
    entityId = String(id);
  }
  if (entityId === null) throw new Error(`${audit.route}: no id for the audit trail`);
  const actor = auditActor(request.auth);
  if (!actor) throw new Error(`${audit.route}: a write by someone who is not staff`);
  const after = await entity.load(app.db, entityId);
  await insertAuditEvent(app.db, {
    ...actor,
    action: description.action,
    route: audit.route,
    entity: description.entity,
    entityId,
    changes: diffFields(audit.before, after),
    reason: description.reason ? description.reason(after) : bodyReason(request.body),
    requestId: String(request.id),
  });
}

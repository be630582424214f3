import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeliveryReportQuerySchema } from '../../../shared/schemas/sms-log';
import { deliveryOutcome } from '../sms/arkesel-delivery';
import { recordDeliveryReport } from './outbox.repository';

/**
 * The provider's delivery report (MSG-8): `GET {PUBLIC_URL}/api/sms/delivery-report?sms_id=…
 * &status=…`, the callback_url every Arkesel send names. Arkesel signs nothing, so the report
 * can only move one of our sent messages forward, found by the id Arkesel gave it; it answers
 * 204 whatever the id and status, so it tells a caller nothing and changes nothing else.
 * POST is accepted too (form or JSON with the same fields). A 204 has no body: the
 * document says "no content" (plugins/openapi.ts) and the answer sends none.
 */
export const deliveryReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const handle = async (fields: { sms_id?: string; id?: string; status?: string }) => {
    const providerId = fields.sms_id ?? fields.id;
    // Every status Arkesel publishes is understood (MSG-13, sms/arkesel-delivery.ts).
    const report = deliveryOutcome(fields.status);
    if (providerId && report) await recordDeliveryReport(app.db, providerId, report);
  };
  const schema = {
    tags: ['sms'],
    summary: "The SMS provider's delivery report (always 204)",
    querystring: DeliveryReportQuerySchema,
    response: {
      204: z.null().describe('Taken, whatever the id and status: the answer reveals nothing.'),
    },
  };

  app.get('/delivery-report', { schema }, async (request, reply) => {
    await handle(request.query);
    return reply.status(204).send(null);
  });
  app.post('/delivery-report', { schema }, async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      unknown
    >;
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : undefined);
    await handle({
      sms_id: text(body.sms_id) ?? request.query.sms_id,
      id: text(body.id) ?? request.query.id,
      status: text(body.status) ?? request.query.status,
    });
    return reply.status(204).send(null);
  });
};

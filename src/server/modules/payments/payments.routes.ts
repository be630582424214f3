import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import { pesewasToCedis } from '../../../shared/money';
import { BookingSchema } from '../../../shared/schemas/bookings';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  PaymentReferenceParamsSchema,
  PaymentSchema,
  SandboxDecisionSchema,
  SandboxTransactionSchema,
  SubmitOtpSchema,
} from '../../../shared/schemas/payments';
import { HttpError } from '../../http-errors';
import { getUserBooking } from '../bookings/bookings.service';
import { findBookingById } from '../bookings/booking-lifecycle';
import * as repo from './payments.repository';
import { inBackground } from './background-work';
import { submitChargeOtp } from './payment-prompts';
import { toApiPayment } from './payment-view';
import type { PaymentsContext } from './payments-context';
import { checkUnknownAttempt, verifyAndApply } from './verify-payment';
import { processWebhookEvents, storeWebhookEvent } from './webhooks';
import {
  decideSandboxTransaction,
  findSandboxTransaction,
  sandboxStatus,
} from './sandbox-provider';
import { isValidPaystackSignature } from './webhook-signature';

const PaymentResultSchema = z.object({ payment: PaymentSchema, booking: BookingSchema });

/** The payment behind a reference, if it belongs to this renter: anyone else's is not found. */
/** Paystack's advice for checking a charge after an exception: wait 10 seconds or more. */
const UNKNOWN_CHECK_AFTER_MS = 10_000;

async function ownPayment(ctx: PaymentsContext, reference: string, userId: number) {
  const found = await repo.findPaymentWithOwner(ctx.db, reference);
  if (!found || found.userId !== userId) throw new HttpError(404, messages.payment.notFound);
  return found;
}

async function paymentResult(ctx: PaymentsContext, reference: string, userId: number) {
  const { payment, bookingCode } = await ownPayment(ctx, reference, userId);
  const booking = await findBookingById(ctx.db, payment.bookingId);
  return {
    payment: toApiPayment(payment, booking!),
    booking: await getUserBooking(ctx.db, userId, bookingCode),
  };
}

export const paymentRoutes: FastifyPluginAsyncZod<{
  sandbox: boolean;
  paystackSecretKey?: string;
}> = async (app, { sandbox, paystackSecretKey }) => {
  app.post('/:reference/verify', {
    preHandler: app.requireUser,
    schema: {
      tags: ['payments'],
      summary: 'Ask the provider about one of your payments and apply its answer',
      description:
        'Polled by the web app while the renter approves on the phone, and called on return from ' +
        "Paystack's checkout. The booking becomes paid only on a verified success.",
      security: [{ bearerAuth: [] }],
      params: PaymentReferenceParamsSchema,
      response: { 200: PaymentResultSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
    },
    handler: async (request) => {
      const userId = request.auth!.user.id;
      const { payment } = await ownPayment(app.payments, request.params.reference, userId);
      const open = payment.status === 'pending' || payment.status === 'refund_pending';
      // Cash to hand back at the counter is no provider's to verify.
      if (payment.status === 'unknown') {
        // PAY-23: the charge request got no answer; asked as Paystack advises after one, not
        // within 10 seconds of it (too early mostly finds nothing yet).
        if (Date.now() - payment.createdAt.getTime() >= UNKNOWN_CHECK_AFTER_MS)
          await checkUnknownAttempt(app.payments, payment.reference, 'verify');
      } else if (open && payment.provider !== 'cash') {
        await verifyAndApply(app.payments, payment.reference, 'verify');
      }
      return paymentResult(app.payments, payment.reference, userId);
    },
  });

  // Paystack signs the exact bytes it sends: the body is kept raw here and parsed only after
  // the signature is checked (a re-serialised body would not match, e.g. with non-ASCII text).
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhook.post('/webhook/paystack', {
      schema: {
        tags: ['payments'],
        summary: 'Paystack webhook (x-paystack-signature: HMAC-SHA512 of the raw body)',
        // Any media type is read (the signature covers the raw bytes): never a 415.
        consumes: ['*/*'],
        response: {
          200: z.object({ received: z.boolean() }),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
        },
      },
      handler: async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-paystack-signature'];
        if (!paystackSecretKey || !isValidPaystackSignature(raw, signature, paystackSecretKey)) {
          throw new HttpError(401, messages.payment.badSignature);
        }
        let event: { event?: unknown; data?: unknown };
        try {
          event = JSON.parse(raw.toString('utf8')) as typeof event;
        } catch {
          throw new HttpError(400, messages.http.malformed);
        }
        if (typeof event.event !== 'string' || !event.data || typeof event.data !== 'object')
          throw new HttpError(400, messages.http.malformed);
        // PAY-19: stored before the answer; the work (which may call Paystack) runs after it.
        const id = await storeWebhookEvent(app.payments, raw, {
          event: event.event,
          data: event.data as Record<string, unknown>,
        });
        if (id !== null) {
          reply.raw.once('finish', () =>
            inBackground(app.payments, () => processWebhookEvents(app.payments, id)),
          );
        }
        // Everything (and anything already applied) is acknowledged, so Paystack stops retrying.
        return { received: true };
      },
    });
  });

  app.post('/:reference/otp', {
    preHandler: app.requireUser,
    schema: {
      tags: ['payments'],
      summary: 'Send the voucher (Telecel Cash) a charge waits for; the provider then continues',
      security: [{ bearerAuth: [] }],
      params: PaymentReferenceParamsSchema,
      body: SubmitOtpSchema,
      response: {
        200: PaymentResultSchema,
        401: ErrorResponseSchema,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
        502: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const userId = request.auth!.user.id;
      const { payment } = await ownPayment(app.payments, request.params.reference, userId);
      await submitChargeOtp(app.payments, payment.reference, request.body.otp);
      return paymentResult(app.payments, payment.reference, userId);
    },
  });

  if (!sandbox) return;

  app.get('/sandbox/:reference', {
    preHandler: app.requireUser,
    schema: {
      tags: ['payments'],
      summary: "The sandbox's stand-in for the phone's mobile money prompt (sandbox provider only)",
      security: [{ bearerAuth: [] }],
      params: PaymentReferenceParamsSchema,
      response: {
        200: SandboxTransactionSchema,
        401: ErrorResponseSchema,
        404: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const { payment, bookingCode } = await ownPayment(
        app.payments,
        request.params.reference,
        request.auth!.user.id,
      );
      const [transaction, booking] = await Promise.all([
        findSandboxTransaction(app.db, payment.reference),
        findBookingById(app.db, payment.bookingId),
      ]);
      if (!transaction) throw new HttpError(404, messages.payment.notFound);
      return {
        reference: transaction.reference,
        amount: pesewasToCedis(transaction.amountPesewas),
        currency: transaction.currency,
        network: payment.network as z.infer<typeof SandboxTransactionSchema>['network'],
        wallet_msisdn: transaction.walletMsisdn,
        status: sandboxStatus(transaction),
        step: transaction.step as z.infer<typeof SandboxTransactionSchema>['step'],
        booking_code: bookingCode,
        expires_at: booking?.holdExpiresAt?.toISOString() ?? null,
      };
    },
  });

  app.post('/sandbox/:reference', {
    preHandler: app.requireUser,
    schema: {
      tags: ['payments'],
      summary: 'Approve or decline on the sandbox "phone"; the app then verifies as with Paystack',
      security: [{ bearerAuth: [] }],
      params: PaymentReferenceParamsSchema,
      body: SandboxDecisionSchema,
      response: {
        200: PaymentResultSchema,
        401: ErrorResponseSchema,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const userId = request.auth!.user.id;
      const { payment } = await ownPayment(app.payments, request.params.reference, userId);
      await decideSandboxTransaction(app.db, payment.reference, request.body.decision);
      await verifyAndApply(app.payments, payment.reference, 'sandbox');
      return paymentResult(app.payments, payment.reference, userId);
    },
  });
};

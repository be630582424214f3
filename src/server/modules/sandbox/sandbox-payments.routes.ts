import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages';
import { pesewasToCedis } from '../../../shared/money';
import { parseMsisdn } from '../../../shared/phone';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  PaymentReferenceParamsSchema,
  SandboxDecisionSchema,
  SandboxPromptResultSchema,
  SandboxPromptsQuerySchema,
  SandboxPromptsResponseSchema,
  type SandboxPhonePrompt,
} from '../../../shared/schemas/payments';
import { HttpError } from '../../http-errors';
import { verifyAndApply } from '../payments/verify-payment';
import {
  decideSandboxTransaction,
  findSandboxPrompt,
  listOpenSandboxPrompts,
  sandboxStatus,
  type SandboxPromptRow,
} from '../payments/sandbox-provider';

/** Who asks for the money on the phone's prompt, as a mobile money operator shows it. */
const MERCHANT = 'CarLink Ghana';

/**
 * The sandbox phone's mobile money prompts (RUN-13): what pops up on the wallet's phone when
 * a charge is asked of it, with Approve and Decline, so a phone booking made by staff for a
 * customer who cannot sign in yet can still be paid. Open to anyone, like the sandbox phone's
 * inbox (RUN-12): it exists only with the sandbox payment provider outside production, where
 * no real money moves (app.ts). The answer goes through the same verify-and-apply path as
 * every provider's news (decision 006).
 */
export const sandboxPaymentRoutes: FastifyPluginAsyncZod<{ holdSeconds: number }> = async (
  app,
  { holdSeconds },
) => {
  const toPrompt = (row: SandboxPromptRow): SandboxPhonePrompt => {
    const t = row.transaction;
    // A top-up waits as long as a booking's hold (BOOK-18); a booking's own prompt until its hold ends.
    const expires =
      row.purpose === 'top_up'
        ? new Date(t.createdAt.getTime() + holdSeconds * 1000)
        : row.holdExpiresAt;
    return {
      reference: t.reference,
      merchant: MERCHANT,
      purpose: row.purpose === 'top_up' ? 'top_up' : 'booking',
      amount: pesewasToCedis(t.amountPesewas),
      currency: t.currency,
      network: t.network as SandboxPhonePrompt['network'],
      wallet_msisdn: t.walletMsisdn,
      status: sandboxStatus(t),
      step: t.step as SandboxPhonePrompt['step'],
      booking_code: row.bookingCode,
      expires_at: expires?.toISOString() ?? null,
      created_at: t.createdAt.toISOString(),
    };
  };

  app.get('/prompts', {
    schema: {
      tags: ['sandbox'],
      summary: "The sandbox phone's open mobile money prompts for one wallet number, newest first",
      description:
        'Exists only with PAYMENT_PROVIDER=sandbox outside production. `wallet` may be written ' +
        'in any accepted form of the number.',
      querystring: SandboxPromptsQuerySchema,
      response: { 200: SandboxPromptsResponseSchema, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const wallet = parseMsisdn(request.query.wallet);
      if (!wallet)
        throw new HttpError(422, messages.http.validation, { wallet: [messages.phone.invalid] });
      return { prompts: (await listOpenSandboxPrompts(app.db, wallet)).map(toPrompt) };
    },
  });

  app.post('/prompts/:reference', {
    schema: {
      tags: ['sandbox'],
      summary: 'Approve or decline a prompt on the sandbox phone; the app then verifies it',
      description:
        'Exists only with PAYMENT_PROVIDER=sandbox outside production. A prompt is answered ' +
        'once: answered, withdrawn or waiting for its Telecel Cash voucher → 409.',
      params: PaymentReferenceParamsSchema,
      body: SandboxDecisionSchema,
      response: {
        200: SandboxPromptResultSchema,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const { reference } = request.params;
      const found = await findSandboxPrompt(app.db, reference);
      if (!found) throw new HttpError(404, messages.payment.notFound);
      const decided = await decideSandboxTransaction(app.db, reference, request.body.decision);
      if (!decided) {
        const waiting =
          found.transaction.status === 'pending' && found.transaction.step === 'send_otp';
        throw new HttpError(
          409,
          waiting ? messages.payment.voucherFirst : messages.payment.promptNotOpen,
        );
      }
      await verifyAndApply(app.payments, reference, 'sandbox');
      return { prompt: toPrompt((await findSandboxPrompt(app.db, reference))!) };
    },
  });
};

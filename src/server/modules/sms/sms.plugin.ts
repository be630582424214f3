import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { OutboxWorker } from '../messages/outbox-worker';
import { enqueueSms, outboxSignal } from '../messages/outbox.repository';
import { ArkeselSmsGateway } from './arkesel-sms';
import { SandboxSmsGateway } from './sandbox-sms';
import type { SmsGateway, SmsMessage } from './sms-gateway';

export type SmsConfig = AppConfig['sms'];

export const defaultSmsConfig: SmsConfig = {
  provider: 'sandbox',
  arkeselBaseUrl: 'https://sms.arkesel.com',
};

/**
 * The SMS bill (decision 028): whose numbers may be texted (LIMIT-16), sign-ups an hour per
 * client address (LIMIT-17), codes the company sends in any hour (LIMIT-18).
 */
export interface SmsBill {
  countries: readonly string[];
  signupsPerAddressPerHour: number;
  codeBudgetPerHour: number;
  /** Staff sign-in codes by SMS to one number in an hour (ACCT-23). */
  staffSignInCodesPerHour: number;
}

export const defaultSmsBill: SmsBill = {
  countries: ['GH'],
  signupsPerAddressPerHour: 20,
  codeBudgetPerHour: 300,
  staffSignInCodesPerHour: 30,
};

const DEFAULT_POLL_SECONDS = 5;
const DEFAULT_LEASE_SECONDS = 60;

/** Where Arkesel reports deliveries (delivery-report.routes.ts). */
export const DELIVERY_REPORT_PATH = '/api/sms/delivery-report';

export interface SmsContext {
  gateway: SmsGateway;
  /**
   * Queues a text in the caller's transaction (MSG-1): it goes once that commits, through the
   * outbox worker, with retries; the request never waits for the provider (ACCT-13's equal
   * timing holds however slow the provider is).
   */
  queue(tx: Executor, message: SmsMessage, kind: string, userId?: number | null): Promise<void>;
  /** Sends everything due now and resolves when it has been handed over or has failed. */
  idle(): Promise<void>;
  /** Look for due messages now (the worker also polls). */
  nudge(): void;
  /** The SMS bill's settings, for the routes that send codes. */
  bill: SmsBill;
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsContext;
  }
}

export const smsPlugin = fp<{ config: SmsConfig; publicUrl: string }>(
  async (app: FastifyInstance, { config, publicUrl }) => {
    const gateway: SmsGateway =
      config.provider === 'arkesel'
        ? new ArkeselSmsGateway({
            apiKey: config.arkeselApiKey!,
            senderId: config.arkeselSenderId!,
            baseUrl: config.arkeselBaseUrl,
            timeoutMs: config.timeoutMs,
            callbackUrl: `${publicUrl}${DELIVERY_REPORT_PATH}`,
          })
        : new SandboxSmsGateway(app.db);
    const bill: SmsBill = {
      countries: config.countries ?? defaultSmsBill.countries,
      signupsPerAddressPerHour:
        config.signupsPerAddressPerHour ?? defaultSmsBill.signupsPerAddressPerHour,
      codeBudgetPerHour: config.codeBudgetPerHour ?? defaultSmsBill.codeBudgetPerHour,
      staffSignInCodesPerHour:
        config.staffSignInCodesPerHour ?? defaultSmsBill.staffSignInCodesPerHour,
    };
    const worker = new OutboxWorker(app.db, gateway, app.log.child({ module: 'sms' }), {
      smsCountries: bill.countries,
      pollMs: (config.outboxPollSeconds ?? DEFAULT_POLL_SECONDS) * 1000,
      leaseSeconds: config.outboxLeaseSeconds ?? DEFAULT_LEASE_SECONDS,
      // PGlite runs every statement on its one connection, on this event loop: a pass put off
      // to gather texts would only land inside the next request. PostgreSQL's pool gains
      // from the gathering (decision 015).
      ...(app.dbHandle.kind === 'pglite' ? { nudgeDelayMs: 0 } : {}),
    });

    app.decorate('sms', {
      gateway,
      queue: (tx, message, kind, userId) =>
        enqueueSms(tx, [{ kind, recipient: message.to, body: message.body, userId }]),
      idle: () => worker.drain(),
      nudge: () => worker.nudge(),
      bill,
    } satisfies SmsContext);

    if (config.outboxWorker === false) return;
    // Once a request is answered its transaction has committed: what it queued can go now.
    app.addHook('onResponse', async () => {
      if (!outboxSignal.pending) return;
      outboxSignal.pending = false;
      worker.nudge();
    });
    app.addHook('onReady', async () => worker.start());
    // Before the database closes: no new pass, and the one under way finishes.
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'sms' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { maskMsisdn } from '../../../shared/phone';
import type { AppConfig } from '../../config';
import { ArkeselSmsGateway } from './arkesel-sms';
import { SandboxSmsGateway } from './sandbox-sms';
import { SmsError, type SmsGateway, type SmsMessage } from './sms-gateway';

export type SmsConfig = AppConfig['sms'];

export const defaultSmsConfig: SmsConfig = {
  provider: 'sandbox',
  arkeselBaseUrl: 'https://sms.arkesel.com',
};

export interface SmsContext {
  gateway: SmsGateway;
  /**
   * Sends without making the caller wait: a request answers the same whether or not a
   * message went, and however slow the provider is (ACCT-13's equal timing). Failures are
   * logged, with the number masked and never the text (it holds a code). Call it only after
   * the change that the message reports has committed.
   */
  dispatch(message: SmsMessage, purpose: string): void;
  /** Resolves when every message dispatched so far has been handed over or has failed. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsContext;
  }
}

export const smsPlugin = fp<{ config: SmsConfig }>(
  async (app: FastifyInstance, { config }) => {
    const gateway: SmsGateway =
      config.provider === 'arkesel'
        ? new ArkeselSmsGateway({
            apiKey: config.arkeselApiKey!,
            senderId: config.arkeselSenderId!,
            baseUrl: config.arkeselBaseUrl,
            timeoutMs: config.timeoutMs,
          })
        : new SandboxSmsGateway(app.db);
    const inFlight = new Set<Promise<void>>();
    const log = app.log.child({ module: 'sms' });

    const dispatch = (message: SmsMessage, purpose: string) => {
      const to = maskMsisdn(message.to);
      const sending = gateway
        .send(message)
        .then(({ providerId }) => log.info({ to, purpose, providerId }, 'sms sent'))
        .catch((error: unknown) => {
          if (error instanceof SmsError) {
            log.warn(
              { to, purpose, kind: error.kind, status: error.status, reason: error.message },
              'sms not sent',
            );
          } else {
            // A database error's text can carry the statement's parameters (the code): only
            // its kind is logged.
            const code = (error as { code?: unknown } | null)?.code;
            log.error(
              { to, purpose, code: typeof code === 'string' ? code : 'unknown' },
              'sms not sent',
            );
          }
        })
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    };

    const idle = async () => {
      while (inFlight.size) await Promise.all([...inFlight]);
    };

    app.decorate('sms', { gateway, dispatch, idle } satisfies SmsContext);
    app.addHook('onClose', idle);
  },
  { name: 'sms' },
);

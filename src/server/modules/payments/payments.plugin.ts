import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MOBILE_MONEY_HOLD_MINUTES } from '../../../shared/constants';
import type { AppConfig } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { PaystackProvider } from './paystack-provider';
import { settleBackground } from './background-work';
import type { PaymentsContext } from './payments-context';
import { reconcileOnce } from './reconcile';
import { SandboxProvider } from './sandbox-provider';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsContext;
  }
}

export type PaymentsConfig = AppConfig['payments'];

export const defaultPaymentsConfig: PaymentsConfig = {
  provider: 'sandbox',
  paystackBaseUrl: 'https://api.paystack.co',
  reconcileIntervalSeconds: 0,
};

/**
 * The payment provider chosen by configuration, and the reconciler that asks it about
 * attempts nobody heard back about (declines and timeouts send no webhook).
 */
export const paymentsPlugin = fp<{ config: PaymentsConfig; publicUrl: string }>(
  async (app: FastifyInstance, { config, publicUrl }) => {
    const provider: PaymentProvider =
      config.provider === 'paystack'
        ? new PaystackProvider({
            secretKey: config.paystackSecretKey!,
            baseUrl: config.paystackBaseUrl,
            timeoutMs: config.providerTimeoutMs,
          })
        : new SandboxProvider(app.db, publicUrl);
    const context: PaymentsContext = {
      db: app.db,
      provider,
      publicUrl,
      log: app.log,
      holdSeconds: config.holdSeconds ?? MOBILE_MONEY_HOLD_MINUTES * 60,
      emailDomain: config.emailDomain ?? 'carlink.com.gh',
      background: new Set(),
    };
    app.decorate('payments', context);
    // Webhook work started after its answer finishes before the database closes.
    app.addHook('onClose', () => settleBackground(context));

    // Once per period across all processes (PERF-10); each payment is also leased while asked.
    if (config.reconcileIntervalSeconds > 0)
      app.scheduler.registerJob('payment-reconcile', config.reconcileIntervalSeconds * 1000, () =>
        reconcileOnce(context),
      );
  },
  { name: 'payments', dependencies: ['scheduler'] },
);

import type { FastifyBaseLogger } from 'fastify';
import { maskMsisdn } from '../../../shared/phone';
import type { Executor } from '../../db/client';
import { SmsError, type SmsGateway } from '../sms/sms-gateway';
import {
  claimDueMessages,
  markGivenUp,
  markRetry,
  markSent,
  type ClaimedMessage,
} from './outbox.repository';
import { retryDelaySeconds } from './schedule';
import { REMINDER_KINDS, type TemplateKey } from './templates';

export interface OutboxWorkerOptions {
  /** How often to look for due messages when nobody nudges; 0 = only when nudged or drained. */
  pollMs: number;
  /** How long a claim is this process's; past it another process sends the message. */
  leaseSeconds: number;
  /** Messages claimed (and sent at once) per pass. */
  batchSize?: number;
}

/**
 * Sends the outbox's due messages (MSG-2). One pass at a time per process: claim a batch,
 * hand each to the gateway, write down what happened. Woken by a nudge right after a request
 * that queued something was answered, and by a timer otherwise; any number of processes may
 * run it on one database.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Executor,
    private readonly gateway: SmsGateway,
    private readonly log: FastifyBaseLogger,
    private readonly options: OutboxWorkerOptions,
  ) {}

  start() {
    if (this.options.pollMs > 0 && !this.timer) {
      this.timer = setInterval(() => this.nudge(), this.options.pollMs);
      this.timer.unref();
    }
  }

  /** Look now (or right after the pass under way, which may have missed the new rows). */
  nudge() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.pass();
  }

  /** Sends everything due now, pass after pass, until a pass finds nothing (tests, idle). */
  async drain() {
    for (;;) {
      while (this.running) await this.running;
      if ((await this.pass()) === 0) return;
    }
  }

  /** Stops the timer and waits for the pass under way; what is left stays queued. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }

  private pass(): Promise<number> {
    if (this.running) return this.running.then(() => 0);
    this.again = false;
    const run = this.sendDue()
      .catch((error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        this.log.warn(
          { code: typeof code === 'string' ? code : 'unknown' },
          'sms outbox pass failed',
        );
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) this.nudge();
      });
    this.running = run;
    return run;
  }

  private async sendDue(): Promise<number> {
    const claimed = await claimDueMessages(
      this.db,
      this.options.batchSize ?? 20,
      this.options.leaseSeconds,
    );
    await Promise.all(claimed.map((message) => this.sendOne(message)));
    return claimed.length;
  }

  private async sendOne(message: ClaimedMessage) {
    const to = maskMsisdn(message.recipient);
    const purpose = message.kind;
    if (REMINDER_KINDS.includes(message.kind as TemplateKey) && !message.reminders_on) {
      await markGivenUp(this.db, message.id, message.attempts, 'cancelled', 'Reminders are off');
      return;
    }
    let providerId: string;
    try {
      ({ providerId } = await this.gateway.send({ to: message.recipient, body: message.body }));
    } catch (error) {
      const reason =
        error instanceof SmsError ? error.message : 'The message could not be handed over';
      // A number or text the provider refuses will never go; anything else is tried again.
      const delay =
        error instanceof SmsError && error.kind === 'rejected'
          ? null
          : retryDelaySeconds(message.kind, message.attempts);
      if (error instanceof SmsError) {
        this.log.warn(
          { to, purpose, kind: error.kind, status: error.status, reason, retryInSeconds: delay },
          'sms not sent',
        );
      } else {
        // A database error's text can carry the statement's parameters (a code): only its kind.
        const code = (error as { code?: unknown } | null)?.code;
        this.log.error(
          { to, purpose, code: typeof code === 'string' ? code : 'unknown', retryInSeconds: delay },
          'sms not sent',
        );
      }
      await (
        delay === null
          ? markGivenUp(this.db, message.id, message.attempts, 'failed', reason)
          : markRetry(this.db, message.id, message.attempts, delay, reason)
      ).catch(() => undefined);
      return;
    }
    // Written after the provider answered; if this write fails the lease runs out and the
    // message is sent again: a duplicate, never a loss.
    // The sandbox phone has the message the moment it is stored: it is delivered.
    await markSent(
      this.db,
      message.id,
      message.attempts,
      providerId,
      this.gateway.name === 'sandbox',
    );
    this.log.info({ to, purpose, providerId }, 'sms sent');
  }
}

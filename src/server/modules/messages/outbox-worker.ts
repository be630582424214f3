import type { FastifyBaseLogger } from 'fastify';
import { maskMsisdn } from '../../../shared/phone';
import type { Executor } from '../../db/client';
import { SmsError, type SmsGateway } from '../sms/sms-gateway';
import { isSmsCountry } from '../sms/sms-countries';
import {
  claimDueMessages,
  fanOutStaffAlerts,
  markGivenUp,
  markRetry,
  markSent,
  type ClaimedMessage,
  type SentMessage,
  STAFF_RECIPIENT,
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
  /**
   * How long a nudge waits before its pass, so that the texts of the requests answered
   * meanwhile go in the same pass: under load a pass per request would cost the requests
   * their database and cores (decision 015). A text waits that long at most. 0: at once
   * (a timer of 0 ms, after the nudging request's own work).
   */
  nudgeDelayMs?: number;
  /** Only numbers of these countries are texted (LIMIT-16); others fail without a send. */
  smsCountries?: readonly string[];
}

const DEFAULT_BATCH_SIZE = 20;
const DEFAULT_NUDGE_DELAY_MS = 100;

/**
 * Sends the outbox's due messages (MSG-2). One pass at a time per process: claim a batch,
 * hand each to the gateway, write down what happened (the sent ones in one UPDATE). Woken
 * shortly after a request that queued something was answered, and by a timer otherwise; a
 * full batch is followed by another pass at once. Any number of processes may run it on one
 * database.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  /** A nudge's pass, waiting for its delay to run out. */
  private waiting: NodeJS.Timeout | null = null;
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

  /**
   * Look soon: after the nudge delay, or after the pass under way (which may have missed the
   * new rows) and the delay. Nudges meanwhile join that one pass.
   */
  nudge() {
    if (this.stopped || this.waiting) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.waiting = setTimeout(() => {
      this.waiting = null;
      void this.pass();
    }, this.options.nudgeDelayMs ?? DEFAULT_NUDGE_DELAY_MS);
    this.waiting.unref();
  }

  /** Sends everything due now, pass after pass, until a pass finds nothing (tests, idle). */
  async drain() {
    this.cancelWaiting();
    for (;;) {
      while (this.running) await this.running;
      if ((await this.pass()) === 0) return;
    }
  }

  /** Stops the timers and waits for the pass under way; what is left stays queued. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.cancelWaiting();
    while (this.running) await this.running;
  }

  private cancelWaiting() {
    if (this.waiting) clearTimeout(this.waiting);
    this.waiting = null;
  }

  private pass(): Promise<number> {
    if (this.running) return this.running.then(() => 0);
    this.again = false;
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    const run = this.sendDue(batchSize)
      .catch((error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        this.log.warn(
          { code: typeof code === 'string' ? code : 'unknown' },
          'sms outbox pass failed',
        );
        return 0;
      })
      .then((claimed) => {
        this.running = null;
        if (this.stopped) return claimed;
        // A full batch: more may be due already, so the next pass goes at once.
        if (claimed === batchSize) void this.pass();
        else if (this.again) this.nudge();
        return claimed;
      });
    this.running = run;
    return run;
  }

  private async sendDue(batchSize: number): Promise<number> {
    const claimed = await this.addressStaffAlerts(
      await claimDueMessages(this.db, batchSize, this.options.leaseSeconds),
    );
    const sent = (await Promise.all(claimed.map((message) => this.sendOne(message)))).filter(
      (m): m is SentMessage & { to: string; purpose: string } => m !== null,
    );
    // Written after the provider answered; if this write fails the leases run out and the
    // messages are sent again: duplicates, never a loss.
    await markSent(this.db, sent, this.gateway.name === 'sandbox');
    for (const { to, purpose, providerId } of sent)
      this.log.info({ to, purpose, providerId }, 'sms sent');
    return claimed.length;
  }

  /**
   * A staff alert is queued once, to the staff (MSG-5): the claimed ones go to the first staff
   * account in this pass, and a copy for each of the others is queued due now, for the next
   * pass (asked for here). With no staff account there is nobody to tell: cancelled.
   */
  private async addressStaffAlerts(claimed: ClaimedMessage[]): Promise<ClaimedMessage[]> {
    const alerts = claimed.filter((m) => m.recipient === STAFF_RECIPIENT);
    if (!alerts.length) return claimed;
    const fanned = await fanOutStaffAlerts(this.db, alerts);
    if (fanned.copies > 0) this.again = true;
    const to = new Map(fanned.alerts.map((a) => [a.id, a.recipient]));
    const addressed: ClaimedMessage[] = [];
    for (const message of claimed) {
      if (message.recipient !== STAFF_RECIPIENT) addressed.push(message);
      else if (to.has(message.id)) addressed.push({ ...message, recipient: to.get(message.id)! });
      else
        await markGivenUp(
          this.db,
          message.id,
          message.attempts,
          'cancelled',
          'There is no staff account to tell',
        );
    }
    return addressed;
  }

  /** Hands one message over; the accepted ones are returned to be marked sent together. */
  private async sendOne(
    message: ClaimedMessage,
  ): Promise<(SentMessage & { to: string; purpose: string }) | null> {
    const to = maskMsisdn(message.recipient);
    const purpose = message.kind;
    if (REMINDER_KINDS.includes(message.kind as TemplateKey) && !message.reminders_on) {
      await markGivenUp(this.db, message.id, message.attempts, 'cancelled', 'Reminders are off');
      return null;
    }
    const countries = this.options.smsCountries;
    if (countries && !isSmsCountry(message.recipient, countries)) {
      await markGivenUp(
        this.db,
        message.id,
        message.attempts,
        'failed',
        `Not sent: the number is outside SMS_COUNTRIES (${countries.join(', ')})`,
      );
      return null;
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
      return null;
    }
    return { id: message.id, attempts: message.attempts, providerId, to, purpose };
  }
}

import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxSms } from '../../db/schema/index';
import type { SmsGateway, SmsMessage, SmsReceipt } from './sms-gateway';

/** Newest first; one phone's inbox never needs more than a screenful. */
const INBOX_LIMIT = 50;

interface PendingSend {
  message: SmsMessage;
  resolve(receipt: SmsReceipt): void;
  reject(error: unknown): void;
}

/**
 * The zero-configuration provider: every message lands in the sandbox phone's inbox. The
 * messages handed over in one turn of the event loop (the outbox worker's batch) are stored
 * by one INSERT: a statement per text cost the requests running beside the worker (decision
 * 015).
 */
export class SandboxSmsGateway implements SmsGateway {
  readonly name = 'sandbox' as const;
  private pending: PendingSend[] = [];

  constructor(private readonly db: Executor) {}

  send(message: SmsMessage): Promise<SmsReceipt> {
    return new Promise((resolve, reject) => {
      if (!this.pending.length) setImmediate(() => void this.store());
      this.pending.push({ message, resolve, reject });
    });
  }

  private async store() {
    const batch = this.pending;
    this.pending = [];
    try {
      const rows = await this.db
        .insert(sandboxSms)
        .values(batch.map(({ message }) => ({ recipient: message.to, body: message.body })))
        .returning({ id: sandboxSms.id, recipient: sandboxSms.recipient, body: sandboxSms.body });
      // RETURNING's order is not promised: each send takes a row with its own number and text
      // (equal messages are interchangeable).
      const ids = new Map<string, number[]>();
      for (const row of rows) {
        const key = `${row.recipient}\n${row.body}`;
        ids.set(key, [...(ids.get(key) ?? []), row.id]);
      }
      for (const { message, resolve, reject } of batch) {
        const id = ids.get(`${message.to}\n${message.body}`)?.shift();
        if (id === undefined) reject(new Error('The sandbox did not store the message'));
        else resolve({ providerId: `sandbox-${id}` });
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}

export const listSandboxInbox = (db: Executor, recipient: string) =>
  db
    .select({ to: sandboxSms.recipient, body: sandboxSms.body, createdAt: sandboxSms.createdAt })
    .from(sandboxSms)
    .where(eq(sandboxSms.recipient, recipient))
    .orderBy(desc(sandboxSms.id))
    .limit(INBOX_LIMIT);

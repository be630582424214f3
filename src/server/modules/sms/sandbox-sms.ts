import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxSms } from '../../db/schema/index';
import type { SmsGateway, SmsMessage, SmsReceipt } from './sms-gateway';

/** Newest first; one phone's inbox never needs more than a screenful. */
const INBOX_LIMIT = 50;

/** The zero-configuration provider: every message lands in the sandbox phone's inbox. */
export class SandboxSmsGateway implements SmsGateway {
  readonly name = 'sandbox' as const;

  constructor(private readonly db: Executor) {}

  async send(message: SmsMessage): Promise<SmsReceipt> {
    const [row] = await this.db
      .insert(sandboxSms)
      .values({ recipient: message.to, body: message.body })
      .returning({ id: sandboxSms.id });
    return { providerId: `sandbox-${row!.id}` };
  }
}

export const listSandboxInbox = (db: Executor, recipient: string) =>
  db
    .select({ to: sandboxSms.recipient, body: sandboxSms.body, createdAt: sandboxSms.createdAt })
    .from(sandboxSms)
    .where(eq(sandboxSms.recipient, recipient))
    .orderBy(desc(sandboxSms.id))
    .limit(INBOX_LIMIT);

import { and, desc, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { bookingEvents, bookings, payments, paystackEvents } from '../../db/schema/index';

export type PaymentRow = typeof payments.$inferSelect;

export const insertPayment = async (db: Executor, values: typeof payments.$inferInsert) =>
  (await db.insert(payments).values(values).returning())[0]!;

export const findPaymentByReference = async (db: Executor, reference: string) =>
  (await db.select().from(payments).where(eq(payments.reference, reference)).limit(1))[0];

/** The payment with its booking's owner: the verify route shows a payment only to its renter. */
export const findPaymentWithOwner = async (db: Executor, reference: string) =>
  (
    await db
      .select({ payment: payments, userId: bookings.userId, bookingCode: bookings.bookingCode })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(eq(payments.reference, reference))
      .limit(1)
  )[0];

export const lockPayment = async (db: Executor, reference: string) =>
  (await db.select().from(payments).where(eq(payments.reference, reference)).for('update'))[0];

export const updatePayment = async (
  db: Executor,
  id: number,
  values: Partial<typeof payments.$inferInsert>,
) =>
  (
    await db
      .update(payments)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(payments.id, id))
      .returning()
  )[0]!;

/** A successful attempt given back at once (cash handed back over the counter). */
export const markPaymentRefunded = (db: Executor, id: number) =>
  db
    .update(payments)
    .set({ status: 'refunded', refundedAt: new Date(), updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'success')));

/** Another attempt of the same booking still waiting for the provider? */
export async function hasOtherPendingPayment(db: Executor, bookingId: number, paymentId: number) {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        inArray(payments.status, ['pending', 'unknown']),
        sql`${payments.id} <> ${paymentId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Every charge that paid into a booking and still holds money (the booking's own payment and
 * any change's top-up, BOOK-18), newest first, each with what partial refunds already took
 * back from it (asked for or done): the cancel refunds the rest, a cheaper change takes from
 * them.
 */
export async function findSuccessfulCharges(db: Executor, bookingId: number) {
  const rows = await db
    .select({
      payment: payments,
      refundedPesewas: sql<number>`coalesce((
        select sum(r.amount_pesewas) from payments r
        where r.refund_of = ${payments.reference}
          and r.status in ('refund_pending', 'refunded')), 0)::int`,
    })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'success')))
    .orderBy(desc(payments.id));
  return rows.map((r) => ({ ...r, refundedPesewas: Number(r.refundedPesewas) }));
}

/** What partial refunds took back from one charge, asked for or done (BOOK-18). */
export async function partiallyRefundedPesewas(db: Executor, reference: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payments.amountPesewas}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.refundOf, reference),
        inArray(payments.status, ['refund_pending', 'refunded']),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The partial refunds of a charge still waiting for the provider (BOOK-18). */
export const findOpenPartialRefunds = (db: Executor, reference: string) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.refundOf, reference), eq(payments.status, 'refund_pending')));

/** A change's top-up prompt still waiting for the renter (BOOK-18), or unknown (PAY-23). */
/** A booking's attempts still waiting for the provider's word (pending, unknown). */
export const findOpenAttempts = (db: Executor, bookingId: number) =>
  db
    .select({ reference: payments.reference })
    .from(payments)
    .where(
      and(eq(payments.bookingId, bookingId), inArray(payments.status, ['pending', 'unknown'])),
    );

/**
 * Whether staff sent this prompt for the customer (STAFF-16, STAFF-46): its payment_started
 * event names a staff member.
 */
export async function promptStartedByStaff(db: Executor, bookingId: number, reference: string) {
  const rows = await db
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(
      and(
        eq(bookingEvents.bookingId, bookingId),
        eq(bookingEvents.type, 'payment_started'),
        eq(bookingEvents.actor, 'staff'),
        sql`${bookingEvents.data}->>'reference' = ${reference}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function hasPendingTopUp(db: Executor, bookingId: number) {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.purpose, 'top_up'),
        inArray(payments.status, ['pending', 'unknown']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A booking's payments as its balance needs them (HAND-10). */
export const findPaymentsOf = (db: Executor, bookingId: number) =>
  db
    .select({
      purpose: payments.purpose,
      status: payments.status,
      amountPesewas: payments.amountPesewas,
    })
    .from(payments)
    .where(eq(payments.bookingId, bookingId));

/** The attempt that paid a booking (the one to refund when it is cancelled). */
export const findSuccessfulPayment = async (db: Executor, bookingId: number) =>
  (
    await db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'success')))
      .orderBy(desc(payments.id))
      .limit(1)
  )[0];

/** What the renter's views read of a payment (toApiPayment, the balance of HAND-10). */
export type RenterPaymentFacts = Pick<
  PaymentRow,
  | 'provider'
  | 'reference'
  | 'status'
  | 'network'
  | 'walletMsisdn'
  | 'amountPesewas'
  | 'currency'
  | 'authorizationUrl'
  | 'accessCode'
  | 'flaggedReason'
  | 'gatewayResponse'
  | 'chargeStep'
  | 'displayText'
  | 'purpose'
>;

/** A booking's payments as the renter's views need them. */
export interface RenterPayments {
  /**
   * The latest attempt: a charge the renter approved or is asked to approve (a change's
   * partial refund and cash received at the return, HAND-7 and HAND-11, are no attempt of theirs).
   */
  latest?: RenterPaymentFacts;
  /** Every payment, for the booking's balance (HAND-10). */
  all: RenterPaymentFacts[];
}

const NOT_ATTEMPTS = new Set(['partial_refund', 'late_fee', 'balance']);

/** One booking's payments, oldest first, as the renter's views need them. */
export function renterPaymentsOf(rows: RenterPaymentFacts[]): RenterPayments {
  const entry: RenterPayments = { all: rows };
  for (const row of rows) if (!NOT_ATTEMPTS.has(row.purpose)) entry.latest = row;
  return entry;
}

/**
 * A booking's payments, oldest first, as a JSON array of RenterPaymentFacts (null when it has
 * none): a column of the renter's history, so its page is one statement (PERF-7). The keys
 * are the row's own property names, so the parsed array is used as it is.
 */
export const renterPaymentsJson = (bookingId: SQL | Column) => sql<RenterPaymentFacts[] | null>`(
  select json_agg(json_build_object(
    'provider', p.provider, 'reference', p.reference, 'status', p.status,
    'network', p.network, 'walletMsisdn', p.wallet_msisdn, 'amountPesewas', p.amount_pesewas,
    'currency', p.currency, 'authorizationUrl', p.authorization_url,
    'accessCode', p.access_code, 'flaggedReason', p.flagged_reason,
    'gatewayResponse', p.gateway_response, 'chargeStep', p.charge_step,
    'displayText', p.display_text, 'purpose', p.purpose
  ) order by p.id)
  from ${payments} p where p.booking_id = ${bookingId})`;

/** The payments of some bookings in one query (a booking has a handful). */
export async function findRenterPayments(db: Executor, bookingIds: number[]) {
  const byBooking = new Map<number, RenterPayments>();
  if (!bookingIds.length) return byBooking;
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.bookingId, bookingIds))
    .orderBy(payments.bookingId, payments.id);
  const grouped = new Map<number, PaymentRow[]>();
  for (const row of rows) {
    const list = grouped.get(row.bookingId);
    if (list) list.push(row);
    else grouped.set(row.bookingId, [row]);
  }
  for (const [id, list] of grouped) byBooking.set(id, renterPaymentsOf(list));
  return byBooking;
}

/**
 * BOOK-8: the booking's attempts still waiting for the customer can no longer pay for it (it
 * is cancelled): each reads failed, with why. Returns their references. charge_step
 * 'withdrawn' marks them for the reconciler's watch (claimOpenPayments).
 */
export const closeOpenPayments = (db: Executor, bookingId: number, reason: string) =>
  db
    .update(payments)
    .set({
      status: 'failed',
      chargeStep: WITHDRAWN_STEP,
      gatewayResponse: reason,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['pending', 'unknown'])))
    .returning({ reference: payments.reference });

/**
 * PAY-23: the provider knows the charge of an 'unknown' attempt, so it is pending at the step
 * it is at; only while still unknown, so news applied meanwhile is never undone.
 */
export const markUnknownChargeFound = (
  db: Executor,
  paymentId: number,
  step: string | null,
  displayText: string | null,
) =>
  db
    .update(payments)
    .set({ status: 'pending', chargeStep: step, displayText, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'unknown')));

/** Flags an attempt for staff unless it is flagged already (PAY-23: its outcome unknown). */
export const flagOnce = (db: Executor, paymentId: number, reason: string) =>
  db
    .update(payments)
    .set({ flaggedReason: reason, flaggedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), sql`${payments.flaggedReason} is null`))
    .returning({ id: payments.id });

/** Takes a flag back once the attempt is no longer in the state it was raised for. */
export const clearFlagUnlessStatus = (
  db: Executor,
  reference: string,
  reason: string,
  status: string,
) =>
  db
    .update(payments)
    .set({ flaggedReason: null, flaggedAt: null })
    .where(
      and(
        eq(payments.reference, reference),
        eq(payments.flaggedReason, reason),
        sql`${payments.status} <> ${status}`,
      ),
    );

/** A failed attempt's charge_step when it was closed by its booking's cancel (BOOK-8). */
export const WITHDRAWN_STEP = 'withdrawn';

/**
 * How long the reconciler keeps asking about an attempt closed without the provider's final
 * word (PAY-23): closed by its booking's cancel (a prompt Paystack could not withdraw may still
 * be approved on the phone), abandoned when its hold ran out, or failed at the network by older
 * code; that money must come back even if the webhook is lost. An 'unknown' attempt is asked
 * about until it settles, and given up as never made only after this long. Operators' prompts
 * expire well within this.
 */
export const CLOSED_ATTEMPT_WATCH_MINUTES = 30;

/** What code older than PAY-23 wrote on an attempt whose charge request failed at the network. */
export const LEGACY_NETWORK_FAILURE = 'Could not start the payment';

/**
 * Claims up to `limit` open attempts for this process's reconciler: touching updated_at is a
 * lease, so other processes skip them for `leaseSeconds` (and SKIP LOCKED keeps two claims
 * from waiting on each other). Fresh attempts are left to the renter's own verify polling.
 * Attempts closed by a cancel are watched a while longer (CLOSED_ATTEMPT_WATCH_MINUTES).
 */
export async function claimOpenPayments(
  db: Executor,
  limit: number,
  minAgeSeconds: number,
  leaseSeconds: number,
) {
  return db.execute<{ reference: string; status: string }>(sql`
    update payments set updated_at = now()
    where id in (
      select p.id from payments p
      join bookings b on b.id = p.booking_id
      where (p.status in ('pending', 'refund_pending', 'unknown')
             or (p.created_at > now() - make_interval(mins => ${CLOSED_ATTEMPT_WATCH_MINUTES})
                 and (p.status = 'abandoned'
                      or (p.status = 'failed'
                          and (p.charge_step = 'withdrawn'
                               -- failed at the network by code older than PAY-23
                               or p.gateway_response = ${LEGACY_NETWORK_FAILURE})))))
        -- Cash to hand back at the counter waits for staff, not for a provider.
        and p.provider <> 'cash'
        and p.updated_at < now() - make_interval(secs => ${leaseSeconds})
        and (p.created_at < now() - make_interval(secs => ${minAgeSeconds})
             or b.hold_expires_at < now())
      order by p.updated_at
      limit ${limit}
      for update of p skip locked
    )
    returning reference, status`);
}

/** The flags of a refund only staff can finish (PAY-18): retried, or settled by hand. */
export const REFUNDS_FOR_STAFF = [
  'refund_failed',
  'refund_needs_attention',
  'refund_at_counter',
] as const;

/**
 * A refund of this booking the provider could not complete, or cash to hand back (PAY-18): the
 * one named by `reference` (the row staff acted on), else the newest, a provider's refund
 * before cash, so that 'Retry refund' without a reference never lands on cash.
 */
export const findFailedRefund = async (db: Executor, bookingId: number, reference?: string) =>
  (
    await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, bookingId),
          eq(payments.status, 'refund_pending'),
          inArray(payments.flaggedReason, [...REFUNDS_FOR_STAFF]),
          reference ? eq(payments.reference, reference) : undefined,
        ),
      )
      .orderBy(sql`${payments.provider} = 'cash'`, desc(payments.id))
      .for('update')
      .limit(1)
  )[0];

/**
 * Stores a verified webhook delivery; the same bytes again are the same row (PAY-19).
 * Returns the row's id and whether it still needs processing.
 */
export async function storePaystackEvent(
  db: Executor,
  values: { bodySha256: string; event: string; payload: unknown },
) {
  const rows = rowsOf<{ id: number; processed: boolean }>(
    await db.execute(sql`
      insert into paystack_events (body_sha256, event, payload)
      values (${values.bodySha256}, ${values.event}, ${JSON.stringify(values.payload)}::jsonb)
      on conflict (body_sha256) do update set body_sha256 = excluded.body_sha256
      returning id, processed_at is not null as processed`),
  );
  return rows[0]!;
}

/**
 * Leases one stored event for processing: unprocessed, and not leased by a live process.
 * A process that died mid-way loses its lease, and the event is taken over.
 */
export async function leasePaystackEvent(db: Executor, id: number | null, leaseSeconds = 30) {
  const rows = rowsOf<{ id: number; event: string; payload: Record<string, unknown> }>(
    await db.execute(sql`
      update paystack_events set leased_until = now() + make_interval(secs => ${leaseSeconds}),
        attempts = attempts + 1
      where id = (
        select id from paystack_events
        where processed_at is null
          and (leased_until is null or leased_until < now())
          -- An event that keeps failing is left for a person to look at after 20 tries.
          and attempts < 20
          and (${id}::int is null or id = ${id}::int)
        order by id
        limit 1
        for update skip locked
      )
      returning id, event, payload`),
  );
  return rows[0];
}

export const finishPaystackEvent = (db: Executor, id: number, error: string | null) =>
  db
    .update(paystackEvents)
    .set(
      error === null
        ? { processedAt: new Date(), leasedUntil: null, lastError: null }
        : { lastError: error, leasedUntil: null },
    )
    .where(eq(paystackEvents.id, id));

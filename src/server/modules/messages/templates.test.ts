import { describe, expect, it } from 'vitest';
import { countSmsParts } from './sms-parts';
import {
  accountTemplates,
  ownerTemplates,
  savedSearchTemplates,
  staffTemplates,
  templates,
  type BookingFacts,
  type TemplateKey,
} from './templates';

/** Long but real values: the longest code, a long car name and town, a big amount. */
const facts: BookingFacts = {
  code: 'CL-WXYZ98',
  car: 'Mercedes-Benz GLE 450 Coupe',
  place: 'Sekondi-Takoradi',
  branch: 'Kotoka International Airport',
  pickupTime: '21:00',
  startDate: '2026-12-28',
  endDate: '2027-01-09',
  totalPesewas: 12_345_678_90,
  paymentMethod: 'payOnPickup',
};
const reference = 'CL-WXYZ98-6a1f3c9e2b7d4e80';

const texts: Record<TemplateKey, string> = {
  booking_received: templates.booking_received(facts),
  booking_confirmed: templates.booking_confirmed(facts, reference),
  top_up_received: templates.top_up_received(facts, 9_999_999_99, reference, 9_999_999_99),
  payment_received: templates.payment_received(facts),
  payment_failed: templates.payment_failed(facts),
  hold_expired: templates.hold_expired(facts),
  booking_cancelled: templates.booking_cancelled(facts, true),
  refund_completed: templates.refund_completed(facts),
  booking_completed: templates.booking_completed(facts),
  deposit_settled: templates.deposit_settled(facts, {
    keptPesewas: 1_234_567_89,
    returnedPesewas: 1_234_567_89,
    returnedMethod: 'mobile_money',
    counterPesewas: 1_234_567_89,
  }),
  pickup_reminder: templates.pickup_reminder(facts),
  return_reminder: templates.return_reminder(facts),
  booking_changed: templates.booking_changed(facts, 'change', {
    settle: 'prompt',
    amountPesewas: 1_234_567_89,
  }),
  staff_new_booking: templates.staff_new_booking(facts),
  no_show: templates.no_show(facts),
  staff_no_show: templates.staff_no_show(facts),
  staff_booking_prompt: templates.staff_booking_prompt(facts),
  staff_booking_account: templates.staff_booking_account(facts),
};

describe('SMS templates', () => {
  it.each(Object.entries(texts))(
    '%s names the booking and fits in two GSM-7 parts',
    (_key, text) => {
      expect(text).toContain(facts.code);
      const parts = countSmsParts(text);
      expect(parts.encoding).toBe('GSM-7');
      expect(parts.parts, text).toBeLessThanOrEqual(2);
    },
  );

  it('has one template per message, each tested above', () => {
    expect(Object.keys(texts).sort()).toEqual(Object.keys(templates).sort());
  });

  it('tells a pay-on-pickup renter what to bring, where and when', () => {
    expect(texts.booking_received).toContain('Ghana Card and driving licence');
    expect(texts.booking_received).toContain('at Kotoka International Airport');
    expect(texts.booking_received).toContain('28 Dec 2026 at 21:00');
    expect(texts.booking_received).toContain('GHS 12,345,678.90');
  });

  it('gives the amount and the mobile money reference once paid', () => {
    expect(texts.booking_confirmed).toContain(reference);
    expect(texts.booking_confirmed).toContain('GHS 12,345,678.90');
  });

  it('says where and at what time to pick up, once paid and the day before (MSG-1)', () => {
    expect(texts.booking_confirmed).toContain(
      'at Kotoka International Airport on 28 Dec 2026 at 21:00',
    );
    expect(texts.pickup_reminder).toContain('at 21:00');
  });

  it('says the dates were released when a payment failed or a hold expired', () => {
    for (const text of [texts.payment_failed, texts.hold_expired])
      expect(text).toContain('28 Dec-9 Jan 2027 released');
  });

  it('tells a no-show the booking is cancelled and the dates released (LIMIT-15)', () => {
    expect(texts.no_show).toContain('cancelled and 28 Dec-9 Jan 2027 released');
    expect(texts.staff_no_show).toContain('Kotoka International Airport');
  });

  it('says a refund started only for a paid booking', () => {
    expect(texts.booking_cancelled).toContain('refund');
    expect(templates.booking_cancelled(facts, false)).not.toContain('refund');
  });

  it('says how a change or an extension settles its difference', () => {
    const money = (settle: 'counter' | 'counter_total' | 'prompt' | 'refund' | 'counter_refund') =>
      ({ settle, amountPesewas: 150_00 }) as const;
    expect(templates.booking_changed(facts, 'change', { settle: 'none' })).toBe(
      'CarLink: the change to booking CL-WXYZ98 is confirmed: Mercedes-Benz GLE 450 Coupe, 28 Dec-9 Jan 2027, total GHS 12,345,678.90.',
    );
    expect(templates.booking_changed(facts, 'change', money('counter'))).toContain(
      'Pay the extra GHS 150.00 when you pick up the car.',
    );
    expect(templates.booking_changed(facts, 'extend', money('counter'))).toContain(
      'the extension to booking CL-WXYZ98 is confirmed',
    );
    expect(templates.booking_changed(facts, 'extend', money('counter'))).toContain(
      'when you return the car.',
    );
    expect(templates.booking_changed(facts, 'change', money('prompt'))).toContain(
      'Approve the mobile money prompt for the extra GHS 150.00.',
    );
    expect(templates.booking_changed(facts, 'change', money('refund'))).toContain(
      'GHS 150.00 is being refunded to your wallet.',
    );
    expect(templates.booking_changed(facts, 'change', money('counter_refund'))).toContain(
      'We will hand back GHS 150.00 at the counter.',
    );
    // Nothing paid yet (pay on pickup): the whole new total is due, never "the extra" (BOOK-18).
    expect(templates.booking_changed(facts, 'change', money('counter_total'))).toContain(
      'total GHS 12,345,678.90. Pay the total of GHS 150.00 when you pick up the car.',
    );
    expect(templates.booking_changed(facts, 'change', money('counter_total'))).not.toContain(
      'extra',
    );
    for (const settle of [
      'counter',
      'counter_total',
      'prompt',
      'refund',
      'counter_refund',
    ] as const)
      for (const kind of ['change', 'extend'] as const) {
        const parts = countSmsParts(
          templates.booking_changed(facts, kind, { settle, amountPesewas: 12_345_678_90 }),
        );
        expect(parts.encoding).toBe('GSM-7');
        expect(parts.parts).toBeLessThanOrEqual(2);
      }
  });

  it('tells a customer booked by staff how to sign in, in one part (STAFF-16)', () => {
    expect(texts.staff_booking_account).toContain('"Forgot password"');
    expect(countSmsParts(texts.staff_booking_account).parts).toBe(1);
    expect(texts.staff_booking_prompt).toContain('Approve the mobile money prompt');
  });

  it('tells a customer booked by staff for mobile money where and when to pick up (STAFF-16, MSG-6)', () => {
    expect(texts.staff_booking_prompt).toContain(
      `Pick up at ${facts.branch} on 28 Dec 2026 at ${facts.pickupTime}.`,
    );
  });

  it('tells the renter what happened to the deposit on return (HAND-8)', () => {
    expect(texts.deposit_settled).toContain(
      'kept and GHS 1,234,567.89 is being refunded to your wallet',
    );
    expect(texts.deposit_settled).toContain('Paid at the counter');
    const full = templates.deposit_settled(facts, {
      keptPesewas: 0,
      returnedPesewas: 200_00,
      returnedMethod: 'cash',
      counterPesewas: 0,
    });
    expect(full).toContain('Your deposit of GHS 200.00 was handed back in cash.');
    expect(full).not.toContain('Late fee');
    const kept = templates.deposit_settled(facts, {
      keptPesewas: 200_00,
      returnedPesewas: 0,
      returnedMethod: 'cash',
      counterPesewas: 50_00,
    });
    expect(kept).toContain('Your deposit of GHS 200.00 was kept. Paid at the counter: GHS 50.00.');
  });
});

describe('account texts (DOC-7, MSG-12)', () => {
  // Staff's longest reason (300 characters, DOC-4), with typed punctuation outside GSM-7.
  const longReason =
    `The photo is blurred – the PIN can’t be read. ${'Please take it again in daylight. '.repeat(9)}`.slice(
      0,
      300,
    );

  it.each([
    ['document_verified', accountTemplates.document_verified('driving_licence')],
    ['document_rejected', accountTemplates.document_rejected('driving_licence', longReason)],
    [
      'document_rejected, short reason',
      accountTemplates.document_rejected('ghana_card', 'Blurred'),
    ],
    ['password_changed (ACCT-19)', accountTemplates.password_changed()],
    [
      'conversation_reply (CONV-12)',
      accountTemplates.conversation_reply('https://carlink-ghana.example.com/messages'),
    ],
    ['staff_added (STAFF-38)', staffTemplates.staff_added('branch manager')],
    ['staff_promoted (STAFF-39)', staffTemplates.staff_promoted('branch manager')],
  ])('%s fits in two GSM-7 parts', (_key, text) => {
    const parts = countSmsParts(text);
    expect(parts.encoding).toBe('GSM-7');
    expect(parts.parts, text).toBeLessThanOrEqual(2);
  });

  it('gives the reason, cut only when it must be, and says where to upload a new photo', () => {
    expect(accountTemplates.document_rejected('ghana_card', 'Blurred')).toBe(
      'CarLink: your Ghana Card was not accepted: Blurred. Please upload a new photo on your profile.',
    );
    const cut = accountTemplates.document_rejected('driving_licence', longReason);
    expect(cut).toContain("not accepted: The photo is blurred - the PIN can't be read.");
    expect(cut).toMatch(/\.\.\. Please upload a new photo on your profile\.$/);
  });

  it('tells of a reply with a link and not a word of it (CONV-12)', () => {
    expect(accountTemplates.conversation_reply('https://x.example/messages')).toBe(
      'CarLink: our team has replied to your message. Read it at https://x.example/messages',
    );
  });

  it('has a test above for each account text', () => {
    expect(Object.keys(accountTemplates).sort()).toEqual([
      'conversation_reply',
      'document_rejected',
      'document_verified',
      'password_changed',
    ]);
  });
});

describe("the owner's texts (LIMIT-18)", () => {
  it('fit two GSM-7 parts with the largest budget (MSG-7)', () => {
    const parts = countSmsParts(ownerTemplates.code_budget_alert(1_000_000));
    expect(parts.encoding).toBe('GSM-7');
    expect(parts.parts).toBeLessThanOrEqual(2);
  });
});

describe('the saved-search alert (SAVED-5)', () => {
  // A long link: make, town and dates, as the car list's Save this search keeps them.
  const link =
    'https://carlink.com.gh/available-cars?make=Mercedes-Benz&location=Sekondi-Takoradi&start_date=2026-12-28&end_date=2027-01-09';
  // Every filter the API takes, with long values.
  const longest =
    'https://carlink.com.gh/available-cars?make=Mercedes-Benz&body_type=convertible&location=Sekondi-Takoradi&min_price=1500&max_price=3500&start_date=2026-12-28&end_date=2027-01-09';
  const alert = (search: string, to = link) =>
    savedSearchTemplates.saved_search_alert({
      search,
      car: facts.car,
      place: facts.place,
      startDate: facts.startDate,
      endDate: facts.endDate,
      link: to,
    });

  it('names the car, the dates, the search and the link, in two GSM-7 parts', () => {
    const text = alert('Family trip – “Christmas”');
    expect(text).toContain('"Family trip - "Christmas""');
    expect(text).toContain('Mercedes-Benz GLE 450 Coupe in Sekondi-Takoradi is now free');
    expect(text).toContain(link);
    const parts = countSmsParts(text);
    expect(parts.encoding).toBe('GSM-7');
    expect(parts.parts, text).toBeLessThanOrEqual(2);
  });

  it("leaves out a name that would not fit or would make it UCS-2 (the renter's own text)", () => {
    for (const text of [alert('Road trip 🚗'), alert('x'.repeat(60)), alert('Trip', longest)]) {
      expect(text).not.toContain('saved search "');
      expect(countSmsParts(text)).toMatchObject({ encoding: 'GSM-7' });
      expect(countSmsParts(text).parts).toBeLessThanOrEqual(2);
    }
  });
});

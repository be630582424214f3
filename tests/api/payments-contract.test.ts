import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { PaystackProvider } from '../../src/server/modules/payments/paystack-provider';
import { FakePaystack } from '../support/fake-paystack';
import { contractProblems, eventProblems } from '../support/paystack-contract';

// The real Paystack client against the fake Paystack, both held to Paystack's own description
// of the operations (tests/fixtures/paystack-openapi.json).
const paystack = await new FakePaystack().start();
const client = new PaystackProvider({ secretKey: paystack.secretKey, baseUrl: paystack.url });
afterAll(() => paystack.stop());

let n = 0;
const charge = (network: 'mtn' | 'telecel' | 'airteltigo' = 'mtn') =>
  client.charge({
    reference: `CL-TEST${(n += 1)}-ABCDEFGHJK`,
    amountPesewas: 1200_00,
    currency: 'GHS',
    email: '233244123456@carlink.com.gh',
    network,
    walletMsisdn: '233244123456',
    metadata: { booking_code: 'CL-TEST' },
  });

describe("the client and the fake follow Paystack's description", () => {
  it('every charge step, the voucher, verify with passed-on fees, the card fallback and refunds by id', async () => {
    const start = paystack.calls.length;
    const offline = await charge('mtn');
    expect(offline.step).toBe('pay_offline');
    expect(paystack.get(offline.reference).mobile_money).toEqual({
      phone: '0244123456',
      provider: 'mtn',
    });

    const voucher = await charge('telecel');
    expect(voucher.step).toBe('send_otp');
    expect(paystack.get(voucher.reference).mobile_money?.provider).toBe('vod');
    expect((await client.submitOtp(voucher.reference, '123456')).step).toBe('pending');

    expect((await charge('airteltigo')).step).toBe('pay_offline');
    paystack.nextCharges.push('pending', 'success');
    expect((await charge()).step).toBe('pending');
    paystack.customerFees = 23_40;
    const paid = await charge();
    paystack.customerFees = 0;
    expect(paid.step).toBe('success');
    expect((await client.checkCharge(offline.reference)).step).toBe('pay_offline');

    const verified = await client.verify(paid.reference);
    expect(verified).toMatchObject({
      status: 'success',
      requestedPesewas: 1200_00,
      chargedPesewas: 1223_40,
      currency: 'GHS',
    });
    expect((await client.verify(offline.reference)).status).toBe('ongoing');

    await client.initialize({
      reference: 'CL-CARD1-ABCDEFGHJK',
      amountPesewas: 500_00,
      currency: 'GHS',
      email: 'renter@example.com',
      callbackUrl: 'https://carlink.example/payment/callback',
      metadata: { booking_code: 'CL-CARD1' },
    });

    const refund = await client.refund(paid.reference, 1200_00);
    expect(refund.status).toBe('pending');
    paystack.settleRefund(Number(refund.refundId), 'needs-attention');
    expect(await client.refundStatus(refund.refundId)).toEqual({
      refundId: refund.refundId,
      status: 'needs-attention',
    });

    const calls = paystack.calls.slice(start);
    expect(
      calls.map((c) => `${c.method} ${c.path.replace(/CL-[^/]+/, 'REF').replace(/\d{6,}/, 'ID')}`),
    ).toEqual([
      'POST /charge',
      'POST /charge',
      'POST /charge/submit_otp',
      'POST /charge',
      'POST /charge',
      'POST /charge',
      'GET /charge/REF',
      'GET /transaction/verify/REF',
      'GET /transaction/verify/REF',
      'POST /transaction/initialize',
      'POST /refund',
      'GET /refund/ID',
    ]);
    expect(calls.flatMap(contractProblems)).toEqual([]);
  });

  it('the check fails on a field Paystack does not define, a missing required one, or a wrong answer', () => {
    const problems = contractProblems({
      method: 'POST',
      path: '/charge',
      body: { amount: 100, channels: ['mobile_money'] },
      status: 200,
      response: { status: true, message: 'Charge attempted', data: { status: 'pay_offline' } },
    });
    expect(problems.join('\n')).toMatch(/email/);
    expect(problems.join('\n')).toMatch(/channels|additional/);
    expect(problems.some((p) => p.startsWith('response'))).toBe(true);
    expect(
      contractProblems({
        method: 'GET',
        path: '/refund?transaction=X',
        body: {},
        status: 200,
        response: {},
      }),
    ).toEqual(["GET /refund?transaction=X is not an operation of Paystack's API"]);
  });

  it('webhook payloads have the documented shapes', async () => {
    paystack.nextCharges.push('success');
    const paid = await charge();
    const refund = await client.refund(paid.reference, 1200_00);
    const events = [
      { event: 'charge.success', data: paystack.chargeSuccessEvent(paid.reference) },
      ...(['pending', 'processed', 'failed', 'needs-attention'] as const).map((status) => ({
        event: `refund.${status}`,
        data: paystack.refundEvent(Number(refund.refundId), status),
      })),
    ];
    expect(events.flatMap(eventProblems)).toEqual([]);
    expect(eventProblems({ event: 'refund.failed', data: { status: 'failed' } })).not.toEqual([]);
  });

  // Paystack's own charge.success examples (tests/fixtures/paystack/README.md): the mobile
  // money one has no requested_amount and an `amount` with the passed-on fees, the older one
  // lacks most of verify's fields; both must be accepted as Paystack sends them (PAY-22).
  it.each(['charge-success-mobile-money.json', 'charge-success-transaction-successful.json'])(
    "Paystack's published example %s is a valid charge.success",
    (file) => {
      const example = JSON.parse(
        readFileSync(new URL(`../fixtures/paystack/${file}`, import.meta.url), 'utf8'),
      ) as { event: string; data: unknown };
      expect(eventProblems(example)).toEqual([]);
    },
  );

  it("the fake's charge.success carries exactly the fields of Paystack's mobile money example", async () => {
    paystack.nextCharges.push('success');
    const paid = await charge();
    const example = JSON.parse(
      readFileSync(
        new URL('../fixtures/paystack/charge-success-mobile-money.json', import.meta.url),
        'utf8',
      ),
    ) as { event: string; data: Record<string, unknown> };
    const sent = paystack.chargeSuccessEvent(paid.reference);
    expect(Object.keys(sent).sort()).toEqual(Object.keys(example.data).sort());
    expect(sent).not.toHaveProperty('requested_amount');
    expect(eventProblems({ event: 'charge.success', data: sent })).toEqual([]);
  });
});

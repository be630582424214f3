import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { StaffMember } from '../../src/shared/schemas/staff-accounts';
import { staffAccountMessages } from '../../src/shared/staff-messages';
import { branches, smsOutbox, users } from '../../src/server/db/schema/index';
import { buildUser, insertCar, insertUser } from '../../src/server/db/factories';
import { updateStaffMember } from '../../src/server/modules/staff/staff.staff.service';
import { api, day } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);
const owner = await client.staff({ name: 'Kwame Owner', staffRole: 'owner' });

const branchIds = new Map(
  (await ctx.db.select({ id: branches.id, name: branches.name }).from(branches)).map((b) => [
    b.name,
    b.id,
  ]),
);
const kumasi = branchIds.get('Kumasi office')!;
const eastLegon = branchIds.get('East Legon office')!;
const airport = branchIds.get('Kotoka International Airport')!;

/** A fresh number in the national form, and the same as the database stores it. */
function freshNumber() {
  const national = buildUser().msisdn;
  return { national, stored: `233${national.slice(1)}` };
}

async function addStaff(body: Record<string, unknown>) {
  const res = await owner.post('/api/admin/staff', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { message: string; staff_member: StaffMember };
}

const addAgent = (overrides: Record<string, unknown> = {}) =>
  addStaff({
    msisdn: freshNumber().national,
    name: 'Yaw Agent',
    role: 'agent',
    branch_ids: [kumasi],
    ...overrides,
  });

const textsTo = (stored: string) =>
  ctx.db.select().from(smsOutbox).where(eq(smsOutbox.recipient, stored));

describe('the owner adds staff (STAFF-38)', () => {
  it('adds an agent from any written form of the number, and texts them how to set a password', async () => {
    const number = freshNumber();
    const written = `+233 ${number.national.slice(1, 3)} ${number.national.slice(3, 6)} ${number.national.slice(6)}`;
    const { message, staff_member: member } = await addStaff({
      msisdn: written,
      name: '  Yaw Mensah ',
      role: 'agent',
      branch_ids: [kumasi],
    });
    expect(message).toBe(staffAccountMessages.added('Yaw Mensah'));
    expect(member).toMatchObject({
      name: 'Yaw Mensah',
      msisdn: number.stored,
      role: 'agent',
      branches: [{ id: kumasi, name: 'Kumasi office' }],
      deactivated_at: null,
      last_sign_in_at: null,
    });

    const texts = await textsTo(number.stored);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ kind: 'staff_added', userId: member.id });
    expect(texts[0]!.body).toContain('as a counter agent');
    expect(texts[0]!.body).toContain('choose "Forgot password?" and enter this number');

    const list = (await owner.get('/api/admin/staff')).json().staff as StaffMember[];
    expect(list.find((s) => s.id === member.id)).toEqual(member);
  });

  it('the new account has no password anyone knows until they set one with Forgot password', async () => {
    const number = freshNumber();
    await addAgent({ msisdn: number.national });
    for (const password of ['', 'Secret@123', 'Staff@1234']) {
      const res = await client.post('/api/auth/login', { msisdn: number.national, password });
      expect(res.statusCode).not.toBe(200);
    }
    const forgot = await client.post('/api/auth/password/forgot', { msisdn: number.national });
    expect(forgot.statusCode, forgot.body).toBe(202);
    const reset = await client.post('/api/auth/password/reset', {
      ticket: forgot.json().ticket,
      code: await client.latestSmsCode(number.national),
      password: 'Counter@2026',
      password_confirmation: 'Counter@2026',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const agent = await client.as({ msisdn: number.national, password: 'Counter@2026' });
    const me = (await agent.get('/api/auth/me')).json();
    expect(me.user ?? me).toMatchObject({ role: 'staff', staff_role: 'agent' });
  });

  it('a manager may work at several branches; an owner at all of them without naming any', async () => {
    const manager = await addStaff({
      msisdn: freshNumber().national,
      name: 'Efua Manager',
      role: 'manager',
      branch_ids: [airport, eastLegon, airport],
    });
    expect(manager.staff_member.branches.map((b) => b.id).sort()).toEqual(
      [airport, eastLegon].sort(),
    );
    const second = await addStaff({
      msisdn: freshNumber().national,
      name: 'Kojo Owner',
      role: 'owner',
      branch_ids: [],
    });
    expect(second.staff_member).toMatchObject({ role: 'owner', branches: [] });
  });

  it('refuses bad input with 422 and a message on each field', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        {},
        {
          msisdn: [staffAccountMessages.msisdnRequired],
          name: [staffAccountMessages.nameRequired],
          role: [staffAccountMessages.roleRequired],
          branch_ids: [staffAccountMessages.branchesInvalid],
        },
      ],
      [
        { msisdn: '12345', name: 'Never Made', role: 'agent', branch_ids: [kumasi] },
        { msisdn: [staffAccountMessages.msisdnInvalid] },
      ],
      [
        { msisdn: freshNumber().national, name: 'Yo', role: 'agent', branch_ids: [kumasi] },
        { name: [staffAccountMessages.nameMin] },
      ],
      [
        { msisdn: freshNumber().national, name: 'Never Made', role: 'cleaner', branch_ids: [] },
        { role: [staffAccountMessages.roleRequired] },
      ],
      [
        { msisdn: freshNumber().national, name: 'Never Made', role: 'agent', branch_ids: [] },
        { branch_ids: [staffAccountMessages.branchesRequired] },
      ],
      [
        { msisdn: freshNumber().national, name: 'Ama Owner', role: 'owner', branch_ids: [kumasi] },
        { branch_ids: [staffAccountMessages.ownerHasNoBranches] },
      ],
      [
        { msisdn: freshNumber().national, name: 'Never Made', role: 'agent', branch_ids: [99999] },
        { branch_ids: [staffAccountMessages.branchUnknown] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await owner.post('/api/admin/staff', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    // Nothing was made, nothing was sent.
    const made = await ctx.db.select().from(users).where(eq(users.name, 'Never Made'));
    expect(made).toEqual([]);
  });
});

describe('a number that already has an account (STAFF-39)', () => {
  it('a staff number is refused', async () => {
    const number = freshNumber();
    await addAgent({ msisdn: number.national });
    const again = await owner.post('/api/admin/staff', {
      msisdn: number.stored,
      name: 'Yaw Again',
      role: 'manager',
      branch_ids: [kumasi],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(staffAccountMessages.alreadyStaff);
  });

  it('a customer with bookings is refused: staff and customer accounts stay apart', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    await renter.book(car.id, day(40), day(41));
    const res = await owner.post('/api/admin/staff', {
      msisdn: renter.user.msisdn,
      name: 'Kofi Boateng',
      role: 'agent',
      branch_ids: [kumasi],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(staffAccountMessages.customerWithBookings);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, renter.user.id));
    expect(row).toMatchObject({ role: 'renter', staffRole: null });
  });

  it('an account that never booked becomes staff and keeps its own password', async () => {
    const renter = await insertUser(ctx.db, { name: 'Akua Signup' });
    const { message, staff_member: member } = await addAgent({
      msisdn: renter.msisdn,
      name: 'Akua Boateng',
    });
    expect(member).toMatchObject({ id: renter.id, name: 'Akua Boateng', role: 'agent' });
    expect(message).toBe(staffAccountMessages.promoted('Akua Boateng'));
    const texts = await textsTo(renter.msisdn);
    expect(texts.map((t) => t.kind)).toEqual(['staff_promoted']);
    expect(texts[0]!.body).toContain('your usual CarLink password');
    const agent = await client.as(renter);
    expect((await agent.get('/api/admin/bookings')).statusCode).toBe(200);
  });
});

describe('only the owner manages staff (STAFF-43)', () => {
  it.each(['manager', 'agent'] as const)(
    'a %s gets 403 on every staff account route',
    async (role) => {
      const target = (await addAgent()).staff_member;
      const member = await client.staff({ staffRole: role, branchIds: [kumasi] });
      const attempts = [
        member.get('/api/admin/staff'),
        member.post('/api/admin/staff', {
          msisdn: freshNumber().national,
          name: 'Sneaky Add',
          role: 'owner',
          branch_ids: [],
        }),
        member.patch(`/api/admin/staff/${target.id}`, { role: 'owner', branch_ids: [] }),
        member.post(`/api/admin/staff/${target.id}/deactivate`),
        member.post(`/api/admin/staff/${target.id}/reactivate`),
      ];
      for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(403);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
      expect(row).toMatchObject({ staffRole: 'agent', deactivatedAt: null });
    },
  );
});

describe('changing a staff member (STAFF-40)', () => {
  it('changes name, role and branches; a manager needs a branch, an owner none', async () => {
    const { staff_member: agent } = await addAgent();
    const url = `/api/admin/staff/${agent.id}`;

    const promoted = await owner.patch(url, {
      name: 'Yaw Manager',
      role: 'manager',
      branch_ids: [eastLegon, airport],
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().staff_member).toMatchObject({ name: 'Yaw Manager', role: 'manager' });
    expect(promoted.json().staff_member.branches).toHaveLength(2);

    // The role alone: the branches stay.
    const back = await owner.patch(url, { role: 'agent' });
    expect(back.json().staff_member).toMatchObject({ role: 'agent' });
    expect(back.json().staff_member.branches).toHaveLength(2);

    const noBranch = await owner.patch(url, { branch_ids: [] });
    expect(noBranch.statusCode).toBe(422);
    expect(noBranch.json().errors).toEqual({ branch_ids: [staffAccountMessages.branchesRequired] });

    // Made owner: their branches are dropped (an owner works at every one).
    const madeOwner = await owner.patch(url, { role: 'owner' });
    expect(madeOwner.statusCode, madeOwner.body).toBe(200);
    expect(madeOwner.json().staff_member).toMatchObject({ role: 'owner', branches: [] });

    const ownerToAgent = await owner.patch(url, { role: 'agent' });
    expect(ownerToAgent.statusCode).toBe(422);
    expect(ownerToAgent.json().errors).toEqual({
      branch_ids: [staffAccountMessages.branchesRequired],
    });
  });

  it('a renter or an unknown id is not found', async () => {
    const renter = await insertUser(ctx.db, {});
    for (const id of [renter.id, 999999]) {
      const res = await owner.patch(`/api/admin/staff/${id}`, { name: 'Who Ever' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(staffAccountMessages.notFound);
    }
  });

  it("the change reaches the staff member's next request", async () => {
    const number = freshNumber();
    const row = await insertUser(ctx.db, {
      msisdn: number.national,
      role: 'staff',
      staffRole: 'agent',
      branchIds: [kumasi],
    });
    const agent = await client.as(row);
    await owner.patch(`/api/admin/staff/${row.id}`, { role: 'manager' });
    const me = (await agent.get('/api/auth/me')).json();
    expect(me.user ?? me).toMatchObject({ staff_role: 'manager' });
  });
});

describe('deactivating and reactivating (STAFF-41)', () => {
  it('ends their sessions at once, refuses their sign-in, and reactivation lets them back', async () => {
    const row = await insertUser(ctx.db, {
      role: 'staff',
      staffRole: 'agent',
      branchIds: [kumasi],
    });
    const agent = await client.as(row);
    expect((await agent.get('/api/admin/bookings')).statusCode).toBe(200);

    const off = await owner.post(`/api/admin/staff/${row.id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().staff_member.deactivated_at).toEqual(expect.any(String));
    expect(off.json().message).toBe(staffAccountMessages.deactivated(row.name));

    // The token they hold is refused on the very next request.
    expect((await agent.get('/api/admin/bookings')).statusCode).toBe(401);
    const signIn = await client.post('/api/auth/login', {
      msisdn: row.msisdn,
      password: row.password,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(messages.session.deactivated);

    const twice = await owner.post(`/api/admin/staff/${row.id}/deactivate`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(staffAccountMessages.alreadyDeactivated);

    const on = await owner.post(`/api/admin/staff/${row.id}/reactivate`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().staff_member.deactivated_at).toBeNull();
    // The old session stays ended; a new sign-in works.
    expect((await agent.get('/api/admin/bookings')).statusCode).toBe(401);
    const back = await client.as(row);
    expect((await back.get('/api/admin/bookings')).statusCode).toBe(200);

    const again = await owner.post(`/api/admin/staff/${row.id}/reactivate`);
    expect(again.statusCode).toBe(409);
  });
});

describe('the company always keeps an owner (STAFF-42)', () => {
  it('the owner cannot switch themselves off or change their own role', async () => {
    const self = `/api/admin/staff/${owner.user.id}`;
    const off = await owner.post(`${self}/deactivate`);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(staffAccountMessages.notYourself);
    const demote = await owner.patch(self, { role: 'manager', branch_ids: [kumasi] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(staffAccountMessages.notYourOwnRole);
    // Their own name is theirs to change.
    const renamed = await owner.patch(self, { name: 'Kwame Asante' });
    expect(renamed.statusCode).toBe(200);
    expect((await owner.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('one owner may switch another off, while one stays', async () => {
    const { staff_member: second } = await addStaff({
      msisdn: freshNumber().national,
      name: 'Adwoa Owner',
      role: 'owner',
      branch_ids: [],
    });
    const off = await owner.post(`/api/admin/staff/${second.id}/deactivate`);
    expect(off.statusCode).toBe(200);
  });

  it('an owner switched off meanwhile cannot take the last owner away (two owners at once)', async () => {
    // Owner A demotes owner B while B switches A off: whichever comes second is refused.
    const a = await insertUser(ctx.db, { role: 'staff', staffRole: 'owner' });
    const b = await insertUser(ctx.db, { role: 'staff', staffRole: 'owner' });
    // Every other owner is out of the way, so A and B are the company's only owners.
    const others = await ctx.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.staffRole, 'owner'))
      .returning({ id: users.id });
    await ctx.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, a.id));
    try {
      // B was switched off a moment ago (B's own request was already under way).
      await expect(
        updateStaffMember(ctx.db, b.id, a.id, { role: 'manager', branch_ids: [kumasi] }),
      ).rejects.toMatchObject({
        statusCode: 409,
        message: staffAccountMessages.lastOwner,
      });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, a.id));
      expect(row).toMatchObject({ staffRole: 'owner' });
    } finally {
      for (const { id } of others)
        await ctx.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, id));
    }
  });
});

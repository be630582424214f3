import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { users } from '../../src/server/db/schema/index';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

describe('PATCH /api/auth/me (the profile page)', () => {
  it('refuses a visitor with 401 and changes nothing', async () => {
    const res = await client.patch('/api/auth/me', { name: 'Someone Else' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.session.required);
  });

  it('refuses a revoked token', async () => {
    const renter = await client.renter();
    await renter.post('/api/auth/logout');
    const res = await renter.patch('/api/auth/me', { name: 'Ama Owusu' });
    expect(res.statusCode).toBe(401);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, renter.user.id));
    expect(row!.name).toBe(renter.user.name);
  });

  it("saves the renter's name, email and WhatsApp number, and /me shows them afterwards", async () => {
    const renter = await client.renter({ name: 'Kofi Boateng' });
    const res = await renter.patch('/api/auth/me', {
      name: '  Kofi Mensah-Boateng ',
      email: ' kofi@example.com ',
      whatsapp: '024 412 3456',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: messages.profile.saved,
      user: {
        id: renter.user.id,
        name: 'Kofi Mensah-Boateng',
        msisdn: renter.user.msisdn,
        email: 'kofi@example.com',
        // Stored like the sign-in number (ACCT-8).
        whatsapp: '233244123456',
        role: 'renter',
        staff_role: null,
        phone_verified: true,
        sms_reminders: true,
      },
    });
    const me = await renter.get('/api/auth/me');
    expect(me.json().user).toMatchObject({
      name: 'Kofi Mensah-Boateng',
      email: 'kofi@example.com',
      whatsapp: '233244123456',
    });
  });

  it("turns 'Text me reminders' off and on, and /me shows it", async () => {
    const renter = await client.renter();
    const off = await renter.patch('/api/auth/me', { sms_reminders: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.sms_reminders).toBe(false);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, renter.user.id));
    expect(row!.smsReminders).toBe(false);
    const me = await renter.get('/api/auth/me');
    expect(me.json().user.sms_reminders).toBe(false);
    const on = await renter.patch('/api/auth/me', { sms_reminders: true });
    expect(on.json().user.sms_reminders).toBe(true);
    expect((await renter.patch('/api/auth/me', { sms_reminders: 'no' })).statusCode).toBe(422);
  });

  it('leaves out fields that are not sent, and clears email and WhatsApp with an empty value or null', async () => {
    const renter = await client.renter({ name: 'Esi Quartey', email: 'esi@example.com' });
    await renter.patch('/api/auth/me', { whatsapp: '+233 20 555 1234' });

    const onlyName = await renter.patch('/api/auth/me', { name: 'Esi Quartey-Ansah' });
    expect(onlyName.json().user).toMatchObject({
      name: 'Esi Quartey-Ansah',
      email: 'esi@example.com',
      whatsapp: '233205551234',
    });

    const cleared = await renter.patch('/api/auth/me', { email: '', whatsapp: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().user).toMatchObject({
      name: 'Esi Quartey-Ansah',
      email: null,
      whatsapp: null,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, renter.user.id));
    expect(row).toMatchObject({ email: null, whatsapp: null });
  });

  it('answers 422 with a message for each bad field and saves none of them', async () => {
    const renter = await client.renter({ name: 'Yaw Darko' });
    const res = await renter.patch('/api/auth/me', {
      name: 'Al',
      email: 'not-an-email',
      whatsapp: '024-ABC-1234',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: [messages.register.nameMin],
      email: [messages.profile.emailInvalid],
      whatsapp: [messages.profile.whatsappDigits],
    });
    for (const whatsapp of ['024412345', '2332441234567890']) {
      const wrongLength = await renter.patch('/api/auth/me', { whatsapp });
      expect(wrongLength.json().errors, whatsapp).toEqual({
        whatsapp: [messages.profile.whatsappLength],
      });
    }
    const blankName = await renter.patch('/api/auth/me', { name: '   ' });
    expect(blankName.json().errors).toEqual({ name: [messages.register.nameRequired] });

    const [row] = await ctx.db.select().from(users).where(eq(users.id, renter.user.id));
    expect(row).toMatchObject({ name: 'Yaw Darko', email: null, whatsapp: null });
  });

  it('refuses, by name, a field it does not change, and changes nothing (ACCT-8)', async () => {
    const renter = await client.renter({ name: 'Abena Mensah' });
    const res = await renter.patch('/api/auth/me', {
      name: 'Abena Asante',
      msisdn: '0501234567',
      role: 'staff',
      password: 'Other@1234',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: messages.http.validation,
      errors: {
        msisdn: [messages.account.fieldNotChangeable],
        role: [messages.account.fieldNotChangeable],
        password: [messages.account.fieldNotChangeable],
      },
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, renter.user.id));
    expect(row).toMatchObject({ name: 'Abena Mensah', msisdn: renter.user.msisdn, role: 'renter' });
    // The old password still signs in.
    const login = await client.post('/api/auth/login', {
      msisdn: renter.user.msisdn,
      password: renter.user.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('checks the session before the body: a visitor sending a password gets 401', async () => {
    const res = await client.patch('/api/auth/me', { password: 'Other@1234' });
    expect(res.statusCode).toBe(401);
  });

  it("changes only the signed-in renter's own account", async () => {
    const first = await client.renter({ name: 'Kwame Owusu' });
    const second = await client.renter({ name: 'Akua Owusu' });
    await first.patch('/api/auth/me', { name: 'Kwame Owusu Jnr' });
    const [other] = await ctx.db.select().from(users).where(eq(users.id, second.user.id));
    expect(other!.name).toBe('Akua Owusu');
  });
});

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  ForgotPasswordResponseSchema,
  LoginCodeInputSchema,
  LoginCodeResponseSchema,
  LoginInputSchema,
  LoginResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  PendingSignInResponseSchema,
  PROFILE_FIELDS,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UpdateProfileInputSchema,
  UpdateProfileResponseSchema,
  VerifyPhoneInputSchema,
  VerifyPhoneResponseSchema,
} from '../../../shared/schemas/auth';
import { messages } from '../../../shared/messages';
import { HttpError } from '../../http-errors';
import {
  changePassword,
  finishLogin,
  loginUser,
  logoutEverywhere,
  logoutSession,
  registerUser,
  requestPasswordReset,
  resetPassword,
  sendVerificationCode,
  toPublicUser,
  updateProfile,
  verifyPhone,
} from './auth.service';

/**
 * Per-IP limits are generous on purpose (LIMIT-3): a whole mobile network's customers can
 * share one address behind carrier-grade NAT. The strict limits are per number (LIMIT-1).
 */
const perIpLimit = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });

/** 422 naming each body field that PATCH /api/auth/me does not change (ACCT-8). */
async function refuseUnchangeableFields(request: FastifyRequest) {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const allowed: readonly string[] = PROFILE_FIELDS;
  const refused = Object.keys(body).filter((key) => !allowed.includes(key));
  if (refused.length) {
    throw new HttpError(
      422,
      messages.http.validation,
      Object.fromEntries(refused.map((key) => [key, [messages.account.fieldNotChangeable]])),
    );
  }
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/register', {
    config: perIpLimit(60, '10 minutes'),
    schema: {
      tags: ['auth'],
      summary: 'Create a renter account and sign it in',
      description:
        'Sends a code to the number. A number outside SMS_COUNTRIES: 422. At most ' +
        'SIGNUPS_PER_ADDRESS_PER_HOUR new accounts an hour from one address: 429. Past the ' +
        'company-wide hourly budget of codes: 503 with Retry-After, and no account is made.',
      body: RegisterInputSchema,
      response: {
        201: LoginResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const result = await registerUser(
        app.db,
        request.body,
        app.sms.queue,
        request.ip,
        app.sms.bill,
      );
      return reply.status(201).send(result);
    },
  });

  app.post('/login', {
    config: perIpLimit(300, '15 minutes'),
    schema: {
      tags: ['auth'],
      summary: 'Sign in with phone number and password',
      description:
        "Past the number's limit (30 failures an hour from all addresses) the right password " +
        'answers 202 with a ticket and a code is sent by SMS: POST /api/auth/login/code ' +
        'finishes. A wrong password there still answers 429. A staff account always answers ' +
        "202: step 'code' with method 'sms' (a code went by SMS) or 'totp' (the code of " +
        "their authenticator app), or, before the authenticator is set up, step 'setup' with " +
        'the key as otpauth_uri, secret and a QR code (qr_svg); the first code from the app ' +
        'finishes. A code the company-wide hourly budget cannot pay for: 503 with Retry-After.',
      body: LoginInputSchema,
      response: {
        200: LoginResponseSchema,
        202: PendingSignInResponseSchema,
        401: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
        503: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const result = await loginUser(app.db, request.body, request.ip, app.sms.queue, app.sms.bill);
      // ACCT-17: the right password, but a code must follow.
      if ('step' in result) return reply.status(202).send(result);
      return reply.status(200).send(result);
    },
  });

  app.post('/login/code', {
    config: perIpLimit(60, '10 minutes'),
    schema: {
      tags: ['auth'],
      summary: 'Finish a sign-in with the code sent by SMS or the authenticator code',
      description:
        'The ticket from the 202 of POST /api/auth/login and the code (from the SMS, or a ' +
        "staff member's authenticator app) → the login body. A staff member may give one of " +
        'their recovery codes instead; each works once. After a setup the body also holds ' +
        'recovery_codes, ten, shown this once. A wrong code: 422 on code (five end the ' +
        'ticket); a ticket that is unknown, used, expired or out of tries: 422 on ticket.',
      body: LoginCodeInputSchema,
      response: {
        200: LoginCodeResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    },
    handler: async (request) => finishLogin(app.db, request.body),
  });

  app.post('/logout', {
    preHandler: app.requireUser,
    schema: {
      tags: ['auth'],
      summary: 'Revoke the current access token',
      security: [{ bearerAuth: [] }],
      response: { 200: MessageResponseSchema, 401: ErrorResponseSchema },
    },
    handler: async (request) => {
      await logoutSession(app.db, request.auth!.sessionId);
      return { message: 'Logged out' };
    },
  });

  app.get('/me', {
    preHandler: app.requireUser,
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user',
      security: [{ bearerAuth: [] }],
      response: { 200: MeResponseSchema, 401: ErrorResponseSchema },
    },
    handler: async (request) => ({
      user: toPublicUser(request.auth!.user),
      expires_at: request.auth!.expiresAt.toISOString(),
    }),
  });

  app.patch('/me', {
    // Signed in first (401 before anything about the body), then a field this route does not
    // change is refused by name, never dropped silently (ACCT-8): a client sending `password`
    // here must not believe it changed the password.
    preValidation: [app.requireUser, refuseUnchangeableFields],
    schema: {
      tags: ['auth'],
      summary: "Change the signed-in user's name, email or WhatsApp number",
      description:
        'Fields left out stay as they are; email and whatsapp are cleared with an empty string or null.',
      security: [{ bearerAuth: [] }],
      body: UpdateProfileInputSchema,
      response: {
        200: UpdateProfileResponseSchema,
        401: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => ({
      message: messages.profile.saved,
      user: await updateProfile(app.db, request.auth!.user.id, request.body),
    }),
  });

  app.post('/logout-all', {
    preHandler: app.requireUser,
    schema: {
      tags: ['auth'],
      summary: 'End every session of the signed-in user, this one included',
      security: [{ bearerAuth: [] }],
      response: { 200: MessageResponseSchema, 401: ErrorResponseSchema },
    },
    handler: async (request) => {
      await logoutEverywhere(app.db, request.auth!.user.id);
      return { message: messages.password.loggedOutEverywhere };
    },
  });

  app.post('/phone/send-code', {
    preHandler: app.requireUser,
    config: perIpLimit(60, '10 minutes'),
    schema: {
      tags: ['auth'],
      summary: "Send a new 6-digit code by SMS to the signed-in user's number",
      description:
        'No body. A new code replaces the previous one. At most one code a minute, five an ' +
        'hour and five a day per number; past that, 429 with Retry-After. A number outside ' +
        'SMS_COUNTRIES: 422. Past the company-wide hourly budget of codes: 503 with Retry-After.',
      security: [{ bearerAuth: [] }],
      response: {
        202: MessageResponseSchema,
        401: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
        503: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      await sendVerificationCode(app.db, request.auth!.user, app.sms.queue, app.sms.bill);
      return reply.status(202).send({ message: messages.phone.codeSent });
    },
  });

  app.post('/phone/verify', {
    preHandler: app.requireUser,
    config: perIpLimit(60, '10 minutes'),
    schema: {
      tags: ['auth'],
      summary: "Verify the signed-in user's number with the code sent to it",
      description:
        'A code works once, for 10 minutes; five wrong tries end it. Wrong, used or expired: 422.',
      security: [{ bearerAuth: [] }],
      body: VerifyPhoneInputSchema,
      response: {
        200: VerifyPhoneResponseSchema,
        401: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    },
    handler: async (request) => ({
      user: await verifyPhone(app.db, request.auth!.user, request.body.code),
    }),
  });

  app.post('/password/forgot', {
    config: perIpLimit(30, '10 minutes'),
    schema: {
      tags: ['auth'],
      summary: 'Send a password reset code by SMS',
      description:
        'Always 202 with the same shape (a message and a ticket for this device), whether or ' +
        'not the number has an account, so the answer tells nobody which numbers are ' +
        'registered. Within 60 s of the last request for the number: 429 with Retry-After. ' +
        'A number outside SMS_COUNTRIES: 422.',
      body: ForgotPasswordInputSchema,
      response: {
        202: ForgotPasswordResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const answer = await requestPasswordReset(app.db, request.body, app.sms.queue, app.sms.bill);
      return reply.status(202).send(answer);
    },
  });

  app.post('/password/reset', {
    config: perIpLimit(60, '10 minutes'),
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with the ticket from forgot and the code sent by SMS',
      description:
        "Marks the number verified, ends every session of the account and clears the number's " +
        'sign-in limits. The password follows the register rules. Wrong codes count on the ' +
        'ticket (five end it): 422 on code; an unknown or ended ticket: 422 on ticket.',
      body: ResetPasswordInputSchema,
      response: {
        200: MessageResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      await resetPassword(app.db, request.body, app.sms.queue);
      return { message: messages.password.resetDone };
    },
  });

  app.post('/password/change', {
    preHandler: app.requireUser,
    schema: {
      tags: ['auth'],
      summary: 'Change the password; every other session ends',
      security: [{ bearerAuth: [] }],
      body: ChangePasswordInputSchema,
      response: {
        200: MessageResponseSchema,
        401: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      await changePassword(app.db, request.auth!, request.body, app.sms.queue);
      return { message: messages.password.changed };
    },
  });
};

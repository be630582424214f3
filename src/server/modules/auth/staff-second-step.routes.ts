import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages';
import {
  AuthenticatorSetupSchema,
  ConfirmAuthenticatorResponseSchema,
  SecondStepSchema,
  SetSecondStepInputSchema,
  VerifyPhoneInputSchema,
  type SecondStep,
} from '../../../shared/schemas/auth';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import type { Executor } from '../../db/client';
import { HttpError } from '../../http-errors';
import {
  authenticatorSetup,
  confirmAuthenticator,
  secondStepOf,
  startAuthenticatorSetup,
} from './staff-second-step';
import { countUnusedRecoveryCodes, setMethod } from './staff-second-step.repository';

/**
 * A staff member's own second step, from the console's Security page (ACCT-26): see it,
 * set up a new authenticator (its first code confirms it and gives new recovery codes), or
 * choose between the authenticator and SMS codes. The signed-in staff member's own account
 * only; the session proved both steps already.
 */
async function describe(db: Executor, userId: number): Promise<SecondStep> {
  const second = await secondStepOf(db, userId);
  return {
    method: second.method,
    authenticator_ready: second.authenticatorReady,
    recovery_codes_left: await countUnusedRecoveryCodes(db, userId),
  };
}

export const staffSecondStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const refused = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

  app.get('', {
    preHandler: app.requireStaff,
    schema: {
      tags: ['auth'],
      summary: "The signed-in staff member's second step",
      security,
      response: { 200: SecondStepSchema, ...refused },
    },
    handler: async (request) => describe(app.db, request.auth!.user.id),
  });

  app.put('', {
    preHandler: app.requireStaff,
    schema: {
      tags: ['auth'],
      summary: 'Choose SMS codes or the authenticator app for the second step',
      description: '`totp` only once an authenticator is set up: 422 before.',
      security,
      body: SetSecondStepInputSchema,
      response: { 200: SecondStepSchema, ...refused, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const userId = request.auth!.user.id;
      if (
        request.body.method === 'totp' &&
        !(await secondStepOf(app.db, userId)).authenticatorReady
      ) {
        const message = messages.secondStep.authenticatorNotSetUp;
        throw new HttpError(422, message, { method: [message] });
      }
      await setMethod(app.db, userId, request.body.method);
      return describe(app.db, userId);
    },
  });

  app.post('/authenticator', {
    preHandler: app.requireStaff,
    schema: {
      tags: ['auth'],
      summary: 'Start setting up an authenticator app: a new key as a QR code',
      description:
        'The key waits for its first code (POST …/authenticator/confirm); until then the ' +
        'account keeps its current method and authenticator.',
      security,
      response: { 201: AuthenticatorSetupSchema, ...refused },
    },
    handler: async (request, reply) => {
      const user = request.auth!.user;
      const secret = await startAuthenticatorSetup(app.db, user.id);
      return reply.status(201).send(authenticatorSetup(secret, user.msisdn));
    },
  });

  app.post('/authenticator/confirm', {
    preHandler: app.requireStaff,
    config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    schema: {
      tags: ['auth'],
      summary: 'Confirm the new authenticator with its first code; it becomes the method',
      description:
        'Answers ten new recovery codes, once; the earlier ones stop working. A wrong code: ' +
        '422 on code. No setup waiting: 422 on code too.',
      security,
      body: VerifyPhoneInputSchema,
      response: { 200: ConfirmAuthenticatorResponseSchema, ...refused, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const userId = request.auth!.user.id;
      const codes = await app.db.transaction((tx) =>
        confirmAuthenticator(tx, userId, request.body.code.trim()),
      );
      if (!codes) {
        throw new HttpError(422, messages.phone.codeWrong, { code: [messages.phone.codeWrong] });
      }
      return { ...(await describe(app.db, userId)), recovery_codes: codes };
    },
  });
};

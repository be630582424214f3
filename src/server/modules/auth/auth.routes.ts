import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  LoginInputSchema,
  LoginResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  RegisterInputSchema,
  UpdateProfileInputSchema,
  UpdateProfileResponseSchema,
} from '../../../shared/schemas/auth';
import { messages } from '../../../shared/messages';
import {
  loginUser,
  logoutSession,
  registerUser,
  toPublicUser,
  updateProfile,
} from './auth.service';

/**
 * Per-IP limits are generous on purpose (PRODUCT.md P2.10): a whole mobile network's
 * customers can share one address behind carrier-grade NAT. The strict limit is per number.
 */
const perIpLimit = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/register', {
    config: perIpLimit(60, '10 minutes'),
    schema: {
      tags: ['auth'],
      summary: 'Create a renter account and sign it in',
      body: RegisterInputSchema,
      response: {
        201: LoginResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const result = await registerUser(app.db, request.body);
      return reply.status(201).send(result);
    },
  });

  app.post('/login', {
    config: perIpLimit(300, '15 minutes'),
    schema: {
      tags: ['auth'],
      summary: 'Sign in with phone number and password',
      body: LoginInputSchema,
      response: {
        200: LoginResponseSchema,
        401: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    },
    handler: async (request) => loginUser(app.db, request.body),
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
    preHandler: app.requireUser,
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
};

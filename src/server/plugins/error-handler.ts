import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import { HttpError, isDatabaseUnavailable, isTruncatedMultipart } from '../http-errors';
import { allowedMethodsPlugin, sendMethodNotAllowed } from './allowed-methods';

type FieldErrors = Record<string, string[]>;

/** Groups validation issues by field name, first message first, without duplicates. */
function fieldErrorsOf(
  validation: ReadonlyArray<{ instancePath?: string; params?: unknown; message?: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path = params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const field = path.length ? path.map(String).join('.') : '_';
    const list = (errors[field] ??= []);
    const text = issue.message ?? 'Invalid value';
    if (!list.includes(text)) list.push(text);
  }
  return errors;
}

/**
 * The one place that turns errors into responses: `{ message, errors? }` with a fitting
 * status (API-2, API-3). Nothing internal (stack, SQL, driver text) reaches a client.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // Registered first, so that it sees every route (for 405s and their Allow header).
  await app.register(allowedMethodsPlugin);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A method no route of this path takes fails before the not-found handler when its body
    // cannot be read (QUERY without a content type, say): the method is the answer, not the body.
    if (request.is404) {
      const allowed = app.allowedMethods(request.url.split('?')[0]!);
      if (allowed.length) return sendMethodNotAllowed(reply, allowed);
      // No route has this path at all: what the not-found handler answers a method other
      // than GET there.
      return reply.status(404).send({ message: messages.http.notFound });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names nothing that exists.
      if (error.validationContext === 'params') {
        return reply.status(404).send({ message: messages.http.notFound });
      }
      return reply.status(422).send({
        message: messages.http.validation,
        errors: fieldErrorsOf(error.validation),
      });
    }

    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: messages.http.tooManyRequests });
    }
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: messages.http.tooLarge });
    }
    if (status === 415) {
      return reply.status(415).send({ message: 'Send the request body as JSON.' });
    }
    if (isTruncatedMultipart(error)) {
      return reply.status(400).send({ message: messages.http.incompleteUpload });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, empty body with a JSON content type, bad URL.
      return reply.status(status).send({ message: messages.http.malformed });
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', '2');
      return reply.status(503).send({ message: messages.http.unavailable });
    }

    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({ message: messages.http.internal });
  });
});

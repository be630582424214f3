import type { FastifyError, FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import { HttpError, isDatabaseUnavailable } from '../http-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route answers on this path ('/api/cars/7'): for a 405's Allow header. */
    allowedMethods: (path: string) => string[];
  }
}

type FieldErrors = Record<string, string[]>;

/** A route's URL as a regular expression over request paths: ':name' is one segment, '*' the rest. */
function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

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
  // Every route, as registered (this plugin comes first, so its hook sees them all).
  const routes: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const pattern = routePattern(route.url);
    for (const method of [route.method].flat()) routes.push({ method, pattern });
  });
  app.decorate('allowedMethods', (path: string) => [
    ...new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method)),
  ]);

  app.setErrorHandler((error: FastifyError, request, reply) => {
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

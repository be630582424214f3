import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { OpenAPIV3 } from 'openapi-types';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorResponseSchema } from '../../shared/schemas/common';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * What a multipart/form-data body holds, for the document only: Fastify does not validate
     * multipart bodies, the handler checks each part as it streams it.
     */
    multipartBody?: z.ZodType;
  }
}

/** Methods whose request body Fastify reads (and so may refuse as unreadable, too large or of an unknown type). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The answers the server's cross-cutting parts give, whichever route was asked. */
const COMMON_ANSWERS = {
  400: 'The request could not be read: malformed JSON, or a badly encoded URL.',
  401: 'Not signed in (a missing, unknown, expired or revoked bearer token), wrong sign-in details, or a webhook without a valid signature.',
  403: 'Signed in, but not allowed to do this (staff only).',
  404: 'Not found (a malformed id in the path names nothing, so it is not found either).',
  409: 'Refused in the current state of things; the message says why.',
  413: 'The request body is too large.',
  415: 'The request body is of a media type this operation does not read.',
  422: 'Some fields are invalid: `errors` lists the messages by field.',
  429: 'Too many requests from this address or for this account; wait for Retry-After seconds.',
  500: 'Something unexpected went wrong on the server.',
  503: 'The server is over capacity or its database is not answering; retry after Retry-After seconds.',
} as const;

type Status = keyof typeof COMMON_ANSWERS;

const retryAfter = {
  'Retry-After': { type: 'integer', minimum: 0, description: 'Seconds to wait before retrying.' },
};

const methodsOf = (route: RouteOptions) => [route.method].flat().map((m) => m.toUpperCase());
const declaresBearer = (security: unknown) =>
  Array.isArray(security) &&
  security.some((requirement) => Object.hasOwn(requirement as object, 'bearerAuth'));

/**
 * The statuses an operation can answer besides its own: added here once, from what the route
 * declares (a body, a query, path parameters, the bearer scheme, a rate limit), rather than in
 * every route file. A route's own declaration of a status wins; a bare schema gets the common
 * description.
 */
function withCommonAnswers(schema: Record<string, unknown>, route: RouteOptions) {
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const statuses = new Set<Status>([400, 500, 503]);
  if (declaresBearer(schema.security)) statuses.add(401);
  if (schema.params) statuses.add(404);
  if (schema.body || schema.querystring || schema.multipartBody) statuses.add(422);
  if (methodsOf(route).some((m) => BODY_METHODS.has(m))) {
    statuses.add(413);
    // A route that reads every media type (`consumes: ['*/*']`) never answers 415.
    if (!(schema.consumes as string[] | undefined)?.includes('*/*')) statuses.add(415);
  }
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);

  const response: Record<string, unknown> = {};
  for (const [code, value] of Object.entries(declared)) {
    const description = COMMON_ANSWERS[Number(code) as Status];
    response[code] =
      description && !(value as { content?: unknown }).content
        ? { description, content: { 'application/json': { schema: value } } }
        : value;
  }
  for (const status of statuses) {
    response[status] ??= {
      description: COMMON_ANSWERS[status],
      content: { 'application/json': { schema: ErrorResponseSchema } },
    };
  }
  return response;
}

/** 'GET /api/bookings/{code}/cancel' → 'getBookingsByCodeCancel': stable, unique, readable. */
function operationIdOf(method: string, url: string) {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) => segment.replace(/^:(.+)$/, 'by-$1'))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

export interface OpenApiOptions {
  /** Where the API is served, for the document's `servers`. */
  publicUrl: string;
}

/**
 * The OpenAPI document (/api/docs, /api/openapi.json), built from the routes' zod schemas. It
 * must say what the server enforces: the schemas carry their formats and limits; the answers
 * every route may give are added here; a public operation says so (`security: []`).
 */
export const openApiPlugin = fp<OpenApiOptions>(async (app: FastifyInstance, options) => {
  // Operations whose body schema takes "no body" (a booking action's optional note): the
  // plugin marks every declared body required, so this is undone once the document is built.
  const optionalBodies = new Set<string>();

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CarLink Ghana API',
        description: 'Cars, accounts and bookings for CarLink Ghana. Prices are Ghana cedis.',
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl, description: 'This server' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (document) => {
      const { route } = document;
      // A route without a schema (the web app's files) stays out of the document, as before.
      if (!document.schema) return jsonSchemaTransform(document);
      const { multipartBody, ...schema } = document.schema;
      const source = document.schema as Record<string, unknown>;
      const operationId =
        (schema.operationId as string | undefined) ??
        operationIdOf(methodsOf(route)[0]!, document.url);
      if ((schema.body as z.ZodType | undefined)?.safeParse(undefined).success) {
        optionalBodies.add(operationId);
      }
      const transformed = jsonSchemaTransform({
        ...document,
        schema: {
          ...schema,
          // Multipart bodies are documented from their own schema (see FastifySchema above).
          ...(multipartBody ? { body: multipartBody } : {}),
          response: withCommonAnswers(source, route),
          security: schema.security ?? [],
          operationId,
        },
      });
      const response = (transformed.schema as { response?: Record<string, { headers?: object }> })
        .response;
      for (const status of ['429', '503']) {
        if (response?.[status]) response[status].headers = retryAfter;
      }
      return transformed;
    },
    transformObject: (documentObject) => {
      const { openapiObject } = documentObject as { openapiObject: Partial<OpenAPIV3.Document> };
      for (const operations of Object.values(openapiObject.paths ?? {})) {
        for (const operation of Object.values(operations ?? {})) {
          const { operationId, requestBody } = operation as OpenAPIV3.OperationObject;
          if (operationId && optionalBodies.has(operationId) && requestBody) {
            (requestBody as OpenAPIV3.RequestBodyObject).required = false;
          }
          // A 204 has no body (RFC 9110): the route's `z.null()` says so to the serialiser,
          // and the document says "no content" rather than a JSON null (MSG-8).
          const noContent = (operation as OpenAPIV3.OperationObject).responses?.['204'];
          if (noContent && 'content' in noContent) delete noContent.content;
        }
      }
      return openapiObject;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});

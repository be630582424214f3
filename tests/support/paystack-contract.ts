import { readFileSync } from 'node:fs';
import OpenAPIRequestValidator from 'openapi-request-validator';
import OpenAPIResponseValidator from 'openapi-response-validator';
import type { OpenAPIV3 } from 'openapi-types';
import type { RecordedCall } from './fake-paystack';

/**
 * Paystack's description of the operations the app calls (tests/fixtures/paystack-openapi.json,
 * copied from Paystack's own OpenAPI document): every request the client sends and every
 * answer the fake Paystack gives is checked against it.
 */
export const paystackDocument = JSON.parse(
  readFileSync(new URL('../fixtures/paystack-openapi.json', import.meta.url), 'utf8'),
) as OpenAPIV3.Document;

const templates = Object.keys(paystackDocument.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
  names: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
}));

/** The document's operation for a method and a concrete path, with its path parameters. */
export function operationFor(method: string, path: string) {
  const pathname = path.split('?')[0]!;
  for (const { template, pattern, names } of templates) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const operation = (
      paystackDocument.paths[template] as Record<string, OpenAPIV3.OperationObject>
    )[method.toLowerCase()];
    if (!operation) continue;
    // Path segments are text; a numeric one is read as the number it names (refund ids).
    const params = Object.fromEntries(
      names.map((n, i) => {
        const value = decodeURIComponent(match[i + 1]!);
        return [n, /^\d+$/.test(value) ? Number(value) : value];
      }),
    );
    return { template, operation, params };
  }
  return undefined;
}

/** Problems with one recorded exchange, in words; empty when both sides follow the document. */
export function contractProblems(call: RecordedCall): string[] {
  const found = operationFor(call.method, call.path);
  if (!found) return [`${call.method} ${call.path} is not an operation of Paystack's API`];
  const { template, operation, params } = found;
  const problems: string[] = [];
  const request = new OpenAPIRequestValidator({
    parameters: operation.parameters as OpenAPIV3.ParameterObject[] | undefined,
    requestBody: operation.requestBody as OpenAPIV3.RequestBodyObject | undefined,
  }).validateRequest({
    headers: { 'content-type': 'application/json' },
    body: call.method === 'GET' ? undefined : call.body,
    params,
    query: {},
  }) as { errors?: { path?: string; message: string }[] } | undefined;
  for (const e of request?.errors ?? [])
    problems.push(`request ${call.method} ${template}: ${e.path ?? ''} ${e.message}`);
  const responses = Object.fromEntries(
    Object.entries(operation.responses).map(([code, r]) => [
      code,
      (r as OpenAPIV3.ResponseObject).content?.['application/json'] ?? {},
    ]),
  );
  const response = new OpenAPIResponseValidator({
    responses: responses as never,
    components: paystackDocument.components,
  }).validateResponse(String(call.status), call.response) as
    { errors?: { path?: string; message: string }[] } | undefined;
  for (const e of response?.errors ?? [])
    problems.push(
      `response ${call.status} ${call.method} ${template}: ${e.path ?? ''} ${e.message}`,
    );
  return problems;
}

const eventValidator = (name: string) =>
  new OpenAPIResponseValidator({
    responses: { 200: { schema: { $ref: `#/components/schemas/${name}` } } } as never,
    components: paystackDocument.components,
  });
const chargeSuccess = eventValidator('ChargeSuccessEvent');
const refundEvent = eventValidator('RefundEvent');

/** Problems with a webhook payload against the documented event shapes. */
export function eventProblems(payload: { event: string; data: unknown }): string[] {
  const validator = payload.event === 'charge.success' ? chargeSuccess : refundEvent;
  const result = validator.validateResponse('200', payload) as
    { errors?: { path?: string; message: string }[] } | undefined;
  return (result?.errors ?? []).map((e) => `${payload.event} ${e.path ?? ''} ${e.message}`);
}

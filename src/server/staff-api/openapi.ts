import { ErrorResponseSchema } from '../../shared/schemas/common';

/** OpenAPI bits every admin route shares: its tag, the bearer scheme and the auth errors. */
export const adminDoc = { tags: ['admin'], security: [{ bearerAuth: [] }] };
export const authErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema } as const;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminIdParamsSchema } from '../../../shared/schemas/staff-api';
import { adminMessages } from '../../../shared/staff-messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  DOCUMENT_STATUSES,
  DocumentIdParamsSchema,
  DocumentListResponseSchema,
  documentMessages,
  DocumentReviewResponseSchema,
  PendingDocumentListResponseSchema,
  RejectDocumentInputSchema,
  VerifyDocumentInputSchema,
} from '../../../shared/schemas/documents';
import { HttpError } from '../../http-errors';
import { toCustomerDocument } from './document-mapper';
import { documentsByStatus, documentsOfUser } from './documents.repository';
import { decideDocument } from './documents.service';
import { findRenterId } from '../auth/auth.repository';
import { adminDoc, authErrors } from '../../staff-api/openapi';

const QUEUE_LIMIT = 100;

/**
 * Staff's side of renters' documents (DOC-4, DOC-5): the queue, a customer's documents, verify
 * and reject. The photos are read through GET /api/documents/:documentId/image, which staff may
 * open for any renter. Staff only (staff-api.routes.ts checks it for the whole scope).
 */
export const adminDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/documents', {
    schema: {
      ...adminDoc,
      summary: 'Documents by status (pending by default: oldest upload first), with their renter',
      querystring: z.object({ status: z.enum(DOCUMENT_STATUSES).default('pending') }),
      response: {
        200: PendingDocumentListResponseSchema,
        ...authErrors,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const rows = await documentsByStatus(
        app.db,
        request.query.status,
        QUEUE_LIMIT,
        request.auth!.staff!.branchIds,
      );
      return {
        documents: rows.map((r) => ({
          ...toCustomerDocument(r.document),
          customer: r.customer,
          reviewed_by: r.document.status === 'pending' ? null : r.reviewer,
        })),
      };
    },
  });

  app.get('/customers/:id/documents', {
    schema: {
      ...adminDoc,
      summary: "A customer's documents with where the check stands",
      params: AdminIdParamsSchema,
      response: {
        200: DocumentListResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const customer = await findRenterId(app.db, request.params.id);
      if (!customer) throw new HttpError(404, adminMessages.customerNotFound);
      return { documents: (await documentsOfUser(app.db, customer.id)).map(toCustomerDocument) };
    },
  });

  app.post('/documents/:documentId/verify', {
    schema: {
      ...adminDoc,
      summary:
        'Mark a document verified (409 if the renter replaced the photo since `uploaded_at`)',
      params: DocumentIdParamsSchema,
      body: VerifyDocumentInputSchema,
      response: {
        200: DocumentReviewResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const document = await decideDocument(
        app.db,
        request.params.documentId,
        request.auth!.user.id,
        { status: 'verified', uploadedAt: request.body.uploaded_at },
      );
      return { message: documentMessages.verified, document };
    },
  });

  app.post('/documents/:documentId/reject', {
    schema: {
      ...adminDoc,
      summary: 'Reject a document, with the reason the renter will read',
      params: DocumentIdParamsSchema,
      body: RejectDocumentInputSchema,
      response: {
        200: DocumentReviewResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const document = await decideDocument(
        app.db,
        request.params.documentId,
        request.auth!.user.id,
        {
          status: 'rejected',
          reason: request.body.reason,
          uploadedAt: request.body.uploaded_at,
        },
      );
      return { message: documentMessages.rejected, document };
    },
  });
};

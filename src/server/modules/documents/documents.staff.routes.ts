import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminIdParamsSchema } from '../../../shared/schemas/staff-api';
import { adminMessages } from '../../../shared/staff-messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  DOCUMENT_STATUSES,
  DocumentIdParamsSchema,
  type DeletedDocument,
  type DocumentKind,
  type DocumentStatus,
  StaffCustomerDocumentsResponseSchema,
  documentMessages,
  DocumentReviewResponseSchema,
  HoldDocumentInputSchema,
  PendingDocumentListResponseSchema,
  RejectDocumentInputSchema,
  VerifyDocumentInputSchema,
} from '../../../shared/schemas/documents';
import { HttpError } from '../../http-errors';
import { toCustomerDocument } from './document-mapper';
import {
  deletedDocumentsOfUser,
  documentsByStatus,
  documentsOfUser,
  findDocument,
} from './documents.repository';
import { decideDocument, holdDocument } from './documents.service';
import { findRenterId } from '../auth/auth.repository';
import { adminDoc, authErrors } from '../../staff-api/openapi';

const QUEUE_LIMIT = 100;

/**
 * Staff's side of renters' documents (DOC-4, DOC-5): the queue, a customer's documents, verify
 * and reject, holding one for a dispute (DOC-11). The photos are read through GET /api/documents/:documentId/image, which staff may
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
      summary:
        "A customer's documents with where the check stands, and those deleted (by the retention job, the renter, or closing the account)",
      params: AdminIdParamsSchema,
      response: {
        200: StaffCustomerDocumentsResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const customer = await findRenterId(app.db, request.params.id);
      if (!customer) throw new HttpError(404, adminMessages.customerNotFound);
      return {
        documents: (await documentsOfUser(app.db, customer.id)).map(toCustomerDocument),
        deleted: (await deletedDocumentsOfUser(app.db, customer.id)).map((d) => ({
          kind: d.kind as DocumentKind,
          reason: d.reason as DeletedDocument['reason'],
          status: d.status as DocumentStatus,
          uploaded_at: d.uploadedAt.toISOString(),
          deleted_at: d.deletedAt.toISOString(),
        })),
      };
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

  app.post('/documents/:documentId/hold', {
    schema: {
      ...adminDoc,
      summary:
        'Hold a document for a dispute, with the reason: not deleted (by the retention job, the renter or closing the account) until released',
      params: DocumentIdParamsSchema,
      body: HoldDocumentInputSchema,
      response: {
        200: DocumentReviewResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const document = await holdDocument(app.db, request.params.documentId, {
        reason: request.body.reason,
        staffId: request.auth!.user.id,
      });
      return { message: documentMessages.held, document };
    },
  });

  app.post('/documents/:documentId/release', {
    schema: {
      ...adminDoc,
      summary: 'Release a document held for a dispute: it is deleted on the usual schedule',
      params: DocumentIdParamsSchema,
      response: {
        200: DocumentReviewResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const current = await findDocument(app.db, request.params.documentId);
      if (!current) throw new HttpError(404, documentMessages.notFound);
      if (!current.heldAt) throw new HttpError(409, documentMessages.notHeld);
      const document = await holdDocument(app.db, request.params.documentId, null);
      return { message: documentMessages.released, document };
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

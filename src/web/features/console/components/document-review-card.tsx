import { useId, useState, type ReactNode } from 'react';
import { formatDate } from '../../../../shared/dates';
import { DOCUMENT_KIND_LABELS, DOCUMENT_KIND_NAMES } from '../../../../shared/documents';
import type { CustomerDocument, DocumentStatus } from '../../../../shared/schemas/documents';
import { PrivateImage } from '../../../components/private-image';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/booking-labels';
import { useDecideDocument, useHoldDocument } from '../../../lib/console/documents-api';
import { HoldDocumentDialog } from './hold-document-dialog';
import { RejectDocumentDialog } from './reject-document-dialog';
import './documents.css';

const STATUS: Record<DocumentStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'badge badge-amber' },
  verified: { label: 'Verified', className: 'badge badge-green' },
  rejected: { label: 'Rejected', className: 'badge badge-red' },
};

/**
 * One document for staff (DOC-4): the photo, the details to compare with it, and Verify /
 * Reject (with the reason the renter will read). `owner` names the renter in the queue.
 */
export function DocumentReviewCard({
  document,
  owner,
}: {
  /** `reviewed_by` names who decided, where the list gives it (the queue, DOC-5). */
  document: CustomerDocument & { reviewed_by?: string | null };
  owner?: ReactNode;
}) {
  const headingId = useId();
  const decide = useDecideDocument();
  const [rejecting, setRejecting] = useState(false);
  const hold = useHoldDocument();
  const [holding, setHolding] = useState(false);
  const label = DOCUMENT_KIND_LABELS[document.kind];
  const status = STATUS[document.status];
  const error = decide.error instanceof ApiError ? decide.error.message : null;
  const holdError = hold.error instanceof ApiError ? hold.error : null;
  const holdFieldError = holdError?.errors.reason?.[0];

  return (
    <article className="panel admin-document" aria-labelledby={headingId}>
      <div className="admin-document-head">
        <h3 id={headingId}>{label}</h3>
        <span className={status.className}>{status.label}</span>
      </div>
      {owner}
      <div className="admin-document-body">
        <PrivateImage url={document.image_url} alt={`${label} photo`} />
        <dl className="admin-document-facts">
          {document.ghana_card_pin && (
            <div>
              <dt>PIN</dt>
              <dd>{document.ghana_card_pin}</dd>
            </div>
          )}
          {document.date_of_birth && (
            <div>
              <dt>Date of birth</dt>
              <dd>{formatDate(document.date_of_birth)}</dd>
            </div>
          )}
          {document.licence_number && (
            <div>
              <dt>Licence number</dt>
              <dd>{document.licence_number}</dd>
            </div>
          )}
          {document.licence_expiry && (
            <div>
              <dt>Expires</dt>
              <dd>{formatDate(document.licence_expiry)}</dd>
            </div>
          )}
          <div>
            <dt>Uploaded</dt>
            <dd>{formatDate(document.uploaded_at.slice(0, 10))}</dd>
          </div>
          {document.status !== 'pending' && document.reviewed_at && (
            <div>
              <dt>
                {status.label}
                {document.reviewed_by ? ' by' : ''}
              </dt>
              <dd>
                {document.reviewed_by ? `${document.reviewed_by}, ` : ''}
                {formatDateTime(document.reviewed_at)}
              </dd>
            </div>
          )}
          {document.rejection_reason && (
            <div>
              <dt>Reason</dt>
              <dd>{document.rejection_reason}</dd>
            </div>
          )}
          {document.hold && (
            <div>
              <dt>Held for a dispute</dt>
              <dd>
                {document.hold.reason} ({formatDateTime(document.hold.held_at)})
              </dd>
            </div>
          )}
        </dl>
      </div>
      {error && !rejecting && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {holdError && !holding && (
        <p className="alert alert-error" role="alert">
          {holdError.message}
        </p>
      )}
      <div className="admin-document-actions">
        {document.status !== 'verified' && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={decide.isPending}
            onClick={() =>
              decide.mutate({ id: document.id, uploadedAt: document.uploaded_at, action: 'verify' })
            }
          >
            Verify
          </button>
        )}
        {document.status !== 'rejected' && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={decide.isPending}
            onClick={() => {
              decide.reset();
              setRejecting(true);
            }}
          >
            Reject…
          </button>
        )}
        {/* DOC-11: kept past the retention rule while a dispute is open. */}
        {document.hold ? (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={hold.isPending}
            onClick={() => hold.mutate({ id: document.id, action: 'release' })}
          >
            Release hold
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={hold.isPending}
            onClick={() => {
              hold.reset();
              setHolding(true);
            }}
          >
            Hold for a dispute…
          </button>
        )}
      </div>
      {/* Mounted only while asked, so each opening starts with an empty reason. */}
      {holding && (
        <HoldDocumentDialog
          open
          documentName={DOCUMENT_KIND_NAMES[document.kind]}
          pending={hold.isPending}
          fieldError={holdFieldError}
          serverError={!holdFieldError && holdError ? holdError.message : null}
          onClose={() => setHolding(false)}
          onHold={(reason) =>
            hold.mutate(
              { id: document.id, action: 'hold', reason },
              { onSuccess: () => setHolding(false) },
            )
          }
        />
      )}
      <RejectDocumentDialog
        open={rejecting}
        documentName={DOCUMENT_KIND_NAMES[document.kind]}
        pending={decide.isPending}
        serverError={rejecting ? error : null}
        onClose={() => setRejecting(false)}
        onReject={(reason) =>
          decide.mutate(
            { id: document.id, uploadedAt: document.uploaded_at, action: 'reject', reason },
            { onSuccess: () => setRejecting(false) },
          )
        }
      />
    </article>
  );
}

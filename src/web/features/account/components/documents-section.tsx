import { useId, useState } from 'react';
import { DEFAULT_DOCUMENT_RETENTION_DAYS } from '../../../../shared/account-data';
import { messages } from '../../../../shared/messages';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { useDeleteMyDocuments } from '../api/account-data';
import { formatDate } from '../../../../shared/dates';
import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS } from '../../../../shared/documents';
import type { CustomerDocument, DocumentKind } from '../../../../shared/schemas/documents';
import { PrivateImage } from '../../../components/private-image';
import { Spinner } from '../../../components/spinner';
import { useMyDocuments } from '../api/documents';
import { DocumentStatusBadge } from './document-status';
import { DocumentUploadForm } from './document-upload-form';
import './documents.css';

const PHOTO_NAMES: Record<DocumentKind, string> = {
  ghana_card: 'Ghana Card',
  driving_licence: 'driving licence',
};

function DocumentCard({
  kind,
  document,
}: {
  kind: DocumentKind;
  document: CustomerDocument | undefined;
}) {
  const id = useId();
  const [replacing, setReplacing] = useState(false);
  const label = DOCUMENT_KIND_LABELS[kind];
  // A missing or rejected document needs a new photo: the form is open.
  const formOpen = !document || document.status === 'rejected' || replacing;
  return (
    <article className="document-card" aria-labelledby={`${id}-title`}>
      <div className="document-head">
        <h3 id={`${id}-title`} className="profile-subtitle">
          {label}
        </h3>
        <DocumentStatusBadge status={document?.status ?? null} />
      </div>
      {document?.hold && (
        <p className="alert alert-info document-reason">
          <strong>Kept for a dispute:</strong> {document.hold.reason} It is deleted when the dispute
          is settled.
        </p>
      )}
      {document?.status === 'rejected' && (
        <p className="alert alert-error document-reason">
          <strong>Why it was rejected:</strong> {document.rejection_reason}
        </p>
      )}
      {document && (
        <div className="document-current">
          <PrivateImage url={document.image_url} alt={`Photo of your ${PHOTO_NAMES[kind]}`} />
          <dl className="document-facts">
            {document.ghana_card_pin && (
              <div>
                <dt>PIN</dt>
                <dd className="document-pin">{document.ghana_card_pin}</dd>
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
          </dl>
        </div>
      )}
      {formOpen ? (
        <DocumentUploadForm
          kind={kind}
          current={document}
          onDone={
            document && document.status !== 'rejected' ? () => setReplacing(false) : undefined
          }
        />
      ) : (
        <button
          type="button"
          className="btn btn-outline btn-sm document-replace"
          onClick={() => setReplacing(true)}
        >
          Replace photo<span className="visually-hidden"> of your {PHOTO_NAMES[kind]}</span>
        </button>
      )}
    </article>
  );
}

/** DOC-13: the renter deletes their documents, after saying so. */
function DeleteDocuments({ onDone }: { onDone: (message: string | null) => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMyDocuments();

  function close() {
    setConfirming(false);
    remove.reset();
  }

  return (
    <div className="documents-delete">
      <button
        type="button"
        className="btn btn-danger-outline"
        onClick={() => {
          onDone(null);
          setConfirming(true);
        }}
      >
        Delete my documents
      </button>
      <Dialog
        open={confirming}
        title="Delete your documents?"
        onClose={close}
        closable={!remove.isPending}
      >
        <p>
          The photos and details of your Ghana Card and driving licence are deleted. Before your
          next pickup you will need to upload them again, and our staff will check them again.
        </p>
        {remove.isError && (
          <p className="alert alert-error" role="alert">
            {remove.error instanceof ApiError ? remove.error.message : messages.http.internal}
          </p>
        )}
        <div className="your-data-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={close}
            disabled={remove.isPending}
          >
            Keep them
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: (data) => {
                  onDone(data.message);
                  setConfirming(false);
                },
              })
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete my documents'}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

/**
 * The profile's Documents (DOC-1): a photo of the Ghana Card and of the driving licence before
 * pickup, with where staff's check stands and, when rejected, why.
 */
export function DocumentsSection() {
  const documents = useMyDocuments();
  const [deleted, setDeleted] = useState<string | null>(null);
  let body;
  if (documents.isPending) body = <Spinner label="Loading your documents…" />;
  else if (documents.isError)
    body = (
      <div role="alert">
        <p className="alert alert-error">{documents.error.message}</p>
        <button type="button" className="btn btn-outline" onClick={() => void documents.refetch()}>
          Try again
        </button>
      </div>
    );
  else
    body = (
      <>
        <div className="documents-grid">
          {DOCUMENT_KINDS.map((kind) => (
            <DocumentCard
              key={kind}
              kind={kind}
              document={documents.data.find((d) => d.kind === kind)}
            />
          ))}
        </div>
        <div role="status" className="documents-deleted">
          {deleted && <p className="alert alert-success">{deleted}</p>}
        </div>
        {documents.data.some((d) => !d.hold) && <DeleteDocuments onDone={setDeleted} />}
      </>
    );
  return (
    <section className="card account-panel" aria-labelledby="profile-documents-title">
      <h2 id="profile-documents-title" className="profile-section-title">
        Documents
      </h2>
      <p className="muted">
        Before you pick up a car we need your Ghana Card and your driving licence. Only you and our
        staff can see these photos. They are stored encrypted and deleted{' '}
        {DEFAULT_DOCUMENT_RETENTION_DAYS} days after your last trip.
      </p>
      {body}
    </section>
  );
}

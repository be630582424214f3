import { useId, useState } from 'react';
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

/**
 * The profile's Documents (DOC-1): a photo of the Ghana Card and of the driving licence before
 * pickup, with where staff's check stands and, when rejected, why.
 */
export function DocumentsSection() {
  const documents = useMyDocuments();
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
      <div className="documents-grid">
        {DOCUMENT_KINDS.map((kind) => (
          <DocumentCard
            key={kind}
            kind={kind}
            document={documents.data.find((d) => d.kind === kind)}
          />
        ))}
      </div>
    );
  return (
    <section className="card account-panel" aria-labelledby="profile-documents-title">
      <h2 id="profile-documents-title" className="profile-section-title">
        Documents
      </h2>
      <p className="muted">
        Before you pick up a car we need your Ghana Card and your driving licence. Only you and our
        staff can see these photos.
      </p>
      {body}
    </section>
  );
}

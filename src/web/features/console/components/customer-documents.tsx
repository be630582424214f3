import { DOCUMENT_KIND_LABELS } from '../../../../shared/documents';
import type { DeletedDocument } from '../../../../shared/schemas/documents';
import { formatDateTime } from '../../../lib/booking-labels';
import { useCustomerDocuments } from '../../../lib/console/documents-api';
import { DocumentReviewCard } from './document-review-card';
import { ErrorState, LoadingState } from '../../../components/console/states';
import './documents.css';

const DELETED_BECAUSE: Record<DeletedDocument['reason'], string> = {
  retention: 'deleted on schedule',
  renter: 'deleted by the customer',
  account_closed: 'deleted when the account was closed',
};

/** DOC-12: documents that were on file, and when and why they went. */
function DeletedDocuments({ deleted }: { deleted: DeletedDocument[] }) {
  if (!deleted.length) return null;
  return (
    <>
      <h3 className="admin-documents-deleted-title">Deleted documents</h3>
      <ul className="admin-documents-deleted">
        {deleted.map((d) => (
          <li key={`${d.kind}-${d.deleted_at}`}>
            {DOCUMENT_KIND_LABELS[d.kind]}: uploaded {formatDateTime(d.uploaded_at)},{' '}
            {DELETED_BECAUSE[d.reason]} {formatDateTime(d.deleted_at)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The customer page's documents (DOC-5), each with Verify / Reject and Hold (DOC-11). */
export function CustomerDocuments({ id }: { id: number }) {
  const documents = useCustomerDocuments(id);
  return (
    <section aria-labelledby="customer-documents-heading">
      <h2 id="customer-documents-heading" className="section-title">
        Documents
      </h2>
      {documents.isPending ? (
        <LoadingState label="Loading the documents…" />
      ) : documents.isError ? (
        <ErrorState
          title="Couldn't load the documents"
          error={documents.error}
          onRetry={() => void documents.refetch()}
        />
      ) : (
        <>
          {documents.data.documents.length === 0 ? (
            <p className="muted">No documents on file.</p>
          ) : (
            <div className="admin-documents">
              {documents.data.documents.map((document) => (
                <DocumentReviewCard key={document.id} document={document} />
              ))}
            </div>
          )}
          <DeletedDocuments deleted={documents.data.deleted ?? []} />
        </>
      )}
    </section>
  );
}

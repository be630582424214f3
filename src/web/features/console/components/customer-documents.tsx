import { useCustomerDocuments } from '../../../lib/console/documents-api';
import { DocumentReviewCard } from './document-review-card';
import { ErrorState, LoadingState } from '../../../components/console/states';
import './documents.css';

/** The customer page's documents (DOC-5), each with Verify / Reject. */
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
      ) : documents.data.documents.length === 0 ? (
        <p className="muted">No documents uploaded yet.</p>
      ) : (
        <div className="admin-documents">
          {documents.data.documents.map((document) => (
            <DocumentReviewCard key={document.id} document={document} />
          ))}
        </div>
      )}
    </section>
  );
}

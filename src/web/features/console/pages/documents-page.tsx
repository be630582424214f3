import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { DOCUMENT_STATUSES } from '../../../../shared/documents';
import type { DocumentStatus } from '../../../../shared/schemas/documents';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminPaths } from '../../../config/admin-paths';
import { useDashboard } from '../../../lib/console/console-queries';
import { useDocumentQueue } from '../../../lib/console/documents-api';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { DocumentReviewCard } from '../components/document-review-card';
import { EmptyState, ErrorState, LoadingState } from '../../../components/console/states';
import '../components/documents.css';

const TABS: Record<DocumentStatus, string> = {
  pending: 'Waiting',
  rejected: 'Rejected',
  verified: 'Verified',
};

/**
 * The Documents badge (DOC-8) comes with the dashboard, which may have loaded before more
 * renters uploaded: when the waiting queue on screen shows another number, the dashboard is
 * asked again, once per answer of the queue, so the badge never contradicts the page.
 */
function useBadgeAgreesWithQueue(waiting: number | undefined, queueUpdatedAt: number) {
  const dashboard = useDashboard();
  const checked = useRef(0);
  const counted = dashboard.data?.documents_waiting;
  useEffect(() => {
    if (waiting === undefined || counted === undefined || checked.current === queueUpdatedAt)
      return;
    checked.current = queueUpdatedAt;
    if (counted !== waiting) void dashboard.refetch();
  }, [waiting, counted, queueUpdatedAt, dashboard]);
}

/** Documents waiting for a check (DOC-5), oldest upload first; the other statuses a tab away. */
export function DocumentsPage() {
  usePageTitle('Documents · Staff');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: DocumentStatus = (DOCUMENT_STATUSES as readonly string[]).includes(raw ?? '')
    ? (raw as DocumentStatus)
    : 'pending';
  const queue = useDocumentQueue(status);
  useBadgeAgreesWithQueue(
    status === 'pending' ? queue.data?.documents.length : undefined,
    queue.dataUpdatedAt,
  );

  return (
    <>
      <AdminPageHeader
        title="Documents"
        lead="Compare each photo with its details, then verify it or say what to fix."
      />
      <div className="admin-tabs" role="group" aria-label="Show documents">
        {DOCUMENT_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={s === status ? 'btn btn-primary btn-sm' : 'btn btn-outline btn-sm'}
            aria-pressed={s === status}
            onClick={() => setParams(s === 'pending' ? {} : { status: s })}
          >
            {TABS[s]}
          </button>
        ))}
      </div>
      {queue.isPending ? (
        <LoadingState label="Loading the documents…" />
      ) : queue.isError ? (
        <ErrorState
          title="Couldn't load the documents"
          error={queue.error}
          onRetry={() => void queue.refetch()}
        />
      ) : queue.data.documents.length === 0 ? (
        <EmptyState
          title={
            status === 'pending'
              ? 'No documents waiting'
              : `No ${TABS[status].toLowerCase()} documents`
          }
        />
      ) : (
        <div className="admin-documents">
          {queue.data.documents.map((document) => (
            <DocumentReviewCard
              key={document.id}
              document={document}
              owner={
                <p className="admin-document-owner">
                  <Link to={adminPaths.adminCustomer.getHref(document.customer.id)}>
                    {document.customer.name}
                  </Link>
                </p>
              }
            />
          ))}
        </div>
      )}
    </>
  );
}

import type { DocumentStatus } from '../../../../shared/schemas/documents';

const LOOK: Record<DocumentStatus, { label: string; className: string }> = {
  pending: { label: 'Pending check', className: 'badge badge-amber' },
  verified: { label: 'Verified', className: 'badge badge-green' },
  rejected: { label: 'Rejected', className: 'badge badge-red' },
};

/** Where staff's check of a document stands (DOC-1), in words, not colour alone. */
export function DocumentStatusBadge({ status }: { status: DocumentStatus | null }) {
  if (!status) return <span className="badge badge-grey">Not uploaded</span>;
  const look = LOOK[status];
  return <span className={look.className}>{look.label}</span>;
}

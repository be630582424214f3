import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { useFailedSms } from '../../../lib/console/sms-api';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { SmsList } from '../../../components/console/sms-log';
import { ErrorState, LoadingState } from '../../../components/console/states';

/**
 * /admin/sms: text messages that could not be sent or were not delivered (MSG-10, MSG-13),
 * newest first, with Resend.
 */
export function SmsFailedPage() {
  usePageTitle('SMS log · Staff');
  // Keyset pages: the ids each page started before, so 'Newer' can step back.
  const [pages, setPages] = useState<(number | null)[]>([null]);
  const before = pages[pages.length - 1]!;
  const failed = useFailedSms(before);
  return (
    <>
      <AdminPageHeader
        title="SMS log"
        lead="Text messages that could not be sent after every retry, or that the network reported as not delivered. Resend one once the number or the provider is fixed."
      />
      <section className="panel" aria-labelledby="failed-sms-heading">
        <div className="panel-head">
          <h2 id="failed-sms-heading">Failed messages</h2>
        </div>
        {failed.isPending ? (
          <LoadingState label="Loading failed messages…" />
        ) : failed.isError ? (
          <ErrorState
            title="Couldn't load the failed messages"
            error={failed.error}
            onRetry={() => void failed.refetch()}
          />
        ) : (
          <>
            <SmsList
              messages={failed.data.messages}
              showBooking
              empty="No text message has failed. Every text was sent or is on its way."
            />
            <div className="sms-log-pager">
              {pages.length > 1 && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setPages((p) => p.slice(0, -1))}
                >
                  Newer
                </button>
              )}
              {failed.data.next_before !== null && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setPages((p) => [...p, failed.data.next_before])}
                >
                  Older
                </button>
              )}
            </div>
          </>
        )}
      </section>
    </>
  );
}

import type { ReactNode } from 'react';
import { formatMsisdn, normalizeMsisdn } from '../../../../shared/phone';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { isSandboxOff, useSandboxInbox } from '../../../lib/sandbox-phone';
import './sandbox-phone.css';

/** How often the inbox asks for new messages: a code should show up while the tester waits. */
const REFRESH_MS = 3000;

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Accra',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * RUN-12: what the sandbox SMS provider "sent" to one number, newest first, refreshed every
 * few seconds. A 404 means the server sends real text messages, so there is nothing to show.
 */
export function SandboxPhoneInbox({
  msisdn,
  prompts,
}: {
  msisdn: string;
  /** What pops up on the screen above the texts: the mobile money prompts (RUN-13). */
  prompts?: ReactNode;
}) {
  const inbox = useSandboxInbox(msisdn, { refreshMs: REFRESH_MS });
  const shownNumber = formatMsisdn(normalizeMsisdn(msisdn));

  let body;
  if (inbox.isPending) {
    body = (
      <div className="sandbox-phone-state">
        <Spinner label="Loading messages…" />
      </div>
    );
  } else if (inbox.isError) {
    body = isSandboxOff(inbox.error) ? (
      <div className="sandbox-phone-state" role="alert">
        <p className="sandbox-phone-state-title">The sandbox phone is off</p>
        <p>
          This server sends real text messages, so there is no test inbox to read. Check the phone
          itself.
        </p>
      </div>
    ) : (
      <div className="sandbox-phone-state" role="alert">
        <p className="sandbox-phone-state-title">Couldn't read this phone</p>
        <p>
          {inbox.error instanceof ApiError
            ? (inbox.error.errors.to?.[0] ?? inbox.error.message)
            : inbox.error.message}
        </p>
      </div>
    );
  } else if (inbox.data.messages.length === 0) {
    body = (
      <div className="sandbox-phone-state">
        <p className="sandbox-phone-state-title">No messages yet</p>
        <p>New text messages to this number show up here by themselves.</p>
      </div>
    );
  } else {
    body = (
      <ol
        className="sandbox-phone-messages"
        aria-label={`Messages to ${shownNumber}, newest first`}
      >
        {inbox.data.messages.map((message) => (
          <li key={`${message.created_at}-${message.body}`} className="sandbox-phone-message">
            <p className="sandbox-phone-meta">
              <span>
                From <strong>CarLink</strong> to {formatMsisdn(message.to)}
              </span>
              <time dateTime={message.created_at}>
                {timeFormat.format(new Date(message.created_at))}
              </time>
            </p>
            <p className="sandbox-phone-body">{message.body}</p>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section className="sandbox-phone" aria-labelledby="sandbox-phone-number">
      <header className="sandbox-phone-top">
        <span className="sandbox-phone-badge">Test phone</span>
        <h2 id="sandbox-phone-number" className="sandbox-phone-number">
          {shownNumber}
        </h2>
        <p className="sandbox-phone-refresh">
          {inbox.isFetching && !inbox.isPending
            ? 'Checking for messages…'
            : 'Updates every few seconds'}
        </p>
      </header>
      <div className="sandbox-phone-screen">
        {prompts}
        {body}
      </div>
    </section>
  );
}

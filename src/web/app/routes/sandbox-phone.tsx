import { useState, type FormEvent } from 'react';
import { useSearchParams } from '../../lib/router';
import { SandboxPhoneInbox } from '../../features/auth/components/sandbox-phone-inbox';
import { SandboxPhonePrompts } from '../../features/bookings/components/sandbox-phone-prompts';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /sandbox/phone?msisdn=… (RUN-12, ROUTE-9): the test phone that receives what the sandbox
 * SMS provider sends, so a tester can read a code without a real phone, and the mobile money
 * prompts the sandbox payment provider sends to it as a wallet (RUN-13). The number is in the
 * URL, so the code form's link opens the right inbox.
 */
export default function SandboxPhonePage() {
  usePageTitle('Sandbox phone');
  const [searchParams, setSearchParams] = useSearchParams();
  const msisdn = searchParams.get('msisdn')?.trim() ?? '';
  const [typed, setTyped] = useState(msisdn);

  function show(event: FormEvent) {
    event.preventDefault();
    const next = typed.trim();
    setSearchParams(next ? { msisdn: next } : {}, { replace: true });
  }

  return (
    <div className="container sandbox-phone-page">
      <header className="sandbox-phone-intro">
        <h1>Sandbox phone</h1>
        <p className="muted">
          A test phone for trying the site: while it runs with the sandbox providers, no real text
          message or mobile money prompt is sent and every one appears here instead, newest first.
        </p>
      </header>
      <form className="sandbox-phone-lookup" onSubmit={show}>
        <div className="field">
          <label htmlFor="sandbox-msisdn">Phone number</label>
          <input
            id="sandbox-msisdn"
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            placeholder="024 412 3456"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Show messages
        </button>
      </form>
      {msisdn && (
        <SandboxPhoneInbox
          key={msisdn}
          msisdn={msisdn}
          prompts={<SandboxPhonePrompts wallet={msisdn} />}
        />
      )}
    </div>
  );
}

import { useId, useState } from 'react';
import './second-step.css';

/**
 * The ten recovery codes, shown once (ACCT-25): copy them, download them as a text file, and
 * say they are saved before going on.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'Continue',
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const checkId = useId();
  const text = `CarLink Ghana staff recovery codes\nEach works once, in place of a code from your authenticator app.\n\n${codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('Copied.');
    } catch {
      setCopied('Could not copy: select the codes and copy them, or download them.');
    }
  }

  return (
    <div className="recovery-codes">
      <p>
        If your phone is lost, each of these codes signs you in once instead of a code from the app.
        Keep them somewhere safe: they are shown only now.
      </p>
      <ol className="recovery-codes-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes-actions">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()}>
          Copy codes
        </button>
        <a className="btn btn-outline btn-sm" href={download} download="carlink-recovery-codes.txt">
          Download codes
        </a>
        <span className="muted" role="status">
          {copied}
        </span>
      </div>
      <div className="field field-check">
        <label className="check" htmlFor={checkId}>
          <input
            id={checkId}
            type="checkbox"
            checked={saved}
            onChange={(event) => setSaved(event.target.checked)}
          />
          <span>I have saved them</span>
        </label>
      </div>
      <button type="button" className="btn btn-primary" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}

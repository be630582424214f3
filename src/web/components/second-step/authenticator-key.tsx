import type { AuthenticatorSetup } from '../../../shared/schemas/auth';
import './second-step.css';

/** The key in groups of four, as authenticator apps ask for it when typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * An authenticator's key (ACCT-24): the QR code the server drew, and the same key written
 * out for a phone that cannot scan it.
 */
export function AuthenticatorKey({ setup }: { setup: AuthenticatorSetup }) {
  return (
    <div className="authenticator-key">
      <img
        className="authenticator-qr"
        src={setup.qr_svg}
        width={184}
        height={184}
        alt="QR code that adds your CarLink Ghana staff account to an authenticator app"
      />
      <p className="authenticator-manual">
        Can’t scan it? In the app, choose to enter a key and type:
        <code className="authenticator-secret">{grouped(setup.secret)}</code>
        <span className="muted">Time-based, 6 digits.</span>
      </p>
    </div>
  );
}

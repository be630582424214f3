import { useState, type ReactNode } from 'react';

/** Six random digits, as the *110# menu gives (the sandbox accepts any six digits). */
function newVoucher(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(n! % 1_000_000).padStart(6, '0');
}

/**
 * Telecel Cash's voucher step as the sandbox phone plays it: the renter generates a voucher
 * here and types it in the CarLink payment window. One panel for the payment's own sandbox
 * page and for the sandbox phone's list of prompts; `after` says what happens next on each.
 */
export function SandboxVoucher({ after, footer }: { after?: string; footer?: ReactNode }) {
  const [voucher, setVoucher] = useState<string | null>(null);
  return (
    <div className="phone-voucher">
      <p>
        Telecel Cash asks for a voucher: on a real phone you dial <strong>*110#</strong>. Here,
        generate one and type it in the CarLink payment window{after ? `; ${after}` : ''}.
      </p>
      {voucher ? (
        <p className="phone-voucher-code" role="status">
          Your voucher: <strong>{voucher}</strong>
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => setVoucher(newVoucher())}
        >
          Generate voucher
        </button>
      )}
      {footer}
    </div>
  );
}

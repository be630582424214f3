import { normalizeMsisdn } from '../../../../shared/phone';

/**
 * The ticket `forgot` gave this browser (ACCT-13, ACCT-16), kept for this tab only: the
 * reset page sends it with the code, and a reset page opened elsewhere has none.
 */
const KEY = 'resetTicket';

interface KeptTicket {
  msisdn: string;
  ticket: string;
}

export function keepResetTicket(msisdn: string, ticket: string) {
  try {
    window.sessionStorage.setItem(
      KEY,
      JSON.stringify({ msisdn: normalizeMsisdn(msisdn), ticket } satisfies KeptTicket),
    );
  } catch {
    /* storage unavailable: the reset page will offer a new code */
  }
}

/** The kept ticket if it was asked for this number, else null. */
export function resetTicketFor(msisdn: string): string | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as KeptTicket | null;
    return kept && kept.msisdn === normalizeMsisdn(msisdn) && typeof kept.ticket === 'string'
      ? kept.ticket
      : null;
  } catch {
    return null;
  }
}

export function forgetResetTicket() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to remove */
  }
}

/**
 * What the app needs from an SMS provider (RUN-10): send one text to one number. Two
 * implementations: the sandbox (zero configuration; stores the message for the sandbox
 * phone) and Arkesel (real). Callers never see which one they have.
 */
export interface SmsGateway {
  readonly name: 'sandbox' | 'arkesel';
  /** Resolves when the provider accepted the message; rejects with SmsError otherwise. */
  send(message: SmsMessage): Promise<SmsReceipt>;
}

export interface SmsMessage {
  /** E.164 digits without '+', as stored ('233244123456'). */
  to: string;
  body: string;
}

export interface SmsReceipt {
  /** The provider's id for the message, for delivery reports later. */
  providerId: string;
}

/**
 * The provider refused the message or could not be reached. `kind` says what to do about
 * it: 'config' (the key or sender id is wrong: staff must act), 'rejected' (this message or
 * number will never go), 'unavailable' (try again later).
 */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly kind: 'config' | 'rejected' | 'unavailable',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

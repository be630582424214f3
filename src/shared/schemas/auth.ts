import { z } from 'zod';
import { STAFF_ROLES, USER_ROLES } from '../constants';
import { messages } from '../messages';
import { requiredText } from './common';

const login = messages.login;
const register = messages.register;

/**
 * A phone number as people write it: digits, with spaces, dashes, dots or brackets around
 * them and one '+' before the first digit (what stripPhoneFormatting removes). Patterns rather
 * than checks in code, so that the OpenAPI document states the same rules (each written so
 * that a text matches one way only: no slow backtracking on a long hostile value).
 */
const PHONE_CHARACTERS = /^[\s().-]*(?:\+[\s().-]*)?\d[\d\s().-]*$/;
/** At least `min` (and at most `max`) digits, whatever is written around them. */
const digitsBetween = (min: number, max?: number) =>
  new RegExp(`^\\D*(?:\\d\\D*){${min},${max ?? ''}}$`);

/**
 * VAL-2's login rules. Spaces, dashes and a leading '+' are allowed around the digits
 * (ACCT-1: '+233 24 412 3456' is a valid way to write the same number).
 */
export const LoginInputSchema = z.object({
  msisdn: requiredText(login.msisdnRequired)
    .regex(PHONE_CHARACTERS, { error: login.msisdnDigits, abort: true })
    .regex(digitsBetween(10), { error: login.msisdnMin }),
  password: z
    .string({ error: login.passwordRequired })
    .min(1, { error: login.passwordRequired, abort: true })
    .min(6, { error: login.passwordMin })
    .max(200, { error: 'Password is too long' }),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** The login form adds the 'remember' checkbox (PAGE-2), which never leaves the browser. */
export const LoginFormSchema = LoginInputSchema.extend({ remember: z.boolean().optional() });
export type LoginFormValues = z.infer<typeof LoginFormSchema>;

const PASSWORD_COMPLEXITY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*])/;

const registerShape = {
  name: requiredText(register.nameRequired)
    .min(3, { error: register.nameMin })
    .max(100, { error: 'Name must be 100 characters or less' }),
  msisdn: requiredText(register.msisdnRequired)
    .regex(PHONE_CHARACTERS, { error: register.msisdnDigits, abort: true })
    .regex(digitsBetween(10), { error: register.msisdnMin, abort: true })
    .regex(digitsBetween(0, 15), { error: register.msisdnMax }),
  password: z
    .string({ error: register.passwordRequired })
    .min(1, { error: register.passwordRequired, abort: true })
    .min(8, { error: register.passwordMin, abort: true })
    .max(200, { error: 'Password is too long' })
    .regex(PASSWORD_COMPLEXITY, { error: register.passwordComplexity }),
};

/** What the server takes (ACCT-2: confirmation and policy are not sent). */
export const RegisterInputSchema = z.object(registerShape);
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

/** What the register form checks: the same rules plus confirmation and policy. */
export const RegisterFormSchema = z
  .object({
    ...registerShape,
    password_confirmation: z
      .string({ error: register.confirmRequired })
      .min(1, { error: register.confirmRequired }),
    acceptPolicy: z.boolean().refine((v) => v, { error: register.acceptPolicy }),
  })
  .refine((v) => v.password_confirmation === '' || v.password === v.password_confirmation, {
    error: register.confirmMatch,
    path: ['password_confirmation'],
    // Check the match as soon as both passwords are text, not only once every field is valid.
    when: (payload) => {
      const value = payload.value as { password?: unknown; password_confirmation?: unknown };
      return typeof value.password === 'string' && typeof value.password_confirmation === 'string';
    },
  });
export type RegisterFormValues = z.infer<typeof RegisterFormSchema>;

export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  msisdn: z.string(),
  email: z.string().nullable(),
  whatsapp: z.string().nullable(),
  role: z.enum(USER_ROLES),
  /** A staff account's role (ROLE-1), which the console shows itself by; null for a renter. */
  staff_role: z.enum(STAFF_ROLES).nullable(),
  /** True once a code sent by SMS to `msisdn` was entered (ACCT-10); booking needs it. */
  phone_verified: z.boolean(),
  /** 'Text me reminders' (MSG-9): pickup and return reminders by SMS. */
  sms_reminders: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.object({
  status_code: z.string(),
  message: z.string(),
  user: UserSchema,
  access_token: z.string(),
  expires_at: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/**
 * POST /api/auth/login when the password was right but a second step must follow;
 * `POST /api/auth/login/code` with the ticket finishes. A renter past the number's limit
 * (ACCT-17, LIMIT-8): `step: 'code'`, the code went by SMS. A staff member (ACCT-22): `step:
 * 'code'` with `method` (`sms`, or `totp` for their authenticator app), or, before their
 * authenticator is set up, `step: 'setup'` with the key to scan (ACCT-24).
 */
export const PendingCodeResponseSchema = z.object({
  step: z.literal('code'),
  ticket: z.string(),
  message: z.string(),
  method: z.enum(['sms', 'totp']).optional(),
});
export const AuthenticatorSetupSchema = z.object({
  /** The otpauth:// link (RFC 6238 settings) the QR code holds. */
  otpauth_uri: z.string(),
  /** The same key in base32, for typing into the app by hand. */
  secret: z.string(),
  /** The QR code as an SVG data URL, ready for an img. */
  qr_svg: z.string(),
});
export type AuthenticatorSetup = z.infer<typeof AuthenticatorSetupSchema>;
export const PendingSetupResponseSchema = AuthenticatorSetupSchema.extend({
  step: z.literal('setup'),
  ticket: z.string(),
  message: z.string(),
});
export const PendingSignInResponseSchema = z.union([
  PendingCodeResponseSchema,
  PendingSetupResponseSchema,
]);
export type PendingSignInResponse = z.infer<typeof PendingSignInResponseSchema>;

/** The ten recovery codes, shown once (ACCT-25). */
const recoveryCodes = z.array(z.string());

/** POST /api/auth/login/code: the login body, with the recovery codes after a setup. */
export const LoginCodeResponseSchema = LoginResponseSchema.extend({
  recovery_codes: recoveryCodes.optional(),
});
export type LoginCodeResponse = z.infer<typeof LoginCodeResponseSchema>;

/** GET /api/auth/second-step: a staff account's second step (ACCT-26). */
export const SecondStepSchema = z.object({
  method: z.enum(['totp', 'sms']),
  authenticator_ready: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type SecondStep = z.infer<typeof SecondStepSchema>;

/** PUT /api/auth/second-step: the method; `totp` once the authenticator is set up. */
export const SetSecondStepInputSchema = z.object({ method: z.enum(['totp', 'sms']) });
export type SetSecondStepInput = z.infer<typeof SetSecondStepInputSchema>;

/** POST /api/auth/second-step/authenticator/confirm: the authenticator's first code. */
export const ConfirmAuthenticatorResponseSchema = SecondStepSchema.extend({
  recovery_codes: recoveryCodes,
});

export const MeResponseSchema = z.object({ user: UserSchema, expires_at: z.string() });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

const profile = messages.profile;

/**
 * An optional text that may be cleared: '' and null both mean "not given" and become null.
 * Otherwise `filled` decides, and its first message is the one shown.
 */
const clearable = (filled: z.ZodString) =>
  z
    // The filled-in form first: where both fail, its message is the one shown (the web form's
    // resolver also takes the first branch's). null sits on the empty branch: OpenAPI 3.0 can
    // say "nullable" only beside a type.
    .union([filled, z.string().trim().max(0, { abort: true }).nullable()], {
      error: (issue) =>
        issue.code === 'invalid_union' ? issue.errors[0]?.[0]?.message : undefined,
    })
    .transform((value) => (value ? value : null));

const text = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, { error: `Must be ${max} characters or less` });

const profileEmail = clearable(text(254).check(z.email({ error: profile.emailInvalid })));

/** A WhatsApp number is written like the sign-in number (VAL-6: 10 to 15 digits). */
const profileWhatsapp = clearable(
  text(30)
    .regex(PHONE_CHARACTERS, { error: profile.whatsappDigits, abort: true })
    .regex(digitsBetween(10, 15), { error: profile.whatsappLength }),
);

/**
 * PATCH /api/auth/me: the details a renter may change themselves. Every field is optional
 * (what is left out stays as it is); email and WhatsApp are cleared with '' or null. The
 * phone number is the sign-in identity and is not changed here.
 */
export const UpdateProfileInputSchema = z.object({
  name: registerShape.name.optional(),
  email: profileEmail.optional(),
  whatsapp: profileWhatsapp.optional(),
  sms_reminders: z.boolean().optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const UpdateProfileResponseSchema = z.object({ message: z.string(), user: UserSchema });
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponseSchema>;

/**
 * The profile form (ACCT-8: first name, last name, email, WhatsApp). The two names are sent
 * as the account's one `name`; email and WhatsApp may be left empty.
 */
export const ProfileFormSchema = z.object({
  first_name: requiredText(profile.firstNameRequired).max(50, {
    error: 'First name must be 50 characters or less',
  }),
  last_name: requiredText(profile.lastNameRequired).max(49, {
    error: 'Last name must be 49 characters or less',
  }),
  email: profileEmail,
  whatsapp: profileWhatsapp,
});
export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
export type ProfileFormValues = z.output<typeof ProfileFormSchema>;

/** The fields PATCH /api/auth/me changes; any other field is refused by name (ACCT-8). */
export const PROFILE_FIELDS = ['name', 'email', 'whatsapp', 'sms_reminders'] as const;

const phone = messages.phone;

/** A code from an SMS. Any other shape is simply a wrong code (ACCT-11). */
const smsCode = requiredText(phone.codeRequired).max(20, { error: phone.codeFormat });

/** A sign-in number in any accepted form (ACCT-1); the server checks it is a real number. */
const anyMsisdn = requiredText(register.msisdnRequired).max(40, {
  error: 'Phone number must be 40 characters or less',
});

const newPassword = registerShape.password;
const confirmation = z
  .string({ error: register.confirmRequired })
  .min(1, { error: register.confirmRequired });
const passwordsMatch = {
  error: register.confirmMatch,
  path: ['password_confirmation'],
  // Only once both are text; a body that is no object at all (or none) is refused elsewhere.
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; password_confirmation?: unknown } | null;
    return typeof value?.password === 'string' && typeof value.password_confirmation === 'string';
  },
};

/**
 * The ticket a two-step action gave this device (ACCT-13, ACCT-17). Any other text is simply
 * a ticket that has ended.
 */
const ticket = requiredText('Ticket is required').max(200, {
  error: 'Ticket must be 200 characters or less',
});

/** POST /api/auth/login/code (ACCT-17): the second step of a sign-in. */
export const LoginCodeInputSchema = z.object({ ticket, code: smsCode });
export type LoginCodeInput = z.infer<typeof LoginCodeInputSchema>;

/** POST /api/auth/phone/verify (ACCT-10). */
export const VerifyPhoneInputSchema = z.object({ code: smsCode });
export type VerifyPhoneInput = z.infer<typeof VerifyPhoneInputSchema>;

export const VerifyPhoneResponseSchema = z.object({ user: UserSchema });
export type VerifyPhoneResponse = z.infer<typeof VerifyPhoneResponseSchema>;

/** POST /api/auth/password/forgot (ACCT-13). */
export const ForgotPasswordInputSchema = z.object({ msisdn: anyMsisdn });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

/** 202 from forgot (ACCT-13): the ticket this device sends with the code, for any number. */
export const ForgotPasswordResponseSchema = z.object({ message: z.string(), ticket: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

/**
 * POST /api/auth/password/reset (ACCT-13): the ticket from forgot, its code and the register
 * password rules. The number is not needed (the ticket names it); a `msisdn` sent as before
 * is ignored.
 */
export const ResetPasswordInputSchema = z
  .object({
    ticket,
    code: smsCode,
    password: newPassword,
    password_confirmation: confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, passwordsMatch);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/** POST /api/auth/password/change (ACCT-14). */
export const ChangePasswordInputSchema = z
  .object({
    current_password: z
      .string({ error: login.passwordRequired })
      .min(1, { error: login.passwordRequired })
      .max(200, { error: 'Password is too long' }),
    password: newPassword,
    password_confirmation: confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, passwordsMatch);
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** GET /api/sandbox/sms (RUN-12). */
export const SandboxSmsQuerySchema = z.object({ to: anyMsisdn });

export const SandboxSmsSchema = z.object({
  to: z.string(),
  body: z.string(),
  created_at: z.string(),
});

export const SandboxSmsResponseSchema = z.object({ messages: z.array(SandboxSmsSchema) });
export type SandboxSmsResponse = z.infer<typeof SandboxSmsResponseSchema>;

import { shellMessages } from './shell-messages';

/**
 * Every message a person reads that the API and the forms share, word for word from
 * docs/requirements.md (VAL-2 to VAL-8, PAGE-1). One place, so the form and the server never drift.
 * (The texts the web app's shell shows are in shell-messages.ts, included here.)
 */
export const messages = {
  login: {
    msisdnRequired: 'Phone number is required',
    msisdnDigits: 'Phone number must be only digits',
    msisdnMin: 'Must be at least 10 digits',
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 6 characters',
    invalidCredentials: 'Invalid phone number or password.',
    /** ACCT-17: the right password past the number's limit; a code finishes the sign-in. */
    codeSent:
      'Many wrong passwords were tried for this number, so we have sent a code to your phone to make sure it is you. Enter it to finish signing in.',
    ticketEnded: 'This sign-in has ended. Please sign in again.',
    /** ACCT-22: a staff account's second step. */
    staffCodeSent: 'We have sent a sign-in code to your phone. Enter it to finish signing in.',
    staffAuthenticator: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
    staffSetup:
      'Staff sign in with a code from an authenticator app. Scan the QR code with the app (or type the key), then enter the 6-digit code it shows.',
    ...shellMessages.login,
  },
  register: {
    nameRequired: 'Full name is required',
    nameMin: 'Name must be at least 3 characters',
    msisdnRequired: 'Phone number is required',
    msisdnDigits: 'Must be only digits',
    msisdnMin: 'Must be at least 10 digits',
    msisdnMax: 'Must be 15 digits or less',
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 8 characters',
    passwordComplexity: 'Must contain uppercase, lowercase, number, and special character',
    confirmRequired: 'Please confirm your password',
    confirmMatch: 'Passwords must match',
    acceptPolicy: 'You must accept the privacy policy',
    duplicate: 'This phone number is already registered.',
  },
  session: shellMessages.session,
  booking: {
    startRequired: 'Start date is required',
    endRequired: 'End date is required',
    endBeforeStart: 'End date cannot be before start date',
    startInPast: 'Start date cannot be in the past',
    tooLong: 'A booking can be at most 90 days long',
    destinationRequired: 'Destination is required',
    destinationTypeRequired: 'Please select a destination type',
    paymentMethodRequired: 'Please select a payment method',
    carRequired: 'Please choose a car',
    unavailable: 'This car is not available for the selected dates.',
    carNotFound: 'This car is no longer available.',
    notFound: 'Booking not found.',
    cannotCancel: 'This booking can no longer be cancelled.',
    paidInCash:
      'This booking was paid in cash. Cancel it at the branch, where your cash is handed back.',
    idempotencyMismatch: 'This Idempotency-Key was already used for a different booking.',
    createFailed: 'Something went wrong.',
    // Where, when and how much (BOOK-16 to BOOK-19, LIMIT-13, LIMIT-14).
    timeInvalid: 'Choose a time such as 09:00',
    pickupOutsideHours: (opens: string, closes: string) =>
      `Pickup time must be between ${opens} and ${closes}`,
    returnOutsideHours: (opens: string, closes: string) =>
      `Return time must be between ${opens} and ${closes}`,
    returnBeforePickup: 'Return time must be after the pickup time on a same-day rental',
    deliveryOutsideAccra: 'Delivery is only available for cars at our Accra branches.',
    deliveryAddressTooLong: 'Delivery address must be 200 characters or less',
    tooFarAhead: 'Bookings open 180 days ahead.',
    pickupPassed: 'That time has passed. Choose a later pickup time.',
    tooManyUnpaid: 'You have 3 unpaid bookings. Pay or cancel one first.',
    cannotChange: 'This booking can no longer be changed.',
    cannotExtend: 'Only a trip under way can be extended.',
    extendNotLater: 'The new return date must be after the current one',
    changeWhilePaying:
      'Finish or cancel the mobile money payment for this booking before changing it.',
    // BOOK-21: the renter's own prompt for a change's difference.
    topUpWaiting:
      'A mobile money prompt for this booking is waiting on your phone. Approve it, or wait for it to end before asking again.',
    noTopUpDue: 'Nothing is left to pay for this booking by mobile money.',
    topUpPromptsUsed:
      'This booking has had 3 payment prompts already. Pay the difference at the counter.',
    // BOOK-23: a pay-on-pickup booking paid now by mobile money.
    nothingToPayNow: 'This booking has nothing to pay online now.',
    payNowWaiting:
      'A mobile money prompt for this booking is waiting on your phone. Approve it, or wait for it to end before asking again.',
    payNowFailed:
      'We could not start the mobile money payment. Your booking stands: try again, or pay when you pick up the car.',
  },
  payment: {
    networkRequired: 'Please choose your mobile money network',
    walletInvalid: 'Enter a valid Ghana mobile money number, e.g. 024 412 3456',
    startFailed:
      'We could not start the mobile money payment. Your booking was not made; please try again or pay on pickup.',
    checkingPrompt:
      'We are checking with your mobile money provider that the payment prompt reached your phone. If it did, approve it there.',
    notFound: 'Payment not found.',
    badSignature: 'Invalid signature.',
    declined: 'The payment was declined.',
    expired: 'The time to approve the payment ran out, so the dates were released.',
    abandoned: 'The payment was not completed.',
    flagged:
      'We received your payment but could not confirm the booking automatically. Our team will contact you.',
    refundedAfterExpiry:
      'Your payment arrived after the dates were released and taken, so it is being refunded.',
    sandboxOnly: 'This page exists only with the sandbox payment provider.',
    nothingCharged: 'Nothing was charged.',
    /** BOOK-8: an open prompt of a booking that was cancelled (its attempt reads failed). */
    cancelledWithBooking: 'The booking was cancelled, so the payment request was withdrawn.',
    /** The sandbox phone (RUN-13): a prompt already answered, withdrawn or expired. */
    promptNotOpen: 'This payment request is no longer open.',
    voucherFirst: 'Type the Telecel Cash voucher in the payment window first.',
    tooManyPromptsBooking:
      'This booking has had 3 payment prompts already. Please book again or pay on pickup.',
    tooManyPromptsWallet:
      'This mobile money number has had 5 payment prompts in the last hour. Please wait a little or use another number.',
    voucherRequired: 'Enter the voucher code from your phone.',
    voucherNotExpected: 'This payment is not waiting for a voucher.',
    reversed: 'Your payment was reversed. Our team will contact you.',
    refundNotOpen: 'This booking has no refund that needs attention.',
    refundAtCounter:
      'This money is handed back in cash at the counter: record it as handed back instead.',
  },
  profile: {
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    emailInvalid: 'Enter a valid email address',
    whatsappDigits: 'WhatsApp number must be only digits',
    whatsappLength: 'WhatsApp number must be 10 to 15 digits',
    saved: 'Your profile has been saved.',
    /** VAL-7: the image hint and the three checks behind it (a local preview only). */
    imageHint: 'Max file size 1MB, minimum 330x300, .jpg and .png',
    imageType: 'Please choose a .jpg or .png image.',
    imageSize: 'The image is larger than 1MB. Please choose a smaller one.',
    imageDimensions: 'The image is smaller than 330x300. Please choose a larger one.',
    imageUnreadable: 'This image could not be read. Please choose another one.',
  },
  cars: {
    loadFailed: 'Failed to load cars.',
    fetchError: 'Error fetching cars.',
    notFound: 'Car not found.',
  },
  http: {
    malformed: 'The request could not be read. Please check it and try again.',
    validation: 'Please correct the highlighted fields.',
    notFound: 'Not found.',
    methodNotAllowed: 'This address does not take that method.',
    tooLarge: 'The request is too large.',
    tooManyRequests: 'Too many attempts. Please wait a little and try again.',
    forbidden: 'You are not allowed to do that.',
    unavailable: 'The service is busy right now. Please try again in a moment.',
    imagesBusy: 'Many photos are being processed right now. Please send yours again in a moment.',
    invalidCharacters: 'Invalid characters in request.',
    incompleteUpload: 'The upload was cut off before it ended. Please try again.',
    ...shellMessages.http,
  },
  secondStep: {
    authenticatorNotSetUp: 'Set up the authenticator app first.',
    staffOnly: 'Only staff accounts have a second step.',
    noSetupStarted: 'Start the authenticator setup again: no QR code is waiting for a code.',
  },
  phone: {
    invalid: 'Enter a valid phone number.',
    codeWrong: 'That code is not right or has expired.',
    codeRequired: 'Enter the 6-digit code',
    codeFormat: 'The code is 6 digits',
    codeSent: 'We have sent a code to your phone.',
    ...shellMessages.phone,
    verifyToBook: 'Verify your phone number to book.',
    resendTooSoon: (seconds: number) =>
      `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before asking for another code.`,
    tooManyCodes: (minutes: number) =>
      `Too many codes for this number. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    tooManyCodesToday: (hours: number) =>
      `Too many codes for this number today. Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
    codeBudgetSpent: (minutes: number) =>
      `We cannot send more codes right now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    tooManySignUps: (minutes: number) =>
      `Too many new accounts from this network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  },
  password: {
    forgotAccepted: 'If this number has an account, we have sent it a code.',
    /** ACCT-13: a reset whose ticket is missing, used, expired or out of tries. */
    ticketEnded: 'This reset has ended. Please ask for a new code.',
    resetDone: 'Your password has been changed. Please sign in with the new one.',
    resetSignedIn: 'Your password has been changed and you are signed in.',
    changed: 'Your password has been changed. Your other sessions have been signed out.',
    currentWrong: 'Your current password is not right.',
    ...shellMessages.password,
  },
  account: {
    fieldNotChangeable: 'This field cannot be changed here.',
  },
} as const;

import { PHOTOS_PER_CAR_MAX } from './car-photos';

/**
 * Texts the staff API (/api/admin) answers with; the console shows the server's message as it
 * is. The schemas, the services and the console's components all read them here, never a copy
 * (the renters' texts are in messages.ts).
 */
export const adminMessages = {
  carNotFound: 'Car not found.',
  photoNotFound: 'Photo not found.',
  blockNotFound: 'Maintenance block not found.',
  bookingNotFound: 'Booking not found.',
  customerNotFound: 'Customer not found.',
  messageNotFound: 'Message not found.',
  photoMissing: 'Choose a photo to upload.',
  photoType: 'Upload a JPG, PNG or WebP image.',
  photoUnreadable: 'This image could not be read. Try another file.',
  photoTooMany: `A car can have at most ${PHOTOS_PER_CAR_MAX} photos.`,
  photoTooLarge: 'The photo is too large: 8 MB at most.',
  photoOrder: 'List every photo of this car exactly once.',
  datesTaken: 'This car already has a booking or a maintenance block on some of these days.',
  retireWithBookings:
    'This car has bookings that are not finished. Cancel or complete them before retiring it.',
  alreadyRetired: 'This car is already retired.',
  notRetired: 'This car is not retired.',
  blockAlreadyRemoved: 'This maintenance block was already removed.',
  blockInPast: 'A maintenance block cannot end in the past.',
  // Booking actions refused (HTTP 409): each names what would make the action possible.
  cashNotPayOnPickup: 'Cash is recorded only for pay-on-pickup bookings.',
  cashNotDue: 'There is no unpaid amount to record on this booking.',
  cashWrongStatus: 'Cash can be recorded only before the car is picked up.',
  pickUpWrongStatus: 'Only a pending or confirmed booking can be picked up.',
  pickUpUnpaid: 'Record the payment before handing over the car.',
  pickUpTooEarly: 'This booking has not started yet: the car can be picked up from its start date.',
  pickUpTooLate: 'This booking has ended: the car can no longer be picked up for it.',
  returnWrongStatus: 'Only a booking whose car is out (active) can be marked returned.',
  cancelWrongStatus: 'Only a pending or confirmed booking can be cancelled.',
  cancelActive: 'The car is out with the renter: mark it returned instead.',
  changedMeanwhile: 'This booking changed while you were looking at it. Reload it and try again.',
  // Sending a held booking's mobile money prompt again (STAFF-46).
  promptNotHeld:
    'This booking is not waiting for a mobile money payment, so there is no prompt to send again.',
  promptHoldEnded:
    'The hold on this booking has ended and its dates were released. Make a new booking if the customer still wants the car.',
  promptWaiting:
    "A mobile money prompt for this booking is waiting on the customer's phone. Ask them to approve it, or wait for their answer before sending another.",
  promptSent: (wallet: string, until: string) =>
    `Prompt sent to ${wallet}. The booking is held until ${until}.`,
  promptNotSent: (until: string) =>
    `The mobile money prompt could not be sent. The booking stays held until ${until}: try again.`,
  // Branches and the car's branch (STAFF-10, STAFF-11).
  branchNotFound: 'Branch not found.',
  chooseBranch: 'Choose a branch',
  branchNameTaken: 'There is already a branch with this name',
  // Roles and branches (ROLE-4, ROLE-6).
  roleForbidden: 'Your role does not allow this. Ask a manager or the owner.',
  branchOutOfScope: 'Choose one of your branches.',
} as const;

/**
 * Staff accounts (STAFF-37 to STAFF-43): the form's field messages and the refusals, each
 * saying what would make the change possible.
 */
export const staffAccountMessages = {
  nameRequired: 'Enter the staff member’s name',
  nameMin: 'Name must be at least 3 characters',
  nameMax: 'Name must be 100 characters or less',
  msisdnRequired: 'Enter the staff member’s phone number',
  msisdnInvalid: 'Enter a valid Ghana mobile number, e.g. 024 412 3456',
  roleRequired: 'Choose a role: owner, branch manager or counter agent',
  branchesRequired: 'Choose at least one branch: a manager or an agent works at their branches',
  ownerHasNoBranches: 'An owner works at every branch: choose no branches',
  branchesInvalid: 'Choose branches from the list',
  branchUnknown: 'One of these branches does not exist. Reload the page and choose again.',
  notFound: 'Staff member not found.',
  ownerOnly: 'Only the owner manages staff accounts.',
  alreadyStaff: 'This number already has a staff account: find it in the list to change it.',
  customerWithBookings:
    'This number belongs to a customer with bookings. A staff account needs a number of its own: use another number.',
  notYourself: 'You cannot deactivate your own account. Another owner can.',
  notYourOwnRole: 'You cannot change your own role. Another owner can.',
  lastOwner: 'The company needs at least one active owner. Make someone else owner first.',
  alreadyDeactivated: 'This account is already deactivated.',
  notDeactivated: 'This account is active already.',
  added: (name: string) =>
    `${name} added. They have been sent a text telling them how to set their password.`,
  promoted: (name: string) =>
    `${name} is now staff. Their number already had an account: they sign in with their own password.`,
  saved: (name: string) => `${name} saved.`,
  deactivated: (name: string) => `${name} is deactivated: they have been signed out everywhere.`,
  reactivated: (name: string) => `${name} is active again and can sign in.`,
} as const;

/** The company's taxes (STAFF-45): the owner's settings page and its API. */
export const taxMessages = {
  tinInvalid:
    'Enter the company’s TIN as the GRA issued it: a letter, 00 and 8 digits (C0012345678), or a Ghana Card PIN (GHA-123456789-0)',
  tinRequired: 'Enter the company’s TIN: a tax invoice must show it beside the taxes',
  nameRequired: 'Enter the tax’s name as the receipt prints it, e.g. VAT',
  nameMax: 'A tax’s name must be 40 characters or less',
  nameTwice: 'Each tax is listed once: this name is already above',
  rateInvalid: 'Enter the rate in percent, above 0 and at most 100, with at most 2 decimals',
  tooMany: 'At most 6 taxes',
  saved: 'Tax settings saved. Receipts of cars returned from now on show them.',
} as const;

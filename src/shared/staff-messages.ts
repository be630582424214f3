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
  // Branches and the car's branch (STAFF-10, STAFF-11).
  branchNotFound: 'Branch not found.',
  chooseBranch: 'Choose a branch',
  branchNameTaken: 'There is already a branch with this name',
  // Roles and branches (ROLE-4, ROLE-6).
  roleForbidden: 'Your role does not allow this. Ask a manager or the owner.',
  branchOutOfScope: 'Choose one of your branches.',
} as const;

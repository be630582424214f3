export * from './users';
export * from './cars';
export * from './bookings';
export * from './payments';
export * from './inbox';
export * from './booking-events';
export * from './phone-codes';
export * from './sms';

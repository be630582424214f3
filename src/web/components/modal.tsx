/**
 * The old name of the site's dialog, kept so that callers outside the accessibility work
 * (the car gallery's lightbox, cancelling a booking) build unchanged; new code imports Dialog.
 */
export { Dialog as Modal } from './dialog';

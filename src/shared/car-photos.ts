/**
 * What staff may upload as a car's photo and the widths the server makes of each one
 * (STAFF-3, docs/decisions/007): the upload route, the console's photo manager and the staff
 * texts (staff-messages.ts) all read these.
 */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
/** The width stored in car_images.url, which the renter API shows as image_url. */
export const PHOTO_DEFAULT_WIDTH = 960;
export const PHOTO_ACCEPT = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTOS_PER_CAR_MAX = 12;

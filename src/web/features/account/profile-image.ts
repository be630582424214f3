import { messages } from '../../../shared/messages';

/** PAGE-14: profile image at most 1MB and at least 330x300, .jpg or .png. */
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;
export const PROFILE_IMAGE_MIN_WIDTH = 330;
export const PROFILE_IMAGE_MIN_HEIGHT = 300;

const TYPES = ['image/jpeg', 'image/png'];
const EXTENSIONS = /\.(jpe?g|png)$/i;

/** The checks that need only the file: its kind (type and name agree) and its size. */
export function checkImageFile(file: { name: string; type: string; size: number }): string | null {
  if (!TYPES.includes(file.type) || !EXTENSIONS.test(file.name)) return messages.profile.imageType;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return messages.profile.imageSize;
  return null;
}

export function checkImageDimensions(width: number, height: number): string | null {
  return width < PROFILE_IMAGE_MIN_WIDTH || height < PROFILE_IMAGE_MIN_HEIGHT
    ? messages.profile.imageDimensions
    : null;
}

/** Reads an image's size by decoding it in the browser; rejects what is not a picture. */
export function readImageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = url;
  });
}

import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { checkImageDimensions, checkImageFile } from './profile-image';

const MB = 1024 * 1024;

describe('profile image checks (PAGE-14, VAL-7)', () => {
  it('accepts a .jpg or .png of at most 1MB', () => {
    expect(checkImageFile({ name: 'me.jpg', type: 'image/jpeg', size: MB })).toBeNull();
    expect(checkImageFile({ name: 'ME.JPEG', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkImageFile({ name: 'me.png', type: 'image/png', size: 20_000 })).toBeNull();
  });

  it('refuses other kinds of image, whatever the name says', () => {
    expect(checkImageFile({ name: 'me.gif', type: 'image/gif', size: 1000 })).toBe(
      messages.profile.imageType,
    );
    expect(checkImageFile({ name: 'me.webp', type: 'image/webp', size: 1000 })).toBe(
      messages.profile.imageType,
    );
    expect(checkImageFile({ name: 'me.png', type: 'image/webp', size: 1000 })).toBe(
      messages.profile.imageType,
    );
    expect(checkImageFile({ name: 'me.heic', type: 'image/jpeg', size: 1000 })).toBe(
      messages.profile.imageType,
    );
  });

  it('refuses a file one byte over 1MB', () => {
    expect(checkImageFile({ name: 'big.png', type: 'image/png', size: MB + 1 })).toBe(
      messages.profile.imageSize,
    );
  });

  it('needs at least 330 wide and 300 high', () => {
    expect(checkImageDimensions(330, 300)).toBeNull();
    expect(checkImageDimensions(329, 600)).toBe(messages.profile.imageDimensions);
    expect(checkImageDimensions(800, 299)).toBe(messages.profile.imageDimensions);
  });
});

import { messages } from '../../../../shared/messages';
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES } from '../../../../shared/car-photos';
import type { AdminPhotoUploadResponse } from '../../../../shared/schemas/cars.staff';
import { adminMessages } from '../../../../shared/staff-messages';
import type { ErrorResponse } from '../../../../shared/schemas/common';
import { ApiError } from '../../../lib/api-client';
import { STORAGE_KEYS, storage } from '../../../lib/storage';

/** The same checks the server makes, so a wrong file is refused before it is sent. */
export function checkPhotoFile(file: File): string | null {
  if (!(PHOTO_ACCEPT as readonly string[]).includes(file.type)) return adminMessages.photoType;
  if (file.size > PHOTO_MAX_BYTES) return adminMessages.photoTooLarge;
  return null;
}

/**
 * Uploads one photo as multipart/form-data. XMLHttpRequest rather than fetch (lib/api-client):
 * only it reports upload progress, which matters for an 8 MB photo on a mobile network.
 */
export function uploadCarPhoto(
  carId: number,
  file: File,
  alt: string,
  onProgress: (fraction: number) => void,
): Promise<AdminPhotoUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/cars/${carId}/photos`);
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = storage.get(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          'Cannot reach CarLink Ghana. Please check your internet connection and try again.',
        ),
      );
    xhr.ontimeout = () => reject(new ApiError(0, 'The upload took too long. Please try again.'));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as AdminPhotoUploadResponse);
        return;
      }
      const body = (data ?? {}) as Partial<ErrorResponse>;
      const fallback = xhr.status === 413 ? adminMessages.photoTooLarge : messages.http.internal;
      reject(new ApiError(xhr.status, body.message ?? fallback, body.errors ?? {}));
    };
    // Two minutes: an 8 MB photo at 1 Mbit/s takes about 70 seconds.
    xhr.timeout = 120_000;
    const form = new FormData();
    if (alt) form.append('alt', alt);
    form.append('file', file);
    xhr.send(form);
  });
}

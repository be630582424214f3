import { useEffect, useState } from 'react';
import { messages } from '../../shared/messages';
import type { ErrorResponse } from '../../shared/schemas/common';
import { ApiError } from './api-client';
import { STORAGE_KEYS, storage } from './storage';

/**
 * Files that go with the bearer token: multipart uploads (with progress) and private images
 * (DOC-6) that an <img src> could not ask for, since it sends no Authorization header.
 * XMLHttpRequest, like the console's photo upload: only it reports upload progress. The same
 * headers as lib/api-client.ts (API-6).
 */

function send(
  method: 'GET' | 'POST',
  url: string,
  options: {
    body?: FormData;
    responseType: 'text' | 'blob';
    /** What a blob answer is (default: an image). */
    accept?: string;
    onProgress?: (fraction: number) => void;
    timeoutMs: number;
    tooLargeMessage?: string;
  },
): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.responseType = options.responseType;
    xhr.setRequestHeader(
      'Accept',
      options.responseType === 'blob' ? (options.accept ?? 'image/*') : 'application/json',
    );
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = storage.get(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.onProgress) {
      const onProgress = options.onProgress;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
    }
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          'Cannot reach CarLink Ghana. Please check your internet connection and try again.',
        ),
      );
    xhr.ontimeout = () => reject(new ApiError(0, 'That took too long. Please try again.'));
    xhr.onload = async () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr);
      const text =
        options.responseType === 'blob'
          ? await (xhr.response as Blob | null)?.text().catch(() => '')
          : xhr.responseText;
      let body: Partial<ErrorResponse> = {};
      try {
        body = text ? (JSON.parse(text) as Partial<ErrorResponse>) : {};
      } catch {
        body = {};
      }
      const fallback =
        xhr.status === 413 && options.tooLargeMessage
          ? options.tooLargeMessage
          : messages.http.internal;
      reject(new ApiError(xhr.status, body.message ?? fallback, body.errors ?? {}));
    };
    xhr.timeout = options.timeoutMs;
    xhr.send(options.body ?? null);
  });
}

/** POSTs a multipart form to /api`path`; the JSON answer, or an ApiError with its field errors. */
export async function uploadForm<T>(
  path: string,
  form: FormData,
  options: { onProgress?: (fraction: number) => void; tooLargeMessage?: string } = {},
): Promise<T> {
  // Two minutes: 8 MB at 1 Mbit/s takes about 70 seconds.
  const xhr = await send('POST', `/api${path}`, {
    body: form,
    responseType: 'text',
    timeoutMs: 120_000,
    ...options,
  });
  return (xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T;
}

/** GETs an image that needs the bearer token, as a Blob. */
export async function fetchPrivateImage(url: string): Promise<Blob> {
  const xhr = await send('GET', url, { responseType: 'blob', timeoutMs: 30_000 });
  return xhr.response as Blob;
}

/**
 * Downloads a file that needs the bearer token (the audit trail's CSV, AUDIT-11) and hands it
 * to the browser as a download named `filename`. Two minutes: the file is streamed whole.
 */
export async function downloadPrivateFile(url: string, filename: string, accept: string) {
  const xhr = await send('GET', url, { responseType: 'blob', accept, timeoutMs: 120_000 });
  const href = URL.createObjectURL(xhr.response as Blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the browser has the file by then.
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * An object URL for a private image, released when the component goes or the URL changes;
 * the bytes stay in this page's memory only (the server says no-store).
 */
export function usePrivateImage(url: string | null) {
  const [state, setState] = useState<{ url: string | null; src: string | null; error: boolean }>({
    url: null,
    src: null,
    error: false,
  });
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchPrivateImage(url).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, error: false });
      },
      () => {
        if (!cancelled) setState({ url, src: null, error: true });
      },
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  // A result for an earlier URL is not shown for this one.
  return state.url === url ? state : { url, src: null, error: false };
}

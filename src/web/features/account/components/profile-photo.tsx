import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { messages } from '../../../../shared/messages';
import { checkImageDimensions, checkImageFile, readImageSize } from '../profile-image';

/**
 * The profile image (PAGE-14): the picker accepts any image, then the checks (kind, 1MB, 330x300)
 * decide. Only a local preview: the picture never leaves the device (PAGE-14).
 */
export function ProfilePhoto({ initials }: { initials: string }) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      const { width, height } = await readImageSize(url);
      const tooSmall = checkImageDimensions(width, height);
      if (tooSmall) {
        URL.revokeObjectURL(url);
        setError(tooSmall);
        return;
      }
    } catch {
      URL.revokeObjectURL(url);
      setError(messages.profile.imageUnreadable);
      return;
    }
    setError(null);
    setPreview(url);
  }

  return (
    <div className="profile-photo">
      <div className="profile-photo-slot">
        {preview ? (
          <img src={preview} alt="Preview of your new profile photo" width="120" height="120" />
        ) : (
          <span className="profile-initials" aria-hidden="true">
            {initials}
          </span>
        )}
      </div>
      <div className="profile-photo-text">
        <p id={`${id}-hint`} className="field-hint">
          {messages.profile.imageHint}. Shown here only: it is not uploaded.
        </p>
        <div className="profile-photo-actions">
          {/* The real file input, visually hidden; its label is the visible button. */}
          <input
            id={id}
            className="visually-hidden profile-photo-input"
            type="file"
            accept="image/*"
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => void onChange(event)}
          />
          <label htmlFor={id} className="btn btn-outline btn-sm">
            {preview ? 'Choose another profile photo' : 'Choose a profile photo'}
          </label>
          {preview && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPreview(null)}>
              Remove photo
            </button>
          )}
        </div>
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      </div>
    </div>
  );
}

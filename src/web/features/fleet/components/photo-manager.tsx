import { useEffect, useId, useRef, useState } from 'react';
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES, PHOTOS_PER_CAR_MAX } from '../../../../shared/car-photos';
import type { AdminCar, AdminCarPhoto } from '../../../../shared/schemas/cars.staff';
import { resolveImageUrl } from '../../../components/car-image';
import { useDeletePhoto, usePhotosChanged, useReorderPhotos } from '../api/fleet-api';
import { checkPhotoFile, uploadCarPhoto } from '../api/upload-photo';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  TrashIcon,
  UploadIcon,
} from '../../../components/console/admin-icons';
import { ConfirmDialog } from '../../../components/console/confirm-dialog';
import { errorMessage } from '../../../components/console/server-errors';

const MB = 1024 * 1024;
const sizeLabel = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** `alt` empty where the photo's description is written beside it (no second reading). */
function PhotoImage({
  photo,
  sizes,
  alt = photo.alt,
}: {
  photo: AdminCarPhoto;
  sizes: string;
  alt?: string;
}) {
  return (
    <img
      src={resolveImageUrl(photo.image_url)}
      srcSet={photo.srcset ?? undefined}
      sizes={photo.srcset ? sizes : undefined}
      alt={alt}
      width={320}
      height={200}
      loading="lazy"
      decoding="async"
    />
  );
}

/** Choosing, checking, previewing and sending one photo, with its progress. */
function PhotoUpload({ car, full }: { car: AdminCar; full: boolean }) {
  const inputId = useId();
  const altId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const photosChanged = usePhotosChanged(car.id);

  // A preview's object URL is freed when another replaces it, or the form goes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const clear = () => {
    setFile(null);
    setPreview(null);
    setAlt('');
    setProgress(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (chosen: File | undefined) => {
    setDone(null);
    setError(null);
    if (!chosen) return clear();
    const problem = checkPhotoFile(chosen);
    if (problem) {
      clear();
      setError(`${chosen.name}: ${problem}`);
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
    setAlt(`${car.title} in ${car.colour.toLowerCase()}`);
  };

  const upload = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const result = await uploadCarPhoto(car.id, file, alt.trim(), setProgress);
      photosChanged(result.photos);
      setDone(`${file.name} uploaded.`);
      clear();
    } catch (failure) {
      setProgress(null);
      setError(errorMessage(failure));
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <div className="photo-upload">
      {!file && (
        <div className="photo-drop">
          <UploadIcon size={28} />
          <label htmlFor={inputId} className="photo-drop-label">
            Add a photo
          </label>
          <p className="field-hint" id={`${inputId}-hint`}>
            JPG, PNG or WebP, up to {PHOTO_MAX_BYTES / MB} MB.{' '}
            {full
              ? `This car has ${PHOTOS_PER_CAR_MAX} photos, the most it can have.`
              : 'It is added at the end; move it up to make it the cover.'}
          </p>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            className="photo-file"
            accept={PHOTO_ACCEPT.join(',')}
            aria-describedby={`${inputId}-hint`}
            disabled={full}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </div>
      )}
      {file && preview && (
        <div className="photo-pending">
          <img
            src={preview}
            alt="Preview of the chosen photo"
            className="photo-preview"
            width={320}
            height={200}
          />
          <div className="photo-pending-body">
            <p className="photo-file-name">
              <strong>{file.name}</strong> <span className="muted">{sizeLabel(file.size)}</span>
            </p>
            <div className="field">
              <label htmlFor={altId}>Description for screen readers</label>
              <input
                id={altId}
                className="input"
                value={alt}
                maxLength={200}
                onChange={(e) => setAlt(e.target.value)}
                disabled={uploading}
              />
            </div>
            {uploading ? (
              <div className="upload-progress">
                <progress max={1} value={progress ?? 0} aria-labelledby={`${inputId}-progress`} />
                <span id={`${inputId}-progress`} role="status">
                  {percent < 100 ? `Uploading… ${percent}%` : 'Processing the photo…'}
                </span>
              </div>
            ) : (
              <div className="form-actions">
                <button type="button" className="btn btn-outline" onClick={clear}>
                  Choose another
                </button>
                <button type="button" className="btn btn-primary" onClick={() => void upload()}>
                  <UploadIcon size={18} />
                  Upload photo
                </button>
              </div>
            )}
          </div>
        </div>
      )}
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {done && (
        <p className="alert alert-success" role="status">
          {done}
        </p>
      )}
    </div>
  );
}

/** The car's photos in order (the first is the cover): upload, move up or down, delete. */
export function PhotoManager({ car }: { car: AdminCar }) {
  const photos = [...car.photos].sort((a, b) => a.position - b.position);
  const reorder = useReorderPhotos(car.id);
  const remove = useDeletePhoto(car.id);
  const [toDelete, setToDelete] = useState<AdminCarPhoto | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const busy = reorder.isPending || remove.isPending;
  // The moved photo whose button gets the keyboard back once the list shows the new order.
  const [refocus, setRefocus] = useState<{ photoId: number; up: boolean } | null>(null);

  // After the commit that shows the new order: a frame after the mutation settled could still
  // show the old list, its buttons disabled while busy, and the focus went nowhere.
  useEffect(() => {
    if (!refocus) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-photo="${refocus.photoId}"]`);
    const same = item?.querySelector<HTMLButtonElement>(refocus.up ? '.move-up' : '.move-down');
    const other = item?.querySelector<HTMLButtonElement>(refocus.up ? '.move-down' : '.move-up');
    // This photo's button, or its other one at an end.
    (same && !same.disabled ? same : other)?.focus();
  }, [refocus]);

  const move = (index: number, by: -1 | 1) => {
    const order = photos.map((p) => p.id);
    const target = index + by;
    const moved = order[index]!;
    order[index] = order[target]!;
    order[target] = moved;
    reorder.mutate(order, {
      onSuccess: () => {
        setAnnouncement(
          `Photo moved to position ${target + 1} of ${order.length}.${target === 0 ? ' It is now the cover.' : ''}`,
        );
        setRefocus({ photoId: moved, up: by < 0 });
      },
    });
  };

  return (
    <section className="panel" aria-labelledby="photos-heading">
      <div className="panel-head">
        <h2 id="photos-heading">Photos</h2>
        <span className="panel-count">
          {photos.length} of {PHOTOS_PER_CAR_MAX}
        </span>
      </div>
      <div className="panel-body">
        {photos.length === 0 ? (
          <p className="muted">No photos yet: renters see a drawing of a car until you add one.</p>
        ) : (
          <ol
            className="photo-grid"
            ref={listRef}
            aria-label="Photos in the order renters see them"
          >
            {photos.map((photo, index) => (
              <li key={photo.id} className="photo-item" data-photo={photo.id}>
                <div className="photo-frame">
                  {/* Its description is the caption below (axe's image-redundant-alt). */}
                  <PhotoImage photo={photo} sizes="(min-width: 960px) 240px, 50vw" alt="" />
                  <span className="photo-position" aria-hidden="true">
                    {index + 1}
                  </span>
                  {index === 0 && <span className="badge badge-green photo-cover">Cover</span>}
                </div>
                <p className="photo-alt">
                  <span className="visually-hidden">Photo {index + 1}: </span>
                  {photo.alt}
                </p>
                <div className="photo-tools">
                  <button
                    type="button"
                    className="btn btn-outline btn-icon move-up"
                    aria-label={`Move photo ${index + 1} up`}
                    disabled={index === 0 || busy}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpIcon size={18} />
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-icon move-down"
                    aria-label={`Move photo ${index + 1} down`}
                    disabled={index === photos.length - 1 || busy}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownIcon size={18} />
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-icon photo-delete"
                    aria-label={`Delete photo ${index + 1}`}
                    disabled={busy}
                    onClick={() => {
                      remove.reset();
                      setToDelete(photo);
                    }}
                  >
                    <TrashIcon size={18} />
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        {reorder.isError && (
          <div className="alert alert-error" role="alert">
            {errorMessage(reorder.error)}
          </div>
        )}
        <PhotoUpload car={car} full={photos.length >= PHOTOS_PER_CAR_MAX} />
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this photo?"
        confirmLabel="Delete photo"
        tone="danger"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              setToDelete(null);
              setAnnouncement('Photo deleted.');
            },
          })
        }
      >
        {toDelete && (
          <div className="confirm-photo">
            <PhotoImage photo={toDelete} sizes="120px" />
            <p>Renters will no longer see it. This cannot be undone.</p>
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}

import { useEffect, useMemo, useState } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FUEL_EIGHTHS_MAX, HANDOVER_PHOTOS_MAX } from '../../../../shared/constants';
import { fuelLabel, handoverMessages } from '../../../../shared/handover';
import { FieldMessages, describedBy } from '../../../components/form-fields';
import { lazyRuleset } from '../../../lib/lazy-resolver';

/**
 * The fields both handover forms share (HAND-1, HAND-5), made for a tablet or a phone at the
 * car: big targets, the number keypad for the odometer, the camera for photos.
 */

export function OdometerField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  return (
    <div className="field">
      <label htmlFor="odometer">Odometer (km)</label>
      <input
        id="odometer"
        className="input handover-big-input"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, ''))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy('odometer', hint, error)}
      />
      <FieldMessages id="odometer" hint={hint} error={error} />
    </div>
  );
}

/** Nine labelled radio buttons, empty to full: one tap each, readable like the gauge. */
export function FuelField({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (value: number) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset
      className="fieldset handover-fuel"
      aria-describedby={error ? 'fuel-error' : undefined}
    >
      <legend>Fuel level</legend>
      <div className="handover-fuel-options">
        {Array.from({ length: FUEL_EIGHTHS_MAX + 1 }, (_, eighths) => (
          <label key={eighths} className="handover-fuel-option">
            <input
              type="radio"
              name="fuel"
              value={eighths}
              checked={value === eighths}
              onChange={() => onChange(eighths)}
            />
            <span>
              {eighths === 0 || eighths === FUEL_EIGHTHS_MAX ? (
                <>
                  <span aria-hidden="true">{eighths === 0 ? 'E' : 'F'}</span>
                  <span className="visually-hidden">{fuelLabel(eighths)}</span>
                </>
              ) : (
                `${eighths}/8`
              )}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="fuel-error" className="field-error field-error-line">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function DamageField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const hint = 'Scratches, dents, anything missing. Leave empty if none.';
  return (
    <div className="field">
      <label htmlFor="damage">Damage notes</label>
      <textarea
        id="damage"
        className="textarea"
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy('damage', hint, error)}
      />
      <FieldMessages id="damage" hint={hint} error={error} />
    </div>
  );
}

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 8 * 1024 * 1024;

/** Photos from the camera (or the gallery), previewed before they are sent. */
export function PhotosField({
  photos,
  onChange,
  error,
}: {
  photos: File[];
  onChange: (photos: File[]) => void;
  error?: string | undefined;
}) {
  const [local, setLocal] = useState<string | null>(null);
  const hint = `Up to ${HANDOVER_PHOTOS_MAX} photos of the car, 8 MB each.`;
  const shown = local ?? error;
  return (
    <div className="field">
      <label htmlFor="photos" className="btn btn-outline handover-photo-btn">
        Take or add photos
      </label>
      <input
        id="photos"
        className="visually-hidden handover-photo-input"
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        aria-describedby={describedBy('photos', hint, shown)}
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          e.target.value = '';
          const bad = chosen.find((f) => !ACCEPTED.includes(f.type) || f.size > MAX_BYTES);
          if (bad) {
            setLocal(
              ACCEPTED.includes(bad.type)
                ? handoverMessages.photoTooLarge
                : handoverMessages.photoType,
            );
            return;
          }
          const all = [...photos, ...chosen];
          if (all.length > HANDOVER_PHOTOS_MAX) {
            setLocal(handoverMessages.photosTooMany);
            return;
          }
          setLocal(null);
          onChange(all);
        }}
      />
      <FieldMessages id="photos" hint={hint} error={shown} />
      {photos.length > 0 && (
        <ul className="handover-previews">
          {photos.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              <Preview file={file} label={`Photo ${i + 1}`} />
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => onChange(photos.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> photo {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A chosen photo, shown from an object URL released when it goes. */
function Preview({ file, label }: { file: File; label: string }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img src={url} alt={label} />;
}

/** The first message of each field from a 422 (VAL). */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = (error as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([, list]) => list.length)
      .map(([field, list]) => [field, list[0]!]),
  );
}

/** A form's messages by field name, flat ('kept_lines.0.amount'), as the pages show them. */
export function messagesOf(errors: Record<string, { message?: unknown } | undefined>) {
  const shown: Record<string, string> = {};
  for (const [field, error] of Object.entries(errors))
    if (typeof error?.message === 'string') shown[field] = error.message;
  return shown;
}

/**
 * A handover form's rules: the API's own schema (PickupInputSchema, ReturnInputSchema), loaded
 * after the page has rendered (lib/lazy-resolver.ts). Each field's first message; the values
 * pass on as typed, and the page sends them as the API takes them.
 */
export function handoverRules<T extends FieldValues>(
  load: () => Promise<z.ZodType>,
  toInput: (values: T) => unknown,
  /** The page's own checks, against what it knows (the pickup's odometer, the clock). */
  extra: (values: T, context: unknown) => Record<string, string> = () => ({}),
): Resolver<T, unknown, T> {
  return lazyRuleset<T, T>(() =>
    load().then((schema) => (values, context) => {
      const parsed = schema.safeParse(toInput(values));
      if (parsed.success && !Object.keys(extra(values, context)).length)
        return { values, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      const issues = parsed.success ? [] : parsed.error.issues;
      // Keyed by the whole path ('kept_lines.0.amount'), as the server names a 422's fields.
      for (const issue of issues) {
        const field = issue.path.join('.');
        errors[field] ??= { type: 'validate', message: issue.message };
      }
      for (const [field, message] of Object.entries(extra(values, context)))
        errors[field] ??= { type: 'validate', message };
      return { values: {}, errors: errors as FieldErrors<T> };
    }),
  );
}

import { useId, useState, type FormEvent } from 'react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  documentMessages,
} from '../../../../shared/documents';
import type { CustomerDocument, DocumentKind } from '../../../../shared/schemas/documents';
import { FieldMessages, describedBy } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { useUploadDocument } from '../api/documents';

type Errors = Record<string, string[] | undefined>;

const FIELDS: Record<
  DocumentKind,
  { name: string; label: string; type: 'text' | 'date'; hint?: string }[]
> = {
  ghana_card: [
    {
      name: 'ghana_card_pin',
      label: 'Ghana Card PIN',
      type: 'text',
      hint: 'As on the card, e.g. GHA-123456789-0',
    },
    {
      name: 'date_of_birth',
      label: 'Date of birth',
      type: 'date',
      hint: 'Renters must be at least 21.',
    },
  ],
  driving_licence: [
    { name: 'licence_number', label: 'Licence number', type: 'text' },
    { name: 'licence_expiry', label: 'Expiry date', type: 'date' },
  ],
};

function checkFile(file: File | null): string | null {
  if (!file) return documentMessages.fileMissing;
  if (!(DOCUMENT_ACCEPT as readonly string[]).includes(file.type)) return documentMessages.fileType;
  if (file.size > DOCUMENT_MAX_BYTES) return documentMessages.fileTooLarge;
  return null;
}

/**
 * Upload (or replace) one document (DOC-2, DOC-3): its details and a photo, checked here with the
 * server's own rules first, then every field's message at once from either side.
 */
export function DocumentUploadForm({
  kind,
  current,
  onDone,
}: {
  kind: DocumentKind;
  current: CustomerDocument | undefined;
  onDone?: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ghana_card_pin: current?.ghana_card_pin ?? '',
    date_of_birth: current?.date_of_birth ?? '',
    licence_number: current?.licence_number ?? '',
    licence_expiry: current?.licence_expiry ?? '',
  }));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState(0);
  const upload = useUploadDocument(setProgress);
  const fields = FIELDS[kind];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const sent: Record<string, string> = { kind };
    for (const field of fields) sent[field.name] = values[field.name] ?? '';
    const found: Errors = {};
    // The rules load with the first submit, not with the page (PAGE-18).
    const { DocumentFieldsSchema } = await import('../../../../shared/schemas/documents');
    const parsed = DocumentFieldsSchema.safeParse(sent);
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= [issue.message];
    const fileError = checkFile(file);
    if (fileError) found.file = [fileError];
    setErrors(found);
    if (Object.keys(found).length || !file) {
      const first = Object.keys(found)[0];
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({ fields: sent, file });
      setFile(null);
      onDone?.();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.errors);
    }
  }

  const errorOf = (name: string) => errors[name]?.[0];
  const generalError =
    upload.error instanceof ApiError && !Object.keys(upload.error.errors).length
      ? upload.error.message
      : null;

  return (
    <form className="document-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="profile-grid">
        {fields.map((field) => {
          const inputId = `${id}-${field.name}`;
          return (
            <div className="field" key={field.name}>
              <label htmlFor={inputId}>{field.label}</label>
              <input
                id={inputId}
                name={field.name}
                className="input"
                type={field.type}
                autoComplete="off"
                value={values[field.name] ?? ''}
                aria-invalid={errorOf(field.name) ? true : undefined}
                aria-describedby={describedBy(inputId, field.hint, errorOf(field.name))}
                onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              />
              <FieldMessages id={inputId} hint={field.hint} error={errorOf(field.name)} />
            </div>
          );
        })}
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>
          Photo of the {kind === 'ghana_card' ? 'card' : 'licence'}
        </label>
        <input
          id={`${id}-file`}
          name="file"
          className="input document-file"
          type="file"
          accept={DOCUMENT_ACCEPT.join(',')}
          aria-invalid={errorOf('file') ? true : undefined}
          aria-describedby={describedBy(
            `${id}-file`,
            'JPG, PNG or WebP, at most 8 MB. Every corner and word readable.',
            errorOf('file'),
          )}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <FieldMessages
          id={`${id}-file`}
          hint="JPG, PNG or WebP, at most 8 MB. Every corner and word readable."
          error={errorOf('file')}
        />
      </div>
      {generalError && (
        <p className="alert alert-error" role="alert">
          {generalError}
        </p>
      )}
      <div className="profile-actions">
        <button type="submit" className="btn btn-primary" disabled={upload.isPending}>
          {upload.isPending
            ? `Uploading… ${Math.round(progress * 100)}%`
            : current
              ? 'Upload new photo'
              : 'Upload'}
        </button>
        {onDone && current && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={onDone}
            disabled={upload.isPending}
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

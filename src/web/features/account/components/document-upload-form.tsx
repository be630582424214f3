import { useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  documentMessages,
} from '../../../../shared/documents';
import type { CustomerDocument, DocumentKind } from '../../../../shared/schemas/documents';
import { FieldMessages, describedBy } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { lazyRuleset } from '../../../lib/lazy-resolver';
import { useUploadDocument } from '../api/documents';

const FIELDS: Record<
  DocumentKind,
  {
    name: 'ghana_card_pin' | 'date_of_birth' | 'licence_number' | 'licence_expiry';
    label: string;
    type: 'text' | 'date';
    hint?: string;
  }[]
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

interface DocumentFormValues {
  kind: DocumentKind;
  ghana_card_pin: string;
  date_of_birth: string;
  licence_number: string;
  licence_expiry: string;
  file: FileList | null;
}
type FieldName = Exclude<keyof DocumentFormValues, 'kind' | 'file'>;

/** The text fields of this kind of document, as they are sent (the server's own parts). */
const sentFields = (values: DocumentFormValues): Record<string, string> => {
  const sent: Record<string, string> = { kind: values.kind };
  for (const field of FIELDS[values.kind]) sent[field.name] = values[field.name];
  return sent;
};

/*
 * The server's rules for the fields (DocumentFieldsSchema) and the file's type and size, every
 * message at once. The schema loads after the page has rendered (lib/lazy-resolver.ts).
 */
const resolver = lazyRuleset<DocumentFormValues, DocumentFormValues>(() =>
  import('../../../../shared/schemas/documents').then(({ DocumentFieldsSchema }) => (values) => {
    const errors: FieldErrors<DocumentFormValues> = {};
    const parsed = DocumentFieldsSchema.safeParse(sentFields(values));
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as FieldName;
        errors[name] ??= { type: 'validate', message: issue.message };
      }
    const fileError = checkFile(values.file?.[0] ?? null);
    if (fileError) errors.file = { type: 'validate', message: fileError };
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  }),
);

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
  const [progress, setProgress] = useState(0);
  const upload = useUploadDocument(setProgress);
  const fields = FIELDS[kind];
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    formState: { errors },
  } = useForm<DocumentFormValues>({
    resolver,
    reValidateMode: 'onSubmit',
    defaultValues: {
      kind,
      ghana_card_pin: current?.ghana_card_pin ?? '',
      date_of_birth: current?.date_of_birth ?? '',
      licence_number: current?.licence_number ?? '',
      licence_expiry: current?.licence_expiry ?? '',
      file: null,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const file = values.file?.[0];
    if (!file) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ fields: sentFields(values), file });
      resetField('file');
      onDone?.();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const named = Object.entries(error.errors).filter(
        ([field]) => field === 'file' || fields.some((f) => f.name === field),
      );
      for (const [field, fieldMessages] of named)
        setError(field as FieldName | 'file', { message: fieldMessages?.[0] });
      if (named[0]) setFocus(named[0][0] as FieldName | 'file');
    }
  });

  const errorOf = (name: FieldName | 'file') => errors[name]?.message;
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
                className="input"
                type={field.type}
                autoComplete="off"
                aria-invalid={errorOf(field.name) ? true : undefined}
                aria-describedby={describedBy(inputId, field.hint, errorOf(field.name))}
                {...register(field.name)}
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
          className="input document-file"
          type="file"
          accept={DOCUMENT_ACCEPT.join(',')}
          aria-invalid={errorOf('file') ? true : undefined}
          aria-describedby={describedBy(
            `${id}-file`,
            'JPG, PNG or WebP, at most 8 MB. Every corner and word readable.',
            errorOf('file'),
          )}
          {...register('file')}
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

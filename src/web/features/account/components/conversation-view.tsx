import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  CONVERSATION_PHOTO_ACCEPT,
  CONVERSATION_PHOTO_MAX_BYTES,
  CONVERSATION_PHOTOS_MAX,
  CONVERSATION_TEXT_MAX,
  conversationMessages as texts,
} from '../../../../shared/conversations';
import type { ConversationMessage } from '../../../../shared/schemas/conversations';
import { describedBy, FieldMessages } from '../../../components/form-fields';
import { PrivateImage } from '../../../components/private-image';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/booking-labels';
import { Link, useSearchParams } from '../../../lib/router';
import { useMarkConversationRead, useMyConversation, useSendMessage } from '../api/conversation';
import './conversation.css';

function MessageItem({ message }: { message: ConversationMessage }) {
  const mine = message.author === 'renter';
  const who = mine ? 'You' : `${message.staff_name ?? 'CarLink'} at CarLink`;
  return (
    <li className={mine ? 'bubble mine' : 'bubble'}>
      <p className="bubble-who">
        {who}
        {message.booking_code && (
          <>
            {' · '}
            <Link to={paths.booking.getHref(message.booking_code)}>{message.booking_code}</Link>
          </>
        )}
      </p>
      {message.body && <p className="bubble-text">{message.body}</p>}
      {message.photos.length > 0 && (
        <div className="bubble-photos">
          {message.photos.map((photo, i) => (
            <PrivateImage
              key={photo.id}
              url={photo.url}
              alt={`Photo ${i + 1} of ${message.photos.length} sent by ${mine ? 'you' : who}`}
            />
          ))}
        </div>
      )}
      <time className="bubble-time" dateTime={message.created_at}>
        {formatDateTime(message.created_at)}
        {message.via === 'contact_form' && ' · contact form'}
      </time>
    </li>
  );
}

/** The photos chosen, checked before sending (the server checks again, CONV-3). */
function photoProblem(files: File[]): string | undefined {
  if (files.length > CONVERSATION_PHOTOS_MAX) return texts.tooManyPhotos;
  if (files.some((f) => !(CONVERSATION_PHOTO_ACCEPT as readonly string[]).includes(f.type)))
    return texts.photoType;
  if (files.some((f) => f.size > CONVERSATION_PHOTO_MAX_BYTES)) return texts.photoTooLarge;
  return undefined;
}

function Compose({
  bookingCode,
  onClearBooking,
}: {
  bookingCode: string | null;
  onClearBooking: () => void;
}) {
  const id = useId();
  const send = useSendMessage();
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [notice, setNotice] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    const local = {
      body:
        !body.trim() && !photos.length
          ? texts.empty
          : body.trim().length > CONVERSATION_TEXT_MAX
            ? texts.tooLong
            : undefined,
      photos: photoProblem(photos),
    };
    setErrors(local);
    if (local.body || local.photos) return;
    try {
      const answer = await send.mutateAsync({ body: body.trim(), bookingCode, photos });
      setBody('');
      setPhotos([]);
      if (fileInput.current) fileInput.current.value = '';
      setNotice(answer.message);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      setErrors({
        body: error.errors.body?.[0],
        photos: error.errors.photos?.[0],
        booking: error.errors.booking_code?.[0],
        general: Object.keys(error.errors).length ? undefined : error.message,
      });
    }
  };

  const bodyId = `${id}-body`;
  const photosId = `${id}-photos`;
  return (
    <form className="compose" onSubmit={submit} noValidate aria-label="Write to CarLink">
      {bookingCode && (
        <p className="compose-about">
          About booking <strong>{bookingCode}</strong>{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClearBooking}>
            Not about this booking
          </button>
        </p>
      )}
      {errors.booking && (
        <p className="alert alert-error" role="alert">
          {errors.booking}
        </p>
      )}
      <div className="field">
        <label htmlFor={bodyId}>Your message</label>
        <textarea
          id={bodyId}
          className="input"
          rows={4}
          maxLength={CONVERSATION_TEXT_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy(bodyId, null, errors.body)}
        />
        <FieldMessages id={bodyId} error={errors.body} />
      </div>
      <div className="field">
        <label htmlFor={photosId}>Photos (optional, up to {CONVERSATION_PHOTOS_MAX})</label>
        <input
          id={photosId}
          ref={fileInput}
          type="file"
          className="input"
          multiple
          accept={CONVERSATION_PHOTO_ACCEPT.join(',')}
          onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
          aria-invalid={errors.photos ? true : undefined}
          aria-describedby={describedBy(photosId, 'JPG, PNG or WebP, 8 MB each', errors.photos)}
        />
        <FieldMessages id={photosId} hint="JPG, PNG or WebP, 8 MB each" error={errors.photos} />
      </div>
      {errors.general && (
        <p className="alert alert-error" role="alert">
          {errors.general}
        </p>
      )}
      <div className="compose-actions">
        <p role="status" className="compose-notice">
          {notice}
        </p>
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}

/**
 * The renter's one conversation with the company (CONV-1): the thread, oldest at the top,
 * earlier messages on demand, and the form to write (text, photos, the booking it is about).
 */
export function ConversationView() {
  const [params, setParams] = useSearchParams();
  const bookingCode = params.get('booking')?.trim().toUpperCase() || null;
  const thread = useMyConversation();
  const markRead = useMarkConversationRead();
  const unread = thread.data?.pages[0]?.conversation?.unread ?? 0;
  const { mutate: markReadNow } = markRead;

  // CONV-13: opening the page reads the replies.
  useEffect(() => {
    if (unread > 0) markReadNow();
  }, [unread, markReadNow]);

  const messages = (thread.data?.pages ?? []).flatMap((p) => p.messages).reverse();
  const conversation = thread.data?.pages[0]?.conversation ?? null;

  return (
    <div className="card conversation">
      <header className="conversation-head">
        <h2>CarLink Ghana team</h2>
        <p className="muted">
          Ask about a booking, send a photo of a scratch or a receipt. We reply here and text you
          when we do.
        </p>
      </header>
      {thread.isPending ? (
        <p role="status" className="conversation-state">
          Loading your messages…
        </p>
      ) : thread.isError ? (
        <p className="alert alert-error" role="alert">
          Couldn’t load your messages.{' '}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void thread.refetch()}
          >
            Try again
          </button>
        </p>
      ) : messages.length === 0 ? (
        <p className="conversation-state muted">No messages yet. Write to us below.</p>
      ) : (
        <>
          {thread.hasNextPage && (
            <p className="conversation-more">
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={thread.isFetchingNextPage}
                onClick={() => void thread.fetchNextPage()}
              >
                {thread.isFetchingNextPage ? 'Loading…' : 'Show earlier messages'}
              </button>
            </p>
          )}
          <ol className="conversation-list" aria-label="Messages with CarLink">
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} />
            ))}
          </ol>
          {conversation?.status === 'closed' && (
            <p className="muted conversation-closed">
              We closed this conversation. Write again and it opens.
            </p>
          )}
        </>
      )}
      <Compose
        bookingCode={bookingCode}
        onClearBooking={() => {
          const next = new URLSearchParams(params);
          next.delete('booking');
          setParams(next);
        }}
      />
    </div>
  );
}

import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Car } from '../../../../shared/schemas/cars';
import { CarImage } from '../../../components/car-image';
import { Dialog } from '../../../components/dialog';
import { ChevronLeftIcon, ChevronRightIcon, ExpandIcon } from '../../../components/icons';
import './car-gallery.css';

/** PAGE-6: the gallery is 924×550. */
const GALLERY_WIDTH = 924;
const GALLERY_HEIGHT = 550;
/** PAGE-6: a swipe counts from 40 px. */
const SWIPE_THRESHOLD_PX = 40;

interface CarGalleryProps {
  images: Car['images'];
  title: string;
}

/**
 * The car's photos: previous/next, thumbnails, arrow keys, swipe on touch screens, and a
 * lightbox (a real <dialog>) for the big picture. Broken photos become the placeholder
 * (CarImage). A car without photos shows the placeholder alone.
 */
export function CarGallery({ images, title }: CarGalleryProps) {
  const photos = images.length > 0 ? images : [{ image_url: '', alt: title }];
  const count = photos.length;
  const [index, setIndex] = useState(0);
  const [lightbox, setLightbox] = useState(false);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const current = photos[Math.min(index, count - 1)]!;

  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);

  const go = (next: number) => setIndex((next + count) % count);

  /**
   * Left and Right change the photo from anywhere in the gallery. On the thumbnails, which
   * are one Tab stop (a roving tabindex, as the sign-in tabs), Home and End go to the first
   * and last too, and focus follows the photo chosen (PAGE-24).
   */
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (count < 2) return;
    const onThumb = thumbs.current.includes(event.target as HTMLButtonElement);
    const keys: Record<string, number | undefined> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      ...(onThumb ? { Home: 0, End: count - 1 } : {}),
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + count) % count;
    setIndex(next);
    if (onThumb) thumbs.current[next]?.focus();
  }

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    swiped.current = false;
    swipeStart.current =
      event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
  }

  function onPointerUp(event: PointerEvent<HTMLElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy)) {
      swiped.current = true;
      go(dx < 0 ? index + 1 : index - 1);
    }
  }

  const altOf = (photo: (typeof photos)[number]) => photo.alt || title;
  const swipeHandlers = {
    onPointerDown,
    onPointerUp,
    onPointerCancel: () => (swipeStart.current = null),
  };

  return (
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={`Photos of the ${title}`}
      onKeyDown={onKeyDown}
    >
      <div className="gallery-stage" {...swipeHandlers}>
        <button
          type="button"
          className="gallery-open"
          onClick={() => {
            // A swipe that ends on the picture is not a tap on it.
            if (swiped.current) return;
            setLightbox(true);
          }}
          aria-label={`Open photo ${index + 1} of ${count} full size`}
        >
          <CarImage
            key={current.image_url}
            src={current.image_url}
            alt={altOf(current)}
            width={GALLERY_WIDTH}
            height={GALLERY_HEIGHT}
            fetchPriority="high"
          />
          <span className="gallery-zoom" aria-hidden="true">
            <ExpandIcon size={18} />
          </span>
        </button>
        {count > 1 && (
          <>
            <PhotoArrows onGo={go} index={index} />
            <p className="gallery-counter" aria-live="polite">
              <span className="visually-hidden">Photo </span>
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>

      {count > 1 && (
        <ul className="gallery-thumbs" aria-label="Choose a photo">
          {photos.map((photo, i) => (
            <li key={photo.image_url + i}>
              <button
                type="button"
                className="gallery-thumb"
                aria-label={`Show photo ${i + 1}: ${altOf(photo)}`}
                aria-current={i === index ? 'true' : undefined}
                tabIndex={i === index ? 0 : -1}
                ref={(element) => {
                  thumbs.current[i] = element;
                }}
                onClick={() => go(i)}
              >
                <CarImage src={photo.image_url} alt="" width={160} height={96} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={lightbox}
        title={title}
        onClose={() => setLightbox(false)}
        className="modal-wide"
      >
        <div className="lightbox">
          <div className="lightbox-stage" {...swipeHandlers}>
            <CarImage
              key={current.image_url}
              src={current.image_url}
              alt={altOf(current)}
              width={GALLERY_WIDTH}
              height={GALLERY_HEIGHT}
            />
            {count > 1 && <PhotoArrows onGo={go} index={index} />}
          </div>
          <p className="lightbox-caption" aria-live="polite">
            <span>{altOf(current)}</span>
            {count > 1 && (
              <span className="lightbox-count">
                Photo {index + 1} of {count}
              </span>
            )}
          </p>
        </div>
      </Dialog>
    </section>
  );
}

/** Previous and next photo: the same on the page and in the lightbox. */
function PhotoArrows({ index, onGo }: { index: number; onGo: (index: number) => void }) {
  return (
    <>
      <button
        type="button"
        className="gallery-arrow gallery-prev"
        onClick={() => onGo(index - 1)}
        aria-label="Previous photo"
      >
        <ChevronLeftIcon size={22} />
      </button>
      <button
        type="button"
        className="gallery-arrow gallery-next"
        onClick={() => onGo(index + 1)}
        aria-label="Next photo"
      >
        <ChevronRightIcon size={22} />
      </button>
    </>
  );
}

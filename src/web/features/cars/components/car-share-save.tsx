import { useEffect, useState } from 'react';
import type { Car } from '../../../../shared/schemas/cars';
import { formatPricePerDay } from '../../../../shared/money';
import { paths } from '../../../config/paths';
import { toggleWishlist, useIsSaved } from '../../../lib/wishlist';
import { HeartIcon, ShareIcon } from '../../../components/icons';

const NOTICE_MS = 4000;

/**
 * PAGE-6: Share uses the Web Share API where there is one, else copies the link
 * and says so; Save toggles the car in the `wishlist` (and in the account, AREA-5). Save is a toggle button: its name stays
 * 'Save' and aria-pressed (and the filled heart) carry the state.
 */
export function CarShareSave({ car }: { car: Car }) {
  const saved = useIsSaved(car.id);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(''), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  async function share() {
    const url = new URL(paths.carDetails.getHref(car.id), window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: car.title,
          text: `${car.title}, ${formatPricePerDay(car.price)} on CarLink Ghana`,
          url,
        });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNotice('Link copied');
    } catch {
      setNotice(`Copy this link to share it: ${url}`);
    }
  }

  return (
    <div className="share-save">
      <div className="share-save-buttons">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void share()}>
          <ShareIcon size={16} />
          Share
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm save-btn"
          aria-pressed={saved}
          onClick={() => {
            const { saved: now, done } = toggleWishlist(car.id);
            setNotice(now ? 'Saved to your favorites' : 'Removed from your favorites');
            // AREA-5: signed in, the account keeps it; refused, the heart is put back and said.
            done.catch((error: unknown) =>
              setNotice(
                `${now ? 'Could not save' : 'Could not remove'} it: ${
                  error instanceof Error ? error.message : 'please try again'
                }`,
              ),
            );
          }}
        >
          <HeartIcon size={16} filled={saved} />
          Save
        </button>
      </div>
      <p className="share-save-notice" role="status">
        {notice}
      </p>
    </div>
  );
}

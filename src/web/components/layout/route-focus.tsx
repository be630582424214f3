import { useEffect, useRef, useState } from 'react';
import { useLocation } from '../../lib/router';

/** A page that loads its data first shows its heading later; past this, nothing is moved. */
const HEADING_WAIT_MS = 10_000;

const isTextEntry = (element: Element | null) =>
  element instanceof HTMLElement &&
  (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));

/** Focus the page has put somewhere on purpose (a notice, a heading, a field) is left there. */
const isPageChosenFocus = (element: Element | null, main: HTMLElement) =>
  element !== null &&
  main.contains(element) &&
  element !== main &&
  !(element instanceof HTMLAnchorElement || element instanceof HTMLButtonElement);

/**
 * After a move to another page, focus goes to the new page's main heading and a polite live
 * region says the page's title, as a full page load would for a screen reader. Only a change of
 * path counts: the inventory's filters change the query string while the person works in them,
 * and must not lose their place. Nothing happens on the first load (the browser starts at the
 * top already), nor for redirects before the person has done anything. The site's layout and the
 * staff console's shell (its main is `admin-main`) both use it (PAGE-23).
 */
export function RouteFocus({ mainId = 'main' }: { mainId?: string } = {}) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const interacted = useRef(false);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    document.addEventListener('pointerdown', mark, { capture: true, once: true });
    document.addEventListener('keydown', mark, { capture: true, once: true });
    return () => {
      document.removeEventListener('pointerdown', mark, { capture: true });
      document.removeEventListener('keydown', mark, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (!interacted.current) return;
    const main = document.getElementById(mainId);
    if (!main) return;
    const before = document.activeElement;
    let announceTimer = 0;

    const settle = (heading: HTMLElement | null) => {
      const now = document.activeElement;
      const focusMovedSince = now !== before && now !== document.body && now !== null;
      if (heading && !focusMovedSince && !isTextEntry(now) && !isPageChosenFocus(now, main)) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      // The page sets its title in an effect of its own; read it once that has run. Emptied
      // first, so that coming back to a page with the same title is announced again.
      announceTimer = window.setTimeout(() => {
        setAnnouncement('');
        announceTimer = window.setTimeout(() => setAnnouncement(document.title), 50);
      }, 100);
    };

    const findHeading = () => main.querySelector<HTMLElement>('h1');
    const found = findHeading();
    if (found) {
      settle(found);
      return () => window.clearTimeout(announceTimer);
    }
    const observer = new MutationObserver(() => {
      const heading = findHeading();
      if (!heading) return;
      stop();
      settle(heading);
    });
    const giveUp = window.setTimeout(() => {
      stop();
      settle(null);
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(giveUp);
    }
    observer.observe(main, { childList: true, subtree: true });
    return () => {
      stop();
      window.clearTimeout(announceTimer);
    };
  }, [pathname, mainId]);

  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}

import { useEffect, useState } from 'react';

/** Milliseconds left until `until` (never negative), refreshed every second while running. */
export function useCountdown(until: string | null | undefined): number | null {
  const target = until ? Date.parse(until) : NaN;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (Number.isNaN(target)) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= target) window.clearInterval(timer);
    };
    // At once (the clock may be stale when the target changed long after the mount), then
    // every second.
    const first = window.setTimeout(tick);
    const timer = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [target]);

  if (Number.isNaN(target)) return null;
  return Math.max(0, target - now);
}

/** '14:05' for fourteen minutes and five seconds. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

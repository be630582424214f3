import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import placeholder from '../assets/car-placeholder.svg';

interface CarImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string | null | undefined;
  alt: string;
  /** PAGE-8: on the booking summary an image that takes over 5 s is replaced too. */
  timeoutMs?: number;
}

/** PAGE-6: a missing path gives the default image, and a broken image the placeholder. */
export function resolveImageUrl(path: string | null | undefined): string {
  if (!path) return placeholder;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `/${path.replace(/^\/+/, '')}`;
}

export function CarImage({
  src,
  alt,
  timeoutMs,
  width = 800,
  height = 480,
  ...rest
}: CarImageProps) {
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // Another image: it has neither failed nor loaded yet (reset during the render, so the old
  // image's state is never shown with the new one).
  const [shownSrc, setShownSrc] = useState(src);
  if (src !== shownSrc) {
    setShownSrc(src);
    setFailed(false);
    setLoaded(false);
  }
  const url = failed ? placeholder : resolveImageUrl(src);

  useEffect(() => {
    if (!timeoutMs || loaded || failed) return;
    const timer = window.setTimeout(() => setFailed(true), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [timeoutMs, loaded, failed, src]);

  return (
    <img
      src={url}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      onLoad={() => setLoaded(true)}
      onError={() => setFailed(true)}
      {...rest}
    />
  );
}

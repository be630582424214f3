import { usePrivateImage } from '../lib/private-files';
import './private-image.css';

/**
 * An image only its owner and staff may see (DOC-6): fetched with the bearer token and shown
 * from memory. A link opens it full size in a new tab only while this page lives.
 */
export function PrivateImage({ url, alt }: { url: string; alt: string }) {
  const image = usePrivateImage(url);
  if (image.error)
    return <p className="private-image private-image-state">Couldn’t load the photo.</p>;
  if (!image.src)
    return (
      <p className="private-image private-image-state" role="status">
        Loading the photo…
      </p>
    );
  return (
    <a className="private-image" href={image.src} target="_blank" rel="noreferrer">
      <img src={image.src} alt={alt} />
      <span className="visually-hidden"> (opens full size)</span>
    </a>
  );
}

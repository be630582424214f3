import './error-page.css';

/**
 * What a person sees instead of a page that failed to render, or whose script could not be
 * downloaded (a dropped connection, or a deploy that replaced the old files): what happened,
 * and a way out. One text for both: the way out is the same.
 */
export function ErrorPage() {
  return (
    <div className="container page error-page" role="alert">
      <h1>Something went wrong</h1>
      <p className="muted">
        This page could not be shown: the connection may have dropped, or the site has just been
        updated. Reloading the page usually fixes it.
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

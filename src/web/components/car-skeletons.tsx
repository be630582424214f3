import './car-skeletons.css';

/** PAGE-3: the loading placeholder is 8 card skeletons. */
export function CarSkeletons({ count = 8 }: { count?: number }) {
  return (
    <div className="grid-cars" role="status" aria-live="polite">
      <span className="visually-hidden">Loading cars…</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card skeleton-card" aria-hidden="true">
          <div className="skeleton skeleton-image" />
          <div className="skeleton-body">
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-line short" />
            <div className="skeleton skeleton-line price" />
          </div>
        </div>
      ))}
    </div>
  );
}

import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { sampleSavedSearches } from '../sample-data';

/** Saved Search (PAGE-11): the static table. 'Open' runs the same search on the real list. */
export function SavedSearchesTable() {
  return (
    <section className="card account-panel" aria-labelledby="saved-title">
      <div className="account-panel-head">
        <h2 id="saved-title">Your saved searches</h2>
      </div>
      <div
        className="account-table-wrap"
        role="region"
        aria-label="Saved searches table"
        tabIndex={0}
      >
        <table className="account-table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Saved Search Query</th>
              <th scope="col">Number Listings</th>
              <th scope="col">Times</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {sampleSavedSearches.map((search) => (
              <tr key={search.id}>
                <td>
                  <strong>{search.title}</strong>
                </td>
                <td>
                  <code className="query-chip">{search.query}</code>
                </td>
                <td>{search.listings}</td>
                <td>{search.times}</td>
                <td>
                  <Link
                    to={paths.availableCars.getHref(search.filter)}
                    className="btn btn-outline btn-sm"
                    aria-label={`Open search: ${search.title}`}
                  >
                    Open
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="table-footnote">
        Showing 1 to {sampleSavedSearches.length} of {sampleSavedSearches.length} saved searches
      </p>
    </section>
  );
}

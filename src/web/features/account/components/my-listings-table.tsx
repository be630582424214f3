import { useId, useMemo, useState } from 'react';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { sampleListings } from '../sample-data';

/**
 * My Listings (PAGE-11) over sample rows. The search, the sort and Remove act on this page's
 * copy only (nothing is sent); Edit leads to Add Listings.
 */
export function MyListingsTable() {
  const id = useId();
  const [rows, setRows] = useState(sampleListings);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<'newest' | 'oldest'>('newest');
  const [status, setStatus] = useState('');

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    const matching = rows.filter(
      (row) => !term || `${row.make} ${row.model} ${row.year}`.toLowerCase().includes(term),
    );
    return [...matching].sort((a, b) =>
      sort === 'newest'
        ? b.listedOn.localeCompare(a.listedOn)
        : a.listedOn.localeCompare(b.listedOn),
    );
  }, [rows, search, sort]);

  return (
    <section className="card account-panel" aria-labelledby={`${id}-title`}>
      <div className="account-panel-head">
        <h2 id={`${id}-title`}>Your cars</h2>
        <div className="panel-controls">
          <div className="field">
            <label htmlFor={`${id}-search`}>Search listings</label>
            <input
              id={`${id}-search`}
              className="input"
              type="search"
              placeholder="Make, model or year"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-sort`}>Sort by</label>
            <select
              id={`${id}-sort`}
              className="select"
              value={sort}
              onChange={(e) => setSort(e.target.value as 'newest' | 'oldest')}
            >
              <option value="newest">Newest</option>
              <option value="oldest">Oldest</option>
            </select>
          </div>
        </div>
      </div>
      <div className="account-table-wrap" role="region" aria-label="Listings table" tabIndex={0}>
        <table className="account-table">
          <thead>
            <tr>
              <th scope="col">Make</th>
              <th scope="col">Model</th>
              <th scope="col">Year</th>
              <th scope="col">Transmission</th>
              <th scope="col">FuelType</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id}>
                <td>{row.make}</td>
                <td>{row.model}</td>
                <td>{row.year}</td>
                <td>{row.transmission}</td>
                <td>{row.fuelType}</td>
                <td>
                  <div className="table-actions">
                    <Link
                      to={paths.addListings.getHref()}
                      className="btn btn-outline btn-sm"
                      aria-label={`Edit ${row.make} ${row.model} ${row.year}`}
                    >
                      Edit
                    </Link>
                    <button
                      type="button"
                      className="btn btn-danger-outline btn-sm"
                      aria-label={`Remove ${row.make} ${row.model} ${row.year}`}
                      onClick={() => {
                        setRows((current) => current.filter((r) => r.id !== row.id));
                        setStatus(`${row.make} ${row.model} removed from this sample list.`);
                      }}
                    >
                      Remove
                    </button>
                  </div>
                </td>
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  No listings match “{search}”.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <p className="table-footnote">
        Showing {shown.length === 0 ? 0 : 1} to {shown.length} of {rows.length} listings
      </p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
    </section>
  );
}

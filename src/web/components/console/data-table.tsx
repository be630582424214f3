import type { ReactNode } from 'react';
import { TABLE_QUERY, useMediaQuery } from './use-media-query';
import './data-table.css';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers and money line up on the right. */
  numeric?: boolean;
  /**
   * Where the column goes on a phone card: 'title' (the card's heading, usually the link to
   * the detail page), 'badge' (top right), 'hide', or a labelled line (the default).
   */
  card?: 'title' | 'badge' | 'hide';
  /**
   * 'hide' keeps the column off the wide table, for a card's badge that the table already
   * shows in another cell (a column of mostly blank cells reads as broken).
   */
  table?: 'hide';
}

interface DataTableProps<T> {
  /** Names the table (and the list of cards) for screen readers. */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** True while a newer page is loading: the old rows stay, dimmed. */
  stale?: boolean;
}

/**
 * A table on wide screens; on a phone the same rows as stacked cards. Only one of the two is
 * rendered, so a screen reader (and a test) meets each row once.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, stale }: DataTableProps<T>) {
  const wide = useMediaQuery(TABLE_QUERY);
  const className = stale ? 'data-table-wrap data-stale' : 'data-table-wrap';

  if (wide) {
    const shown = columns.filter((column) => column.table !== 'hide');
    return (
      <div className={className} aria-busy={stale || undefined}>
        <table className="data-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {shown.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric ? 'is-numeric' : undefined}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {shown.map((column) => (
                  <td key={column.key} className={column.numeric ? 'is-numeric' : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const title = columns.find((c) => c.card === 'title');
  const badges = columns.filter((c) => c.card === 'badge');
  const lines = columns.filter((c) => c.card === undefined);
  return (
    <ul
      className={`data-cards${stale ? ' data-stale' : ''}`}
      aria-label={caption}
      aria-busy={stale || undefined}
    >
      {rows.map((row) => (
        <li key={rowKey(row)} className="data-card">
          <div className="data-card-top">
            {title && <div className="data-card-title">{title.cell(row)}</div>}
            {badges.length > 0 && (
              <div className="data-card-badges">
                {badges.map((column) => (
                  <span key={column.key}>{column.cell(row)}</span>
                ))}
              </div>
            )}
          </div>
          <dl className="data-card-lines">
            {lines.map((column) => (
              <div key={column.key}>
                <dt>{column.header}</dt>
                <dd>{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

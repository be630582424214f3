import { useMemo, useState } from 'react';
import { addDays, todayInAccra } from '../../../../shared/dates';
import { Spinner } from '../../../components/spinner';
import { useCarAvailability } from '../api/cars';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import './availability-calendar.css';

const MONTHS_SHOWN = 2;
const WEEKDAYS = [
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
  ['Su', 'Sunday'],
] as const;
const monthName = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

interface Month {
  year: number;
  month: number; // 0-11
}

const iso = (y: number, m: number, d: number) =>
  new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
const monthOf = (date: string): Month => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)) - 1,
});
const shift = ({ year, month }: Month, by: number): Month => ({
  year: year + Math.floor((month + by) / 12),
  month: (((month + by) % 12) + 12) % 12,
});
const monthsBetween = (a: Month, b: Month) => (b.year - a.year) * 12 + (b.month - a.month);

/** Weeks of a month, Monday first; null pads the days of the neighbouring months. */
function weeksOf({ year, month }: Month): (string | null)[][] {
  const first = new Date(Date.UTC(year, month, 1));
  const lead = (first.getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(lead).fill(null)];
  for (let d = 1; d <= days; d++) cells.push(iso(year, month, d));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Every booked day in the window, from the API's inclusive ranges. */
function bookedDays(
  ranges: { start_date: string; end_date: string }[],
  from: string,
  to: string,
): Set<string> {
  const days = new Set<string>();
  for (const range of ranges) {
    let day = range.start_date < from ? from : range.start_date;
    const last = range.end_date > to ? to : range.end_date;
    while (day <= last) {
      days.add(day);
      day = addDays(day, 1);
    }
  }
  return days;
}

function MonthTable({
  month,
  booked,
  today,
  to,
}: {
  month: Month;
  booked: Set<string>;
  today: string;
  to: string;
}) {
  const label = monthName.format(new Date(Date.UTC(month.year, month.month, 1)));
  return (
    <table className="cal-month">
      <caption>{label}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col" abbr={long}>
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(month).map((week, w) => (
          <tr key={w}>
            {week.map((day, d) => {
              if (!day) return <td key={d} />;
              const isBooked = booked.has(day);
              const isPast = day < today;
              const unknown = day > to;
              const className = [
                'cal-day',
                isBooked && 'is-booked',
                isPast && 'is-past',
                day === today && 'is-today',
                unknown && 'is-unknown',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <td key={d}>
                  <span className={className}>
                    {Number(day.slice(8))}
                    {day === today && <span className="visually-hidden">, today</span>}
                    {isBooked && <span className="visually-hidden">, Booked</span>}
                    {isPast && <span className="visually-hidden">, past</span>}
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The days this car is already taken (BOOK-3, CAT-6), two months at a time. The API gives
 * date ranges only, never who booked them.
 */
export function AvailabilityCalendar({ carId }: { carId: number }) {
  const availability = useCarAvailability(carId);
  const today = todayInAccra();
  const [offset, setOffset] = useState(0);

  const span = availability.data ?? null;
  const booked = useMemo(
    () => (span ? bookedDays(span.booked, span.from, span.to) : new Set<string>()),
    [span],
  );

  const first = monthOf(span?.from ?? today);
  const lastOffset = span
    ? Math.max(0, monthsBetween(first, monthOf(span.to)) - (MONTHS_SHOWN - 1))
    : 0;
  const months = Array.from({ length: MONTHS_SHOWN }, (_, i) => shift(first, offset + i));
  const rangeLabel = `${monthName.format(new Date(Date.UTC(months[0]!.year, months[0]!.month, 1)))} to ${monthName.format(
    new Date(Date.UTC(months.at(-1)!.year, months.at(-1)!.month, 1)),
  )}`;

  return (
    <section className="availability" aria-labelledby="availability-title">
      <div className="availability-head">
        <div>
          <h2 id="availability-title">Availability</h2>
          <p className="muted">
            {availability.isSuccess && booked.size === 0
              ? 'No bookings yet in the coming months: every day is free.'
              : 'Days already booked are marked. Choose free days when you book.'}
          </p>
        </div>
        {availability.isSuccess && (
          <div className="availability-nav">
            <button
              type="button"
              className="cal-nav"
              onClick={() => setOffset((o) => Math.max(0, o - 1))}
              disabled={offset === 0}
              aria-label="Previous month"
            >
              <ChevronLeftIcon size={18} />
            </button>
            <button
              type="button"
              className="cal-nav"
              onClick={() => setOffset((o) => Math.min(lastOffset, o + 1))}
              disabled={offset >= lastOffset}
              aria-label="Next month"
            >
              <ChevronRightIcon size={18} />
            </button>
          </div>
        )}
      </div>

      {availability.isPending ? (
        <div className="center-state">
          <Spinner label="Loading availability…" />
        </div>
      ) : availability.isError ? (
        <div className="alert alert-error availability-error">
          <span>We couldn’t load the booked dates.</span>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => void availability.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <>
          <p className="visually-hidden" aria-live="polite">
            Showing {rangeLabel}
          </p>
          <div className="cal-months">
            {months.map((month) => (
              <MonthTable
                key={`${month.year}-${month.month}`}
                month={month}
                booked={booked}
                today={today}
                to={availability.data.to}
              />
            ))}
          </div>
          <ul className="cal-legend" aria-label="Legend">
            <li>
              <span className="cal-swatch cal-swatch-free" aria-hidden="true" />
              Free
            </li>
            <li>
              <span className="cal-swatch cal-swatch-booked" aria-hidden="true" />
              Booked
            </li>
            <li>
              <span className="cal-swatch cal-swatch-today" aria-hidden="true" />
              Today
            </li>
          </ul>
        </>
      )}
    </section>
  );
}

/** Hand-drawn SVG charts for the dashboard: no chart library, readable at 360 px. */
import { ordinal } from '../../../components/console/admin-labels';

/** A round number at or above `value` (1, 2 or 5 times a power of ten), for an axis top. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/** 'GH₵ 12k' on an axis: short enough for a phone. */
export function shortCedis(value: number): string {
  if (value >= 1_000_000) return `GH₵\u00a0${trimZero(value / 1_000_000)}m`;
  if (value >= 1_000) return `GH₵\u00a0${trimZero(value / 1_000)}k`;
  return `GH₵\u00a0${Math.round(value)}`;
}
const trimZero = (n: number) =>
  Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, '');

/** Running totals: day i holds the sum of days 0..i. */
export function cumulative(amounts: number[]): number[] {
  let sum = 0;
  return amounts.map((amount) => (sum += amount));
}

/** True when a series has something to draw: at least one day with money in it. */
export const hasAmounts = (...series: number[][]) => series.some((s) => s.some((v) => v > 0));

/**
 * What an empty period shows instead of a bare axis (a flat line at GH₵ 0 reads as broken):
 * words anyone can read, screen readers included (STAFF-31).
 */
export function ChartEmpty({ note }: { note: string }) {
  return (
    <div className="chart-empty">
      <p className="chart-empty-title">No data yet</p>
      <p className="chart-empty-note">{note}</p>
    </div>
  );
}

/** The day labels under a month's axis: the first, the middle and the last, e.g. '31st'. */
export const axisDays = (days: number) =>
  [1, 15, days].map((day) => ({ day, label: ordinal(day) }));

/**
 * The revenue race's x axis: wide enough for the longer of the two months (last month's line
 * keeps all its days), labelled with this month's days only, so November's axis ends at the
 * 30th even beside October's 31 days (STAFF-31).
 */
export function monthAxis(currentDays: number, previousDays: number) {
  const span = Math.max(currentDays, previousDays);
  return {
    span,
    labels: axisDays(currentDays).map(({ day, label }) => ({
      day,
      label,
      anchor:
        day === 1 ? ('start' as const) : day === span ? ('end' as const) : ('middle' as const),
    })),
  };
}

interface MonthSeries {
  label: string;
  /** Money taken each day, from the 1st; shorter than the month while the month runs. */
  daily: number[];
  daysInMonth: number;
}

const W = 320;
const H = 168;
const PAD = { left: 56, right: 12, top: 14, bottom: 26 };

/**
 * This month's money so far against last month's, day by day, as two running totals: one
 * glance says whether the month is ahead. The picture is decorative for screen readers; the
 * figure's caption (the caller's) carries the numbers.
 */
export function RevenueRaceChart({
  current,
  previous,
}: {
  current: MonthSeries;
  previous: MonthSeries;
}) {
  const a = cumulative(current.daily);
  const b = cumulative(previous.daily);
  const axis = monthAxis(current.daysInMonth, previous.daysInMonth);
  const days = axis.span;
  // At least GH₵ 10: below that the middle tick would round to the same label as the top.
  const top = niceCeiling(Math.max(a.at(-1) ?? 0, b.at(-1) ?? 0, 10));
  const x = (day: number) =>
    PAD.left + ((day - 1) / Math.max(days - 1, 1)) * (W - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - value / top) * (H - PAD.top - PAD.bottom);
  const line = (values: number[]) =>
    values.map((v, i) => `${i ? 'L' : 'M'}${x(i + 1).toFixed(1)} ${y(v).toFixed(1)}`).join('');
  const area = a.length ? `${line(a)}L${x(a.length).toFixed(1)} ${y(0)}L${x(1)} ${y(0)}Z` : '';
  const ticks = [0, top / 2, top];
  const last = a.length ? { cx: x(a.length), cy: y(a.at(-1)!) } : null;

  return (
    <svg className="adm-chart" viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} className="chart-grid" />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="chart-axis">
            {shortCedis(tick)}
          </text>
        </g>
      ))}
      {axis.labels.map(({ day, label, anchor }) => (
        <text key={day} x={x(day)} y={H - 6} textAnchor={anchor} className="chart-axis">
          {label}
        </text>
      ))}
      {b.length > 0 && <path d={line(b)} className="chart-line-previous" />}
      {area && <path d={area} className="chart-area" />}
      {a.length > 0 && <path d={line(a)} className="chart-line-current" />}
      {last && <circle cx={last.cx} cy={last.cy} r="4.5" className="chart-dot" />}
    </svg>
  );
}

/** Daily amounts as bars: the days money came in, and the quiet ones, with day labels. */
export function DailyBars({ daily, daysInMonth }: { daily: number[]; daysInMonth: number }) {
  const top = niceCeiling(Math.max(...daily, 1));
  const h = 64;
  const labelsH = 18;
  const gap = 2;
  const barW = (W - gap * (daysInMonth - 1)) / daysInMonth;
  const centre = (day: number) => (day - 1) * (barW + gap) + barW / 2;
  return (
    <svg
      className="adm-chart chart-bars"
      viewBox={`0 0 ${W} ${h + labelsH}`}
      aria-hidden="true"
      focusable="false"
    >
      {/* STAFF-31: the first, middle and last day under their bars, as the line chart names them. */}
      {axisDays(daysInMonth).map(({ day, label }) => (
        <text
          key={`label-${day}`}
          x={day === 1 ? 0 : day === daysInMonth ? W : centre(day)}
          y={h + labelsH - 4}
          textAnchor={day === 1 ? 'start' : day === daysInMonth ? 'end' : 'middle'}
          className="chart-axis"
        >
          {label}
        </text>
      ))}
      {Array.from({ length: daysInMonth }, (_, i) => {
        const value = daily[i];
        const barH = value === undefined ? 0 : Math.max((value / top) * (h - 2), value > 0 ? 3 : 0);
        return (
          <g key={i}>
            <rect
              x={i * (barW + gap)}
              y={h - 2}
              width={barW}
              height={2}
              className={value === undefined ? 'chart-bar-future' : 'chart-bar-base'}
            />
            {barH > 0 && (
              <rect
                x={i * (barW + gap)}
                y={h - barH}
                width={barW}
                height={barH}
                rx={1.5}
                className="chart-bar"
              />
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** A ring filled to `rate` (0 to 1) with the percentage in the middle. */
export function RingGauge({ rate }: { rate: number }) {
  const r = 42;
  const circumference = 2 * Math.PI * r;
  const clamped = Math.min(Math.max(rate, 0), 1);
  return (
    <svg className="chart-ring" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <circle cx="50" cy="50" r={r} className="chart-ring-track" />
      {/* At 0 % a round-capped stroke of no length would still paint a dot. */}
      {clamped > 0 && (
        <circle
          cx="50"
          cy="50"
          r={r}
          className="chart-ring-value"
          strokeDasharray={`${(clamped * circumference).toFixed(2)} ${circumference.toFixed(2)}`}
          transform="rotate(-90 50 50)"
        />
      )}
      <text x="50" y="56" textAnchor="middle" className="chart-ring-text">
        {Math.round(clamped * 100)}%
      </text>
    </svg>
  );
}

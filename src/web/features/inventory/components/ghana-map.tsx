import { useId, type KeyboardEvent } from 'react';
import './ghana-map.css';

/**
 * Ghana drawn from about sixty hand-placed border and coast points (longitude, latitude),
 * plus Lake Volta: a map that needs no tile server, so it works offline and costs a few KiB.
 * Loaded lazily by the map pages only (pickup-map.tsx).
 */
const OUTLINE: [number, number][] = [
  // northern border, west to east
  [-2.85, 11.0],
  [-2.3, 10.98],
  [-1.6, 11.02],
  [-1.1, 11.0],
  [-0.7, 10.95],
  [-0.45, 11.12],
  [-0.15, 11.13],
  [0.03, 11.05],
  // border with Togo, north to south
  [-0.05, 10.72],
  [0.2, 10.42],
  [0.37, 10.2],
  [0.35, 9.7],
  [0.37, 9.45],
  [0.5, 9.1],
  [0.46, 8.7],
  [0.62, 8.45],
  [0.72, 8.3],
  [0.6, 8.0],
  [0.52, 7.6],
  [0.5, 7.42],
  [0.62, 7.1],
  [0.57, 6.92],
  [0.75, 6.55],
  [0.85, 6.3],
  [1.05, 6.18],
  [1.2, 6.1],
  // the coast, Aflao to the Tano
  [0.99, 5.92],
  [0.8, 5.83],
  [0.63, 5.77],
  [0.35, 5.75],
  [0.11, 5.7],
  [0.0, 5.63],
  [-0.2, 5.53],
  [-0.4, 5.45],
  [-0.62, 5.33],
  [-0.8, 5.25],
  [-1.06, 5.19],
  [-1.25, 5.09],
  [-1.4, 5.05],
  [-1.63, 4.99],
  [-1.76, 4.88],
  [-1.95, 4.77],
  [-2.09, 4.74],
  [-2.25, 4.86],
  [-2.55, 4.95],
  [-2.88, 5.04],
  [-3.1, 5.1],
  // border with Côte d'Ivoire, south to north
  [-2.95, 5.35],
  [-2.82, 5.62],
  [-3.0, 5.9],
  [-3.24, 6.25],
  [-3.2, 6.7],
  [-3.05, 7.1],
  [-2.95, 7.5],
  [-2.78, 7.95],
  [-2.62, 8.15],
  [-2.6, 8.7],
  [-2.75, 9.1],
  [-2.7, 9.45],
  [-2.8, 9.7],
  [-2.92, 10.1],
  [-2.93, 10.6],
];

const LAKE_VOLTA: [number, number][] = [
  [0.06, 6.3],
  [0.02, 6.55],
  [-0.1, 6.75],
  [-0.45, 6.78],
  [-0.8, 6.88],
  [-0.55, 6.95],
  [-0.25, 6.98],
  [-0.2, 7.3],
  [-0.12, 7.6],
  [-0.3, 7.9],
  [-0.6, 8.15],
  [-0.95, 8.35],
  [-1.35, 8.55],
  [-1.3, 8.65],
  [-0.95, 8.52],
  [-0.6, 8.7],
  [-0.45, 8.55],
  [-0.3, 8.2],
  [0.02, 7.95],
  [0.1, 7.6],
  [0.05, 7.2],
  [0.12, 6.85],
  [0.15, 6.5],
];

const SCALE = 100;
const WEST = -3.45;
const NORTH = 11.3;
const WIDTH = 490;
const HEIGHT = 680;

/** Plate carrée: at Ghana's latitudes a degree of longitude is within 2% of one of latitude. */
export const project = (long: number, lat: number) => ({
  x: (long - WEST) * SCALE,
  y: (NORTH - lat) * SCALE,
});

const toPath = (points: [number, number][]) =>
  `${points
    .map(([long, lat], i) => {
      const { x, y } = project(long, lat);
      return `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join('')}Z`;

const OUTLINE_PATH = toPath(OUTLINE);
const LAKE_PATH = toPath(LAKE_VOLTA);

export interface MapPin {
  key: string;
  label: string;
  lat: number;
  long: number;
  /** Shown beside the name; 0 dims the pin. */
  count?: number;
}

interface GhanaMapProps {
  pins: MapPin[];
  /** What the map shows, for people who cannot see it. */
  label: string;
  selected?: string | null;
  /** Makes the pins buttons; without it the map is a picture. */
  onSelect?: (key: string) => void;
  /** How a pin's button is named, e.g. 'Accra: 12 cars'. */
  describePin?: (pin: MapPin) => string;
}

interface Placed {
  pin: MapPin;
  x: number;
  y: number;
  text: string;
  box: { x: number; y: number; w: number; h: number };
}

const FONT = 21;
const CHIP_H = 34;
const DOT_R = 9;

/**
 * Puts each name tag beside its pin where it overlaps no other tag or pin: right, left,
 * above, below, in that order (Accra and Tema are 20 km apart, a few pixels on this map).
 * Busiest pins choose first.
 */
function placeLabels(pins: MapPin[]): Placed[] {
  const placed: Placed[] = [];
  const dots = pins.map((pin) => project(pin.long, pin.lat));
  const overlaps = (a: Placed['box'], b: Placed['box']) =>
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  const order = pins
    .map((pin, i) => ({ pin, i }))
    .sort((a, b) => (b.pin.count ?? 0) - (a.pin.count ?? 0));
  for (const { pin, i } of order) {
    const { x, y } = dots[i]!;
    const text = pin.count === undefined ? pin.label : `${pin.label} ${pin.count}`;
    const w = text.length * FONT * 0.56 + 22;
    const gap = DOT_R + 5;
    const candidates = [
      { x: x + gap, y: y - CHIP_H / 2 },
      { x: x - gap - w, y: y - CHIP_H / 2 },
      { x: x - w / 2, y: y - gap - CHIP_H },
      { x: x - w / 2, y: y + gap },
    ].map((c) => ({
      // Keep the tag inside the drawing.
      x: Math.min(Math.max(c.x, 2), WIDTH - w - 2),
      y: Math.min(Math.max(c.y, 2), HEIGHT - CHIP_H - 2),
      w,
      h: CHIP_H,
    }));
    const clear = (box: Placed['box']) =>
      !placed.some((p) => overlaps(box, p.box)) &&
      !dots.some(
        (d, j) =>
          j !== i && overlaps(box, { x: d.x - DOT_R, y: d.y - DOT_R, w: DOT_R * 2, h: DOT_R * 2 }),
      );
    const box = candidates.find(clear) ?? candidates[0]!;
    placed.push({ pin, x, y, text, box });
  }
  // Draw the quiet pins first, so busy ones sit on top.
  return placed.reverse();
}

export default function GhanaMap({
  pins,
  label,
  selected = null,
  onSelect,
  describePin,
}: GhanaMapProps) {
  const titleId = useId();
  const seaId = useId();
  const interactive = Boolean(onSelect);
  const placed = placeLabels(pins);

  function onKeyDown(event: KeyboardEvent<SVGGElement>, key: string) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect?.(key);
    }
  }

  return (
    <svg
      className="ghana-map"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role={interactive ? 'group' : 'img'}
      aria-labelledby={titleId}
    >
      <title id={titleId}>{label}</title>
      <defs>
        <linearGradient id={seaId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0.75" stopColor="#eef5f8" stopOpacity="0" />
          <stop offset="1" stopColor="#cfe3ee" />
        </linearGradient>
      </defs>
      <rect width={WIDTH} height={HEIGHT} fill={`url(#${seaId})`} />
      <g className="ghana-map-neighbours" aria-hidden="true">
        <text x="16" y="470" transform="rotate(-90 16 470)">
          CÔTE D’IVOIRE
        </text>
        <text x="225" y="22">
          BURKINA FASO
        </text>
        <text x="420" y="470">
          TOGO
        </text>
        <text x="300" y="660">
          Gulf of Guinea
        </text>
      </g>
      <path className="ghana-map-land" d={OUTLINE_PATH} />
      <path className="ghana-map-lake" d={LAKE_PATH} />
      <text className="ghana-map-lake-label" x="250" y="250" aria-hidden="true">
        Lake Volta
      </text>
      {placed.map(({ pin, x, y, text, box }) => {
        const active = selected !== null && pin.key.toLowerCase() === selected.toLowerCase();
        const empty = pin.count === 0;
        const className = ['ghana-map-pin', active && 'is-active', empty && 'is-empty']
          .filter(Boolean)
          .join(' ');
        const body = (
          <>
            <line
              x1={x}
              y1={y}
              x2={box.x + box.w / 2}
              y2={box.y + box.h / 2}
              className="ghana-map-leader"
            />
            <rect
              x={box.x}
              y={box.y}
              width={box.w}
              height={box.h}
              rx={box.h / 2}
              className="ghana-map-chip"
            />
            <text
              x={box.x + box.w / 2}
              y={box.y + box.h / 2 + FONT * 0.36}
              className="ghana-map-chip-text"
            >
              {text}
            </text>
            <circle cx={x} cy={y} r={DOT_R} className="ghana-map-dot" />
          </>
        );
        return interactive ? (
          <g
            key={pin.key}
            className={className}
            role="button"
            tabIndex={0}
            aria-pressed={active}
            aria-label={describePin ? describePin(pin) : pin.label}
            onClick={() => onSelect?.(pin.key)}
            onKeyDown={(event) => onKeyDown(event, pin.key)}
          >
            {body}
          </g>
        ) : (
          <g key={pin.key} className={className} aria-hidden="true">
            {body}
          </g>
        );
      })}
    </svg>
  );
}

/**
 * The drawing kit every view shares: the 800×480 canvas and its ground line, colour mixing,
 * polygons with rounded corners, gradients, the paint and glass definitions and the shadow
 * under the car. Numbers are rounded to a tenth so the SVG stays small and byte-stable.
 */

/** A polygon vertex with an optional corner radius; corners are rounded with a quadratic curve. */
export type Pt = readonly [x: number, y: number, r?: number];

export const W = 800;
export const H = 480;
export const CX = W / 2;
/** Ground line shared by every view and background. */
export const G = 404;

export const r1 = (v: number): string => String(Math.round(v * 10) / 10);

function rgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function mix(hex: string, target: string, t: number): string {
  const a = rgb(hex);
  const b = rgb(target);
  return (
    '#' +
    a
      .map((c, i) => Math.round(c + ((b[i] ?? 0) - c) * t))
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')
  );
}

export const tint = (hex: string, t: number) => mix(hex, '#ffffff', t);
export const shade = (hex: string, t: number) => mix(hex, '#0b0e14', t);

function towards(p: Pt, q: Pt, r: number): [number, number] {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const t = Math.min(r / (Math.hypot(dx, dy) || 1), 0.5);
  return [p[0] + dx * t, p[1] + dy * t];
}

/** A closed path through the points, each corner rounded by its own radius. */
function roundedPath(pts: readonly Pt[]): string {
  let d = '';
  pts.forEach((p, i) => {
    const prev = pts[(i + pts.length - 1) % pts.length] ?? p;
    const next = pts[(i + 1) % pts.length] ?? p;
    const r = p[2] ?? 0;
    const [ax, ay] = towards(p, prev, r);
    d += `${i === 0 ? 'M' : 'L'}${r1(ax)} ${r1(ay)}`;
    if (r > 0) {
      const [bx, by] = towards(p, next, r);
      d += `Q${r1(p[0])} ${r1(p[1])} ${r1(bx)} ${r1(by)}`;
    }
  });
  return d + 'Z';
}

/** Completes a left half (listed bottom to top, x < CX) into a polygon symmetric about CX. */
export function sym(left: readonly Pt[]): Pt[] {
  const right = [...left].reverse().map(([x, y, r]): Pt => [2 * CX - x, y, r]);
  return [...left, ...right];
}

export const path = (d: string, attrs: string) => `<path d="${d}" ${attrs}/>`;
export const poly = (pts: readonly Pt[], attrs: string) => path(roundedPath(pts), attrs);

export const STOPS = (stops: readonly (readonly [number, string, number?])[]) =>
  stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');
export const vGrad = (id: string, stops: Parameters<typeof STOPS>[0]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${STOPS(stops)}</linearGradient>`;

export function paintDefs(c: string): string {
  return (
    vGrad('p', [
      [0, tint(c, 0.42)],
      [0.38, c],
      [0.7, shade(c, 0.2)],
      [1, shade(c, 0.55)],
    ]) +
    `<linearGradient id="g" x1="0" y1="0" x2=".35" y2="1">${STOPS([
      [0, '#1c2733'],
      [0.46, '#3b5266'],
      [0.5, '#9db7c9'],
      [0.6, '#58728a'],
      [1, '#22303e'],
    ])}</linearGradient>` +
    `<linearGradient id="rm" x1="0" y1="0" x2="1" y2="1">${STOPS([
      [0, '#f5f7f9'],
      [1, '#8c949d'],
    ])}</linearGradient>` +
    `<radialGradient id="s">${STOPS([
      [0, '#000000', 0.5],
      [1, '#000000', 0],
    ])}</radialGradient>` +
    vGrad('l', [
      [0, '#ffffff'],
      [1, '#cdd8e2'],
    ]) +
    vGrad('t', [
      [0, '#ff5a4e'],
      [1, '#8e1010'],
    ])
  );
}

export const shadow = (cx: number, rx: number, ry = 18) =>
  `<ellipse cx="${r1(cx)}" cy="${G + 2}" rx="${r1(rx)}" ry="${ry}" fill="url(#s)"/>`;

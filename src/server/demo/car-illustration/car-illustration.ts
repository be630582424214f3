import type { DemoCar } from '../fleet';

/**
 * Generated "photos" of the demo fleet (RUN-5): there is no network to fetch real
 * photos from, so each demo car gets four drawn views in its own paint colour.
 * Pure and deterministic: the same input always gives the same bytes, so the route can let
 * browsers cache the result forever.
 */

export type CarView = 0 | 1 | 2 | 3;
type BodyType = DemoCar['bodyType'];

/** A polygon vertex with an optional corner radius; corners are rounded with a quadratic curve. */
type Pt = readonly [x: number, y: number, r?: number];

const W = 800;
const H = 480;
const CX = W / 2;
/** Ground line shared by every view and background. */
const G = 404;

// ---------------------------------------------------------------- colour and path helpers

const r1 = (v: number): string => String(Math.round(v * 10) / 10);

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

const tint = (hex: string, t: number) => mix(hex, '#ffffff', t);
const shade = (hex: string, t: number) => mix(hex, '#0b0e14', t);

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
function sym(left: readonly Pt[]): Pt[] {
  const right = [...left].reverse().map(([x, y, r]): Pt => [2 * CX - x, y, r]);
  return [...left, ...right];
}

const path = (d: string, attrs: string) => `<path d="${d}" ${attrs}/>`;
const poly = (pts: readonly Pt[], attrs: string) => path(roundedPath(pts), attrs);

// ---------------------------------------------------------------- backgrounds

const STOPS = (stops: readonly (readonly [number, string, number?])[]) =>
  stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');
const vGrad = (id: string, stops: Parameters<typeof STOPS>[0]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${STOPS(stops)}</linearGradient>`;

function studio(wall: [string, string], floor: [string, string], horizon: number): string {
  return (
    `<defs>${vGrad('w', [
      [0, wall[0]],
      [1, wall[1]],
    ])}${vGrad('f', [
      [0, floor[0]],
      [1, floor[1]],
    ])}<radialGradient id="sp" cx=".5" cy=".4" r=".55">${STOPS([
      [0, '#ffffff', 0.75],
      [1, '#ffffff', 0],
    ])}</radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#w)"/>` +
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#f)"/>` +
    `<rect y="${horizon - 24}" width="${W}" height="48" fill="${wall[1]}" opacity=".5"/>` +
    `<ellipse cx="${CX}" cy="${horizon - 20}" rx="430" ry="260" fill="url(#sp)"/>`
  );
}

function palm(x: number, base: number, h: number, lean: number): string {
  const tx = x + lean;
  const ty = base - h;
  const frond = (dx: number, dy: number) =>
    `M${tx} ${ty}Q${r1(tx + dx * 0.5)} ${r1(ty + dy * 0.5 - 14)} ${r1(tx + dx)} ${r1(ty + dy)}` +
    `Q${r1(tx + dx * 0.45)} ${r1(ty + dy * 0.5 - 2)} ${tx} ${ty}Z`;
  const fronds = [
    [-62, 22],
    [-48, 42],
    [-14, 50],
    [20, 48],
    [54, 36],
    [66, 12],
    [-30, -16],
    [32, -14],
  ]
    .map(([dx, dy]) => frond(dx ?? 0, dy ?? 0))
    .join('');
  return (
    path(
      `M${x} ${base}Q${x + lean * 0.2} ${r1(base - h * 0.6)} ${tx} ${ty}`,
      'fill="none" stroke="#6b5a45" stroke-width="7" stroke-linecap="round"',
    ) + path(fronds, 'fill="#3f7f4a"')
  );
}

function outdoor(): string {
  const horizon = 338;
  // A low skyline, the kind seen across Accra from the Ring Road.
  // prettier-ignore
  const blocks: [number, number, number][] = [
    [0, 40, 58], [44, 30, 84], [90, 36, 40], [150, 30, 120], [186, 44, 70], [246, 26, 150],
    [276, 40, 96], [330, 34, 60], [372, 24, 176], [400, 42, 110], [452, 30, 70], [500, 36, 136],
    [540, 28, 84], [590, 44, 104], [640, 30, 60], [690, 38, 90], [740, 60, 50],
  ];
  const city = blocks.map(([x, w, h]) => `M${x} ${horizon}v-${h}h${w}v${h}Z`).join('');
  return (
    `<defs>${vGrad('w', [
      [0, '#6fb0e3'],
      [0.6, '#bfe0f4'],
      [1, '#fbe6c8'],
    ])}${vGrad('f', [
      [0, '#8a8d91'],
      [1, '#55585d'],
    ])}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#w)"/>` +
    `<circle cx="640" cy="92" r="34" fill="#fff6da" opacity=".8"/>` +
    path(city, 'fill="#a9bfd0" opacity=".7"') +
    `<rect y="${horizon - 14}" width="${W}" height="14" fill="#6f9a5c"/>` +
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#f)"/>` +
    `<rect y="${horizon}" width="${W}" height="8" fill="#cdbb9c"/>` +
    path(
      Array.from({ length: 7 }, (_, i) => `M${i * 130 + 10} 452h70v5h-70Z`).join(''),
      'fill="#f2efe6" opacity=".8"',
    ) +
    palm(58, horizon - 8, 230, 22) +
    palm(742, horizon - 8, 250, -26) +
    palm(694, horizon - 8, 160, 10)
  );
}

function evening(): string {
  const horizon = 336;
  return (
    `<defs>${vGrad('w', [
      [0, '#22254a'],
      [0.55, '#7c4a76'],
      [1, '#f39a5b'],
    ])}${vGrad('f', [
      [0, '#3a2f3e'],
      [1, '#141219'],
    ])}<radialGradient id="sp" cx=".5" cy=".5" r=".5">${STOPS([
      [0, '#ffd59a', 0.9],
      [1, '#ffb36b', 0],
    ])}</radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#w)"/>` +
    `<ellipse cx="${CX}" cy="${horizon}" rx="420" ry="150" fill="url(#sp)"/>` +
    path(
      `M0 ${horizon}v-30h40v-22h36v40h30v-58h44v70h60v-34h40v24h60v-16h50v26h70v-46h34v30h50v-20h60v36h50v-60h40v50h36v-28h50v50Z`,
      'fill="#3d2c47" opacity=".8"',
    ) +
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#f)"/>` +
    `<rect y="${horizon}" width="${W}" height="3" fill="#f7b27a" opacity=".5"/>`
  );
}

function background(view: CarView): string {
  switch (view) {
    case 0:
      return studio(['#fbefe0', '#efd3b3'], ['#e4c39f', '#cfa57c'], 336);
    case 1:
      return outdoor();
    case 2:
      return studio(['#eef2f6', '#d3dbe4'], ['#c9d1da', '#a9b4c0'], 330);
    case 3:
      return evening();
  }
}

// ---------------------------------------------------------------- paint and shared defs

function paintDefs(c: string): string {
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

const shadow = (cx: number, rx: number, ry = 18) =>
  `<ellipse cx="${r1(cx)}" cy="${G + 2}" rx="${r1(rx)}" ry="${ry}" fill="url(#s)"/>`;

// ---------------------------------------------------------------- side view

interface SideProfile {
  body: readonly Pt[];
  windows: readonly (readonly Pt[])[];
  /** Dark pillars between windows: [x, top, bottom, width]. */
  pillars: readonly (readonly [number, number, number, number])[];
  wheels: readonly [number, number];
  r: number;
  sill: number;
  /** Shoulder crease, rear to front. */
  crease: readonly [number, number, number, number];
  /** Door seams as path data. */
  seams: string;
  handles: readonly (readonly [number, number])[];
  head: readonly Pt[];
  tail: readonly Pt[];
  mirror: readonly [number, number];
  cladding?: boolean;
  behind?: string;
  front?: string;
}

// Coordinates on the 800×480 canvas, car facing right. Kept one shape per line to be readable.
// prettier-ignore
const SIDE: Record<BodyType, SideProfile> = {
  sedan: {
    body: [
      [108, 380, 8], [98, 330, 10], [102, 282, 18], [226, 270, 26], [322, 210, 44], [458, 206, 54],
      [566, 270, 30], [676, 288, 26], [702, 318, 12], [700, 372, 8], [690, 380, 6],
    ],
    windows: [
      [[240, 270, 6], [322, 219, 20], [394, 217, 3], [394, 270, 3]],
      [[406, 270, 3], [406, 217, 3], [452, 217, 28], [542, 270, 6]],
    ],
    pillars: [[394, 216, 271, 12]],
    wheels: [228, 580],
    r: 46,
    sill: 380,
    crease: [104, 294, 690, 300],
    seams: 'M306 272L298 340M400 271V374M530 274L522 350',
    handles: [[356, 290], [478, 290]],
    head: [[640, 290, 3], [690, 296, 3], [698, 310, 3], [654, 306, 3]],
    tail: [[100, 288, 3], [136, 283, 3], [134, 298, 3], [100, 304, 3]],
    mirror: [538, 262],
  },
  suv: {
    body: [
      [110, 374, 8], [104, 300, 10], [108, 202, 16], [128, 176, 34], [458, 170, 48], [562, 238, 26],
      [684, 256, 26], [708, 290, 12], [706, 364, 8], [694, 374, 6],
    ],
    windows: [
      [[130, 242, 6], [136, 190, 14], [210, 186, 3], [214, 242, 3]],
      [[230, 242, 3], [228, 186, 3], [352, 184, 3], [352, 242, 3]],
      [[364, 242, 3], [364, 184, 3], [448, 184, 30], [540, 242, 6]],
    ],
    pillars: [[352, 183, 243, 12], [212, 185, 243, 18]],
    wheels: [236, 582],
    r: 55,
    sill: 374,
    crease: [108, 262, 698, 268],
    seams: 'M298 244L294 326M358 243V366M520 246L516 314',
    handles: [[316, 262], [442, 262]],
    head: [[640, 258, 3], [696, 264, 3], [704, 280, 3], [654, 278, 3]],
    tail: [[105, 232, 3], [126, 230, 3], [124, 268, 3], [105, 270, 3]],
    mirror: [536, 228],
    cladding: true,
    front:
      path('M150 166h290', 'stroke="#2b2e33" stroke-width="5" stroke-linecap="round"') +
      path('M170 172v-7M420 172v-7', 'stroke="#2b2e33" stroke-width="6"'),
  },
  hatchback: {
    body: [
      [158, 382, 6], [150, 322, 10], [154, 270, 14], [178, 216, 30], [410, 208, 52], [514, 276, 26],
      [622, 292, 24], [650, 320, 12], [648, 374, 8], [638, 382, 6],
    ],
    windows: [
      [[176, 272, 6], [190, 228, 14], [246, 224, 3], [258, 272, 3]],
      [[270, 272, 3], [264, 222, 3], [350, 220, 3], [350, 272, 3]],
      [[362, 272, 3], [362, 220, 3], [400, 220, 26], [492, 272, 6]],
    ],
    pillars: [[350, 219, 273, 12], [254, 223, 273, 14]],
    wheels: [250, 560],
    r: 44,
    sill: 382,
    crease: [154, 294, 640, 300],
    seams: 'M300 274L296 338M356 273V376M506 276L500 334',
    handles: [[316, 292], [420, 292]],
    head: [[598, 294, 3], [638, 298, 3], [646, 312, 3], [610, 310, 3]],
    tail: [[152, 276, 3], [172, 272, 3], [170, 302, 3], [152, 304, 3]],
    mirror: [488, 264],
  },
  coupe: {
    body: [
      [110, 382, 6], [102, 332, 10], [108, 290, 16], [196, 280, 40], [372, 218, 70], [452, 220, 50],
      [566, 284, 30], [672, 298, 28], [700, 326, 12], [698, 374, 8], [688, 382, 6],
    ],
    windows: [
      [[262, 282, 4], [332, 246, 12], [334, 282, 3]],
      [[346, 282, 3], [346, 240, 8], [386, 229, 26], [446, 230, 30], [544, 284, 6]],
    ],
    pillars: [],
    wheels: [236, 580],
    r: 48,
    sill: 382,
    crease: [106, 298, 690, 306],
    seams: 'M340 284L336 374M528 286L522 352',
    handles: [[368, 300]],
    head: [[630, 300, 3], [690, 306, 3], [696, 320, 3], [648, 316, 3]],
    tail: [[104, 296, 3], [142, 290, 3], [142, 302, 3], [104, 310, 3]],
    mirror: [536, 274],
    front: path('M108 290l40-4', 'stroke="#1b1d21" stroke-width="4" stroke-linecap="round"'),
  },
  convertible: {
    body: [
      [116, 382, 6], [108, 332, 10], [112, 290, 16], [556, 282, 24], [670, 298, 28], [696, 326, 12],
      [694, 374, 8], [684, 382, 6],
    ],
    windows: [
      [[540, 284, 2], [494, 228, 3], [484, 230, 3], [524, 284, 2]],
    ],
    pillars: [],
    wheels: [238, 576],
    r: 48,
    sill: 382,
    crease: [112, 300, 688, 306],
    seams: 'M334 286L330 374M516 286L512 352',
    handles: [[356, 302]],
    head: [[630, 300, 3], [688, 306, 3], [694, 320, 3], [648, 316, 3]],
    tail: [[108, 298, 3], [144, 292, 3], [144, 304, 3], [108, 312, 3]],
    mirror: [520, 272],
    behind:
      // seats, headrests, steering wheel and the folded hood
      poly(
        [[292, 286, 2], [300, 254, 8], [324, 250, 8], [320, 286, 2]],
        'fill="#7a5a40"',
      ) +
      poly(
        [[304, 248, 6], [306, 232, 6], [324, 232, 6], [322, 248, 6]],
        'fill="#6a4d36"',
      ) +
      poly(
        [[404, 286, 2], [412, 250, 8], [438, 246, 8], [434, 286, 2]],
        'fill="#7a5a40"',
      ) +
      poly(
        [[416, 244, 6], [418, 226, 6], [438, 226, 6], [436, 244, 6]],
        'fill="#6a4d36"',
      ) +
      path('M474 262l14-24', 'stroke="#1b1d21" stroke-width="7" stroke-linecap="round"') +
      poly(
        [[180, 286, 2], [194, 268, 10], [262, 266, 10], [276, 286, 2]],
        'fill="#26282c"',
      ),
    front:
      path('M210 284H528', 'stroke="#1b1d21" stroke-width="3" stroke-linecap="round"') +
      path('M540 284L494 228', 'stroke="#1b1d21" stroke-width="4" stroke-linecap="round"'),
  },
  wagon: {
    body: [
      [104, 380, 6], [96, 322, 10], [100, 264, 12], [124, 220, 28], [462, 208, 54], [570, 272, 30],
      [684, 290, 26], [708, 320, 12], [706, 372, 8], [696, 380, 6],
    ],
    windows: [
      [[124, 270, 6], [140, 228, 14], [222, 225, 3], [226, 270, 3]],
      [[240, 270, 3], [238, 224, 3], [392, 219, 3], [392, 270, 3]],
      [[404, 270, 3], [404, 218, 3], [456, 218, 30], [546, 270, 6]],
    ],
    pillars: [[392, 217, 271, 12], [224, 223, 271, 14]],
    wheels: [232, 584],
    r: 46,
    sill: 380,
    crease: [100, 292, 698, 298],
    seams: 'M300 272L296 340M398 271V372M532 274L526 348',
    handles: [[350, 288], [476, 288]],
    head: [[644, 292, 3], [696, 298, 3], [704, 312, 3], [658, 308, 3]],
    tail: [[98, 268, 3], [120, 266, 3], [118, 300, 3], [98, 302, 3]],
    mirror: [540, 264],
    front: path('M150 212L440 202', 'stroke="#2b2e33" stroke-width="4" stroke-linecap="round"'),
  },
  pickup: {
    body: [
      [68, 372, 6], [62, 310, 8], [64, 250, 4], [300, 250, 3], [304, 178, 18], [474, 172, 44],
      [568, 250, 26], [708, 262, 22], [740, 292, 12], [738, 362, 8], [726, 372, 6],
    ],
    windows: [
      [[318, 252, 6], [320, 188, 12], [414, 186, 3], [414, 252, 3]],
      [[426, 252, 3], [426, 186, 3], [462, 186, 30], [548, 252, 6]],
    ],
    pillars: [[414, 185, 253, 12]],
    wheels: [196, 594],
    r: 52,
    sill: 372,
    crease: [64, 266, 730, 272],
    seams: 'M297 252V370M420 253V368M532 256L526 320M70 262V360',
    handles: [[380, 270], [498, 270]],
    head: [[680, 264, 3], [730, 270, 3], [736, 286, 3], [694, 284, 3]],
    tail: [[64, 262, 3], [78, 262, 3], [78, 306, 3], [64, 306, 3]],
    mirror: [540, 240],
    cladding: true,
    behind: path(
      'M236 252L256 204H292',
      'fill="none" stroke="#2b2e33" stroke-width="8" stroke-linejoin="round"',
    ),
    front:
      `<rect x="62" y="244" width="236" height="9" rx="3" fill="#2b2e33"/>` +
      `<rect x="250" y="368" width="290" height="9" rx="3" fill="#2b2e33"/>`,
  },
  van: {
    body: [
      [86, 378, 6], [78, 320, 8], [80, 148, 18], [604, 138, 40], [674, 244, 24], [712, 260, 18],
      [724, 292, 10], [722, 370, 8], [712, 378, 6],
    ],
    windows: [
      [[96, 236, 6], [96, 160, 8], [196, 158, 8], [196, 236, 6]],
      [[212, 236, 6], [212, 158, 8], [344, 156, 8], [344, 236, 6]],
      [[364, 236, 6], [364, 156, 8], [476, 154, 8], [476, 236, 6]],
      [[494, 236, 6], [494, 154, 8], [598, 154, 20], [650, 236, 6]],
    ],
    pillars: [],
    wheels: [214, 604],
    r: 46,
    sill: 378,
    crease: [80, 258, 716, 262],
    seams: 'M354 150V372M486 150V372M84 246H354',
    handles: [[372, 262], [500, 262]],
    head: [[690, 262, 3], [716, 266, 3], [722, 284, 3], [700, 282, 3]],
    tail: [[80, 252, 3], [92, 252, 3], [92, 300, 3], [80, 300, 3]],
    mirror: [652, 232],
  },
};

function wheel(x: number, r: number): string {
  const y = G - r;
  const rim = r * 0.62;
  const spokes = [0, 1, 2, 3, 4]
    .map((k) => {
      const a = ((-90 + k * 72) * Math.PI) / 180;
      return `M${x} ${y}L${r1(x + Math.cos(a) * rim * 0.9)} ${r1(y + Math.sin(a) * rim * 0.9)}`;
    })
    .join('');
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="#17181b"/>` +
    `<circle cx="${x}" cy="${y}" r="${r - 6}" fill="none" stroke="#2c2e33" stroke-width="3"/>` +
    `<circle cx="${x}" cy="${y}" r="${r1(rim)}" fill="#2a2d32" stroke="url(#rm)" stroke-width="4"/>` +
    path(spokes, `stroke="url(#rm)" stroke-width="${r1(r * 0.2)}" stroke-linecap="round"`) +
    `<circle cx="${x}" cy="${y}" r="${r1(r * 0.16)}" fill="#c9ced4" stroke="#6d747c" stroke-width="2"/>`
  );
}

function arch(x: number, r: number, sill: number): string {
  const cy = G - r;
  const R = r + 7;
  const dx = Math.sqrt(R * R - (sill - cy) ** 2);
  return `M${r1(x - dx)} ${sill}A${R} ${R} 0 1 1 ${r1(x + dx)} ${sill}Z`;
}

function sideView(p: SideProfile, c: string, mirrored: boolean): string {
  const [rw, fw] = p.wheels;
  const [x1, y1, x2, y2] = p.crease;
  const seamColour = shade(c, 0.6);
  const arches = arch(rw, p.r, p.sill) + arch(fw, p.r, p.sill);
  const first = p.body[1]?.[0] ?? 100;
  const last = p.body[p.body.length - 3]?.[0] ?? 700;
  const car =
    (p.behind ?? '') +
    poly(p.body, `fill="url(#p)" stroke="${shade(c, 0.5)}" stroke-width="1.5"`) +
    // a soft reflection under the shoulder crease and the crease itself
    path(
      `M${x1 + 8} ${y1 + 4}L${x2 - 8} ${y2 + 4}L${x2 - 20} ${y2 + 22}L${x1 + 20} ${y1 + 20}Z`,
      `fill="${tint(c, 0.5)}" opacity=".18"`,
    ) +
    path(
      `M${x1} ${y1}L${x2} ${y2}`,
      'stroke="#ffffff" stroke-opacity=".55" stroke-width="2.5" stroke-linecap="round"',
    ) +
    p.windows
      .map((w) =>
        poly(w, 'fill="url(#g)" stroke="#15181d" stroke-width="3" stroke-linejoin="round"'),
      )
      .join('') +
    p.pillars
      .map(
        ([x, t, b, w]) => `<rect x="${x}" y="${t}" width="${w}" height="${b - t}" fill="#15181d"/>`,
      )
      .join('') +
    path(p.seams, `fill="none" stroke="${seamColour}" stroke-width="1.6" opacity=".7"`) +
    p.handles
      .map(
        ([x, y]) =>
          `<rect x="${x}" y="${y}" width="24" height="5" rx="2.5" fill="${shade(c, 0.45)}"/>`,
      )
      .join('') +
    path(
      arches,
      `fill="#101114"${p.cladding ? ' stroke="#25272b" stroke-width="8"' : ` stroke="${shade(c, 0.4)}" stroke-width="2"`}`,
    ) +
    `<rect x="${rw + p.r}" y="${p.sill - 8}" width="${fw - rw - 2 * p.r}" height="8" fill="${shade(c, 0.6)}" opacity=".35"/>` +
    wheel(rw, p.r) +
    wheel(fw, p.r) +
    poly(p.head, 'fill="url(#l)" stroke="#3b4148" stroke-width="1.5"') +
    poly(p.tail, 'fill="url(#t)" stroke="#4a0d0d" stroke-width="1.5"') +
    path(
      `M${p.mirror[0]} ${p.mirror[1]}l16-6 6 10-20 6Z`,
      `fill="${shade(c, 0.25)}" stroke="${shade(c, 0.6)}" stroke-width="1"`,
    ) +
    (p.front ?? '');
  const len = last - first;
  return (
    shadow(mirrored ? W - (first + last) / 2 : (first + last) / 2, len / 2 + 40) +
    `<g${mirrored ? ` transform="matrix(-1 0 0 1 ${W} 0)"` : ''}>${car}</g>`
  );
}

// ---------------------------------------------------------------- front and rear views

interface EndProfile {
  halfW: number;
  roofY: number;
  /** Bottom of the bumper. */
  bottomY: number;
  /** Top edge of the front (or rear) face: the bonnet's leading edge or the boot lip. */
  faceY: number;
  /** Base of the windscreen or rear window. */
  beltY: number;
  glassHalfW: number;
  roofHalfW: number;
  /** Share of the greenhouse above the glass painted in body colour (tall vans and SUVs). */
  cap: number;
  grilleH: number;
  tall?: boolean;
}

// prettier-ignore
const END: Record<BodyType, EndProfile> = {
  sedan: { halfW: 196, roofY: 150, bottomY: 380, faceY: 268, beltY: 232, glassHalfW: 156, roofHalfW: 116, cap: 0, grilleH: 30 },
  suv: { halfW: 196, roofY: 84, bottomY: 366, faceY: 230, beltY: 188, glassHalfW: 166, roofHalfW: 146, cap: 0.06, grilleH: 46, tall: true },
  hatchback: { halfW: 184, roofY: 138, bottomY: 380, faceY: 266, beltY: 226, glassHalfW: 148, roofHalfW: 118, cap: 0, grilleH: 28, tall: true },
  coupe: { halfW: 202, roofY: 176, bottomY: 382, faceY: 280, beltY: 244, glassHalfW: 156, roofHalfW: 108, cap: 0, grilleH: 26 },
  convertible: { halfW: 200, roofY: 182, bottomY: 382, faceY: 280, beltY: 244, glassHalfW: 158, roofHalfW: 138, cap: 0, grilleH: 26 },
  wagon: { halfW: 196, roofY: 146, bottomY: 380, faceY: 268, beltY: 232, glassHalfW: 156, roofHalfW: 126, cap: 0, grilleH: 30, tall: true },
  pickup: { halfW: 198, roofY: 78, bottomY: 360, faceY: 222, beltY: 180, glassHalfW: 164, roofHalfW: 146, cap: 0.05, grilleH: 54, tall: true },
  van: { halfW: 186, roofY: 60, bottomY: 370, faceY: 240, beltY: 200, glassHalfW: 172, roofHalfW: 162, cap: 0.16, grilleH: 30, tall: true },
};

function endView(type: BodyType, c: string, rear: boolean): string {
  const e = END[type];
  const { halfW: hw, roofY, bottomY, faceY, beltY, glassHalfW: gw, roofHalfW: rw } = e;
  const h = G - roofY;
  const L = CX - hw;
  const open = type === 'convertible';
  const pickupRear = rear && type === 'pickup';
  const edge = shade(c, 0.5);
  let s = shadow(CX, hw + 50, 20);

  // tyres peeking out under the body
  for (const x of [L + 20, CX + hw - 78]) {
    s += `<rect x="${x}" y="${bottomY - 40}" width="58" height="${G - bottomY + 40}" rx="10" fill="#17181b"/>`;
  }

  // greenhouse: pillars and roof in body colour, then the glass
  // a hatch or tailgate has a roof spoiler over its window, so more of it is painted
  const cap = rear && e.tall ? Math.max(e.cap, 0.16) : e.cap;
  const glassTop = roofY + (beltY - roofY) * cap + 12;
  if (open) {
    // headrests and the windscreen frame of an open car
    for (const x of [CX - 84, CX + 28]) {
      s += `<rect x="${x}" y="${beltY - 44}" width="56" height="40" rx="14" fill="#2f2925"/>`;
    }
    if (!rear) {
      s += poly(
        sym([
          [CX - gw + 4, beltY + 2, 4],
          [CX - rw, roofY, 10],
        ]),
        `fill="url(#g)" fill-opacity=".55" stroke="#1b1d21" stroke-width="7" stroke-linejoin="round"`,
      );
    } else {
      s += path(
        `M${CX - gw + 8} ${beltY}L${CX - rw} ${roofY}H${CX + rw}L${CX + gw - 8} ${beltY}`,
        'fill="none" stroke="#1b1d21" stroke-width="6" stroke-linejoin="round" opacity=".8"',
      );
      s += path(
        `M${CX - 100} ${beltY + 2}q28-46 56 0M${CX + 44} ${beltY + 2}q28-46 56 0`,
        `fill="none" stroke="#b8bec6" stroke-width="7"`,
      );
    }
  } else if (pickupRear) {
    // cab seen over the tailgate: its own narrow back panel with a small window
    s += poly(
      sym([
        [CX - gw + 6, faceY + 2, 4],
        [CX - rw, roofY, 22],
      ]),
      `fill="url(#p)" stroke="${edge}" stroke-width="1.5"`,
    );
    s += poly(
      sym([
        [CX - gw + 30, beltY + 6, 6],
        [CX - rw + 22, roofY + 22, 10],
      ]),
      'fill="url(#g)" stroke="#15181d" stroke-width="3"',
    );
    s += path(
      `M${CX - gw - 6} ${faceY}V${faceY - 30}H${CX + gw + 6}V${faceY}`,
      'fill="none" stroke="#2b2e33" stroke-width="9" stroke-linejoin="round"',
    );
  } else {
    s += poly(
      sym([
        [CX - gw, beltY + 4, 6],
        [CX - rw, roofY, 26],
      ]),
      `fill="url(#p)" stroke="${edge}" stroke-width="1.5"`,
    );
    const inset = rear ? 20 : 12;
    s += poly(
      sym([
        [CX - gw + inset, beltY - 2, 6],
        [CX - rw + inset - 2, glassTop, 14],
      ]),
      'fill="url(#g)" stroke="#15181d" stroke-width="3" stroke-linejoin="round"',
    );
    if (type === 'van' && rear) {
      s += `<rect x="${CX - 4}" y="${glassTop - 4}" width="8" height="${beltY - glassTop + 8}" fill="${c}"/>`;
    }
    if (!rear) {
      s += `<rect x="${CX - 16}" y="${glassTop + 6}" width="32" height="9" rx="3" fill="#15181d"/>`;
    } else {
      s += `<rect x="${CX - 36}" y="${glassTop - 8}" width="72" height="5" rx="2" fill="#c81e1e"/>`;
    }
  }

  // mirrors (they show from behind too)
  for (const sgn of [-1, 1]) {
    const mx = CX + sgn * (gw + 2);
    const my = beltY - 4;
    s += poly(
      [
        [mx, my + 4, 2],
        [mx + sgn * 8, my - 14, 4],
        [mx + sgn * 40, my - 18, 8],
        [mx + sgn * 44, my + 2, 6],
        [mx + sgn * 10, my + 10, 2],
      ],
      `fill="${shade(c, 0.15)}" stroke="${edge}" stroke-width="1.5"`,
    );
  }

  // lower body: face, fenders and the bonnet or boot sloping up to the glass
  const deckY = pickupRear ? faceY : beltY + 4;
  const deckW = pickupRear ? hw - 6 : gw + 8;
  s += poly(
    sym([
      [L + 12, bottomY, 14],
      [L, faceY + 40, 20],
      [L + 6, faceY, 24],
      [CX - deckW, deckY, 10],
    ]),
    `fill="url(#p)" stroke="${edge}" stroke-width="1.5"`,
  );
  if (!pickupRear) {
    s += poly(
      sym([
        [L + 18, faceY + 4, 8],
        [CX - gw, beltY + 6, 4],
      ]),
      `fill="${tint(c, 0.6)}" opacity=".3"`,
    );
    s += path(
      `M${CX - hw * 0.34} ${faceY + 2}L${CX - gw * 0.22} ${beltY + 6}M${CX + hw * 0.34} ${faceY + 2}L${CX + gw * 0.22} ${beltY + 6}`,
      'stroke="#ffffff" stroke-opacity=".4" stroke-width="2"',
    );
  } else {
    s += `<rect x="${L + 8}" y="${faceY - 2}" width="${hw * 2 - 16}" height="8" rx="3" fill="#2b2e33"/>`;
  }
  if (!rear && !open) {
    // wipers
    s += path(
      `M${CX - 90} ${beltY - 4}l70-10M${CX + 10} ${beltY - 4}l70-10`,
      'stroke="#111317" stroke-width="3" stroke-linecap="round"',
    );
  }

  // lamps
  const lampH = Math.max(22, h * 0.075);
  for (const sgn of [-1, 1]) {
    const ox = CX + sgn * hw;
    const ix = CX + sgn * hw * (rear && e.tall ? 0.74 : 0.44);
    const y0 = faceY + 12;
    if (!rear) {
      s += poly(
        [
          [ox - sgn * 20, y0, 4],
          [ix, y0 + 8, 4],
          [ix + sgn * 6, y0 + 8 + lampH, 4],
          [ox - sgn * 26, y0 + lampH, 6],
        ],
        'fill="url(#l)" stroke="#3b4148" stroke-width="2"',
      );
      s += `<circle cx="${r1((ox - sgn * 26 + ix) / 2)}" cy="${r1(y0 + 4 + lampH / 2)}" r="${r1(lampH * 0.3)}" fill="#ffffff" stroke="#9aa6b2" stroke-width="2"/>`;
      s += path(
        `M${ox - sgn * 22} ${y0 + 3}L${ix} ${y0 + 10}`,
        'stroke="#fffbe6" stroke-width="2.5"',
      );
      s += `<circle cx="${ox - sgn * hw * 0.26}" cy="${bottomY - h * 0.075}" r="9" fill="#eef3f7" stroke="#3b4148" stroke-width="3"/>`;
    } else {
      const th = e.tall ? lampH * 2.2 : lampH;
      s += poly(
        [
          [ox - sgn * 8, y0 - 4, 4],
          [ix, y0, 4],
          [ix, y0 + th * 0.8, 4],
          [ox - sgn * 14, y0 + th, 6],
        ],
        'fill="url(#t)" stroke="#4a0d0d" stroke-width="2"',
      );
      s += path(
        `M${ox - sgn * 12} ${y0 + 4}L${ix - sgn * 4} ${y0 + 6}`,
        'stroke="#ffb3a8" stroke-width="2" opacity=".8"',
      );
    }
  }

  // grille or boot details, intake or diffuser, and the number plate
  const plateY = bottomY - h * 0.14;
  if (!rear) {
    const gh = e.grilleH;
    const gx = hw * (e.tall ? 0.42 : 0.36);
    const gy = faceY + 14;
    s += `<rect x="${r1(CX - gx)}" y="${gy}" width="${r1(gx * 2)}" height="${gh}" rx="10" fill="#15181c" stroke="#c9ced4" stroke-width="3"/>`;
    s += path(
      [1, 2, 3]
        .map((k) => `M${r1(CX - gx + 8)} ${r1(gy + (gh * k) / 4)}H${r1(CX + gx - 8)}`)
        .join(''),
      'stroke="#4a5058" stroke-width="3"',
    );
    s += `<ellipse cx="${CX}" cy="${r1(gy + gh / 2)}" rx="14" ry="9" fill="#d9dee3" stroke="#7b828a" stroke-width="2"/>`;
    s += `<rect x="${r1(CX - hw * 0.5)}" y="${r1(plateY + 4)}" width="${r1(hw)}" height="${r1(bottomY - plateY - 12)}" rx="10" fill="#1b1e22"/>`;
  } else {
    if (type === 'van') {
      s += path(
        `M${CX} ${beltY + 4}V${bottomY - 30}`,
        `stroke="${shade(c, 0.6)}" stroke-width="2"`,
      );
    }
    s += `<rect x="${r1(CX - hw * 0.3)}" y="${r1(faceY + 22)}" width="${r1(hw * 0.6)}" height="6" rx="3" fill="#c9ced4"/>`;
    s += `<rect x="${L + 24}" y="${bottomY - 18}" width="${hw * 2 - 48}" height="16" rx="6" fill="#1b1e22"/>`;
    for (const x of type === 'coupe' || type === 'convertible'
      ? [L + 60, CX + hw - 84]
      : [CX + hw - 90]) {
      s += `<rect x="${x}" y="${bottomY - 12}" width="24" height="12" rx="6" fill="#8d949c" stroke="#2a2d32" stroke-width="3"/>`;
    }
  }
  s += `<rect x="${CX - 58}" y="${r1(plateY - 6)}" width="116" height="26" rx="4" fill="#f3f2ea" stroke="#2d3136" stroke-width="2"/>`;
  s += `<rect x="${CX - 52}" y="${r1(plateY)}" width="10" height="4" fill="#ce1126"/><rect x="${CX - 52}" y="${r1(plateY + 4)}" width="10" height="4" fill="#fcd116"/><rect x="${CX - 52}" y="${r1(plateY + 8)}" width="10" height="4" fill="#006b3f"/>`;
  s += path(
    `M${CX - 34} ${r1(plateY + 7)}h80M${CX - 34} ${r1(plateY + 13)}h60`,
    'stroke="#2d3136" stroke-width="3" opacity=".35"',
  );
  return s;
}

// ---------------------------------------------------------------- public API

const HEX = /^#?([0-9a-fA-F]{6})$/;
const FALLBACK_COLOUR = '#8a8f98';

export function renderCarIllustration(options: {
  bodyType: BodyType;
  colourHex: string;
  view: CarView;
}): string {
  const { bodyType, view } = options;
  const m = HEX.exec(options.colourHex);
  const c = m?.[1] ? `#${m[1].toLowerCase()}` : FALLBACK_COLOUR;
  const car =
    view === 0 || view === 1
      ? sideView(SIDE[bodyType], c, view === 1)
      : endView(bodyType, c, view === 3);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">` +
    background(view) +
    `<defs>${paintDefs(c)}</defs>` +
    car +
    '</svg>'
  );
}

const BODY_TYPES = Object.keys(SIDE) as BodyType[];
/** A demo image's file name: body type, colour and view ('suv-1f6feb-0.svg'). */
export const DEMO_IMAGE_NAME = /^([a-z]+)-([0-9a-f]{6})-([0-3])\.svg$/;

/** File name of a demo photo, e.g. `suv-1f6f8b-0.svg`. */
export function demoImageName(bodyType: BodyType, colourHex: string, view: CarView): string {
  const hex = (HEX.exec(colourHex)?.[1] ?? FALLBACK_COLOUR.slice(1)).toLowerCase();
  return `${bodyType}-${hex}-${view}.svg`;
}

/** Strict inverse of demoImageName; anything else is null (the name comes from a public URL). */
export function parseDemoImageName(
  name: string,
): { bodyType: BodyType; colourHex: string; view: CarView } | null {
  const m = DEMO_IMAGE_NAME.exec(name);
  if (!m) return null;
  const [, type, hex, view] = m;
  const bodyType = BODY_TYPES.find((t) => t === type);
  if (!bodyType || !hex) return null;
  return { bodyType, colourHex: `#${hex}`, view: Number(view) as CarView };
}

/**
 * The scene behind the car, one per view: a warm studio, an Accra street with palms, a cool
 * studio and an evening skyline. Plain shapes and gradients; the car is drawn over it.
 */
import type { CarView } from './car-illustration';
import { CX, H, W, path, r1, STOPS, vGrad } from './drawing';

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

export function background(view: CarView): string {
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

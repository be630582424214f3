/**
 * Draws a car from the side (views 0 and 1, the second mirrored) from its profile in
 * side-profiles.ts: body, glass, seams, wheels in their arches, lamps and mirror.
 */
import { G, W, path, poly, r1, shade, shadow, tint } from './drawing';
import type { SideProfile } from './side-profiles';

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

export function sideView(p: SideProfile, c: string, mirrored: boolean): string {
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

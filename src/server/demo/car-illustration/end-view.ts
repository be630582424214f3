/**
 * Draws a car from the front or the rear (views 2 and 3): each body type's proportions in a
 * small table, then one symmetric drawing with its variants (an open top, a pickup's cab over
 * the tailgate, a van's doors).
 */
import type { DemoCar } from '../fleet';
import { CX, G, path, poly, r1, shade, shadow, sym, tint } from './drawing';

type BodyType = DemoCar['bodyType'];

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

export function endView(type: BodyType, c: string, rear: boolean): string {
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

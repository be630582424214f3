/**
 * Generated "photos" of the demo fleet (RUN-5): there is no network to fetch real
 * photos from, so each demo car gets four drawn views in its own paint colour.
 * Pure and deterministic: the same input always gives the same bytes, so the route can let
 * browsers cache the result forever.
 *
 * The drawing is split by what it draws: drawing.ts (the shared kit), backgrounds.ts,
 * side-profiles.ts and side-view.ts, end-view.ts; this file picks them per view and names the
 * files the route serves.
 */
import type { DemoCar } from '../fleet';
import { background } from './backgrounds';
import { H, W, paintDefs } from './drawing';
import { endView } from './end-view';
import { SIDE } from './side-profiles';
import { sideView } from './side-view';

export type CarView = 0 | 1 | 2 | 3;
type BodyType = DemoCar['bodyType'];

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

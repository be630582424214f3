/**
 * Values the inventory filters group cars by, derived from what a car already records
 * (CAT-3, CAT-5): a pickup town from the city, a colour family from the paint's name,
 * key features from the amenity flags. Shared so that the server's filters and facet counts
 * and the web's labels agree. No zod here: the web's home bundle must not pull it in.
 */

/** Key features (CAT-5), each backed by one amenity flag of the car. */
export const CAR_FEATURES = ['air_conditioning', 'bluetooth', 'usb_charger'] as const;
export type CarFeature = (typeof CAR_FEATURES)[number];

export const CAR_FEATURE_LABELS: Record<CarFeature, string> = {
  air_conditioning: 'Air conditioning',
  bluetooth: 'Bluetooth',
  usb_charger: 'USB charger',
};

interface AmenityFlags {
  has_airconditioning: boolean;
  has_bluetooth: boolean;
  usb_charger: boolean;
}

export function hasFeature(car: AmenityFlags, feature: CarFeature): boolean {
  switch (feature) {
    case 'air_conditioning':
      return car.has_airconditioning;
    case 'bluetooth':
      return car.has_bluetooth;
    case 'usb_charger':
      return car.usb_charger;
  }
}

/**
 * Paint names are marketing ('Precious White Pearl', 'Forged Copper'); people filter by the
 * plain colour. The first family whose word appears in the name wins, so 'Black Sapphire' is
 * black and 'Champagne Gold' gold.
 */
export const COLOUR_FAMILIES = [
  'white',
  'black',
  'silver',
  'grey',
  'red',
  'blue',
  'green',
  'yellow',
  'orange',
  'brown',
  'gold',
  'beige',
  'other',
] as const;
export type ColourFamily = (typeof COLOUR_FAMILIES)[number];

const COLOUR_WORDS: [ColourFamily, RegExp][] = [
  ['white', /\b(white|ivory)\b/],
  ['black', /\b(black|obsidian|onyx)\b/],
  ['silver', /\b(silver|platinum)\b/],
  ['grey', /\b(grey|gray|graphite|gunmetal|charcoal)\b/],
  ['red', /\b(red|ruby|cherry|maroon|burgundy|crimson)\b/],
  ['blue', /\b(blue|navy|teal|azure)\b/],
  ['green', /\b(green|olive|emerald|lime)\b/],
  ['yellow', /\b(yellow|sunflower)\b/],
  ['orange', /\b(orange|tangerine)\b/],
  ['brown', /\b(brown|copper|bronze|chocolate)\b/],
  ['gold', /\b(gold|champagne)\b/],
  ['beige', /\b(beige|sand|cream|tan)\b/],
];

export const COLOUR_FAMILY_LABELS: Record<ColourFamily, string> = {
  white: 'White',
  black: 'Black',
  silver: 'Silver',
  grey: 'Grey',
  red: 'Red',
  blue: 'Blue',
  green: 'Green',
  yellow: 'Yellow',
  orange: 'Orange',
  brown: 'Brown',
  gold: 'Gold',
  beige: 'Beige',
  other: 'Other',
};

/** A swatch for each family, for the colour filter. */
/** The 'other' family's swatch: the colour wheel's quarters, clockwise from the top. */
export const OTHER_SWATCH_COLOURS = ['#c8161d', '#f4c20d', '#2f7d3b', '#1f5fae'] as const;

export const COLOUR_FAMILY_SWATCHES: Record<ColourFamily, string> = {
  white: '#f7f7f4',
  black: '#1b1d1f',
  silver: '#c4c8cc',
  grey: '#7b8288',
  red: '#c8161d',
  blue: '#1f5fae',
  green: '#2f7d3b',
  yellow: '#f4c20d',
  orange: '#ef6c1a',
  brown: '#8b5a2b',
  gold: '#c9a24a',
  beige: '#d9c7a3',
  other: `conic-gradient(${OTHER_SWATCH_COLOURS.join(', ')}, ${OTHER_SWATCH_COLOURS[0]})`,
};

export function colourFamilyOf(colour: string): ColourFamily {
  const name = colour.toLowerCase();
  for (const [family, words] of COLOUR_WORDS) if (words.test(name)) return family;
  return 'other';
}

/** 'Accra – East Legon' → 'Accra': the town is the part before the dash. */
export function townOf(city: string): string {
  return city.split(/\s+[–—-]\s+/)[0]!.trim();
}

/**
 * The inventory pages' 'New cars' are at most this many model years old (the current year and
 * the four before it); older ones are 'Used Cars'. Every rental car has been driven, so 'new'
 * here means a recent model, which is what a renter asking for a new car wants.
 */
export const NEW_CAR_MODEL_YEARS = 5;

export function newestUsedYear(currentYear: number): number {
  return currentYear - NEW_CAR_MODEL_YEARS;
}

export const CAR_SORTS = ['recommended', 'price_asc', 'price_desc', 'newest'] as const;
export type CarSort = (typeof CAR_SORTS)[number];

/**
 * Where Ghana's towns are, for a car's map position when staff put it at a branch (STAFF-34):
 * the town centre, 4 decimals (about 10 m). A town not listed keeps the position typed.
 */
export const TOWN_POSITIONS: Readonly<Record<string, { lat: number; long: number }>> = {
  accra: { lat: 5.6037, long: -0.187 },
  tema: { lat: 5.6698, long: -0.0166 },
  kumasi: { lat: 6.6885, long: -1.6244 },
  takoradi: { lat: 4.8845, long: -1.7554 },
  'sekondi-takoradi': { lat: 4.8845, long: -1.7554 },
  'cape coast': { lat: 5.1053, long: -1.2466 },
  tamale: { lat: 9.4008, long: -0.8393 },
  ho: { lat: 6.6008, long: 0.4713 },
  koforidua: { lat: 6.0941, long: -0.2591 },
  sunyani: { lat: 7.3399, long: -2.3268 },
  bolgatanga: { lat: 10.7856, long: -0.8514 },
  wa: { lat: 10.0601, long: -2.5099 },
};

/** The town's centre, whatever its capitals and spaces; undefined for a town not listed. */
export const townPosition = (town: string) =>
  TOWN_POSITIONS[town.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-GH')];

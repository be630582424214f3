import { describe, expect, it } from 'vitest';
import { DEMO_FLEET } from '../server/demo/fleet';
import { colourFamilyOf, newestUsedYear, townOf } from './car-facets';

describe('colourFamilyOf', () => {
  it('reads the plain colour out of a paint name', () => {
    expect(colourFamilyOf('Precious White Pearl')).toBe('white');
    expect(colourFamilyOf('Black Sapphire')).toBe('black');
    expect(colourFamilyOf('Champagne Gold')).toBe('gold');
    expect(colourFamilyOf('Forged Copper')).toBe('brown');
    expect(colourFamilyOf('Teal Blue')).toBe('blue');
    expect(colourFamilyOf('Graphite Grey')).toBe('grey');
    expect(colourFamilyOf('Lime Green')).toBe('green');
    expect(colourFamilyOf('Titanium')).toBe('other');
  });

  it('places every colour of the demo fleet in a family', () => {
    const unplaced = DEMO_FLEET.filter((car) => colourFamilyOf(car.colour) === 'other');
    expect(unplaced.map((car) => car.colour)).toEqual([]);
  });
});

describe('townOf', () => {
  it('keeps the town before the area', () => {
    expect(townOf('Accra – East Legon')).toBe('Accra');
    expect(townOf('Kumasi - Adum')).toBe('Kumasi');
    expect(townOf('Cape Coast')).toBe('Cape Coast');
  });
});

describe('newestUsedYear', () => {
  it('counts five model years as new', () => {
    expect(newestUsedYear(2026)).toBe(2021);
  });
});

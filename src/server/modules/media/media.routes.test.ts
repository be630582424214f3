import { describe, expect, it } from 'vitest';
import { parseDemoImageName } from '../../demo/car-illustration/car-illustration';
import { cachedIllustrations } from './media.routes';

describe('cachedIllustrations', () => {
  it('keeps at most its bound, dropping the picture asked for least recently', () => {
    const drawn: string[] = [];
    const render = cachedIllustrations(2, (options) => {
      drawn.push(options.colourHex);
      return `<svg data-colour="${options.colourHex}"/>`;
    });
    const ask = (name: string) => render(name, parseDemoImageName(name)!);

    expect(ask('suv-111111-0.svg')).toBe('<svg data-colour="#111111"/>');
    ask('suv-222222-0.svg');
    // The first picture is asked for again: the second is now the least recently used.
    ask('suv-111111-0.svg');
    ask('suv-333333-0.svg');
    ask('suv-111111-0.svg');
    ask('suv-222222-0.svg');
    expect(drawn).toEqual(['#111111', '#222222', '#333333', '#222222']);
  });
});

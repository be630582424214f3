import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import {
  parseDemoImageName,
  renderCarIllustration,
} from '../../demo/car-illustration/car-illustration';
import { errorHandlerPlugin } from '../../plugins/error-handler';
import { cachedIllustrations, demoImageUrl, mediaRoutes } from './media.routes';

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

describe('GET /media/demo/:name', () => {
  async function buildApp() {
    // As the app builds it: zod schemas, and the one error handler (a bad name is not found).
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandlerPlugin);
    await app.register(mediaRoutes, { prefix: '/media' });
    return app;
  }

  it('serves a demo photo as a cacheable SVG', async () => {
    const app = await buildApp();
    const response = await app.inject({ method: 'GET', url: demoImageUrl('van', '#bfc4c9', 2) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(
      renderCarIllustration({ bodyType: 'van', colourHex: '#bfc4c9', view: 2 }),
    );
    await app.close();
  });

  it('answers 404 for a name that is not a demo photo', async () => {
    const app = await buildApp();
    for (const url of [
      '/media/demo/tank-1f6f8b-0.svg',
      '/media/demo/suv-1F6F8B-0.svg',
      '/media/demo/..%2Fetc%2Fpasswd',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
    await app.close();
  });
});

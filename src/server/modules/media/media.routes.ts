import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import { messages } from '../../../shared/messages';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  DEMO_IMAGE_NAME,
  demoImageName,
  parseDemoImageName,
  renderCarIllustration,
  type CarView,
} from '../../demo/car-illustration/car-illustration';
import type { DemoCar } from '../../demo/fleet';

/**
 * Rendered SVGs by file name. Bounded because the name space is huge (any colour is a valid
 * name), so a crawler walking colours must not grow the process without limit; the names
 * asked for least recently go first, so the demo fleet's own pictures stay.
 */
const MAX_CACHED = 500;

type IllustrationOptions = Parameters<typeof renderCarIllustration>[0];

/** A renderer that remembers its last `max` answers (by file name). */
export function cachedIllustrations(max: number, render = renderCarIllustration) {
  const rendered = new LRUCache<string, string>({ max });
  return (name: string, options: IllustrationOptions): string => {
    const hit = rendered.get(name);
    if (hit !== undefined) return hit;
    const svg = render(options);
    rendered.set(name, svg);
    return svg;
  };
}

const renderCached = cachedIllustrations(MAX_CACHED);

/** Public URL of a demo photo; the route below serves it. */
export function demoImageUrl(
  bodyType: DemoCar['bodyType'],
  colourHex: string,
  view: CarView,
): string {
  return `/media/demo/${demoImageName(bodyType, colourHex, view)}`;
}

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { name: string } }>(
    '/demo/:name',
    {
      schema: {
        tags: ['media'],
        summary: 'A demo car illustration (SVG) by body type, colour and view',
        params: z.object({ name: z.string().regex(DEMO_IMAGE_NAME) }),
        response: {
          200: { description: 'The image', content: { 'image/svg+xml': { schema: z.string() } } },
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const parsed = parseDemoImageName(request.params.name);
      if (!parsed) return reply.status(404).send({ message: messages.http.notFound });
      const svg = renderCached(request.params.name, parsed);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(svg);
    },
  );
};

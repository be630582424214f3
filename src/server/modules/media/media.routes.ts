import type { FastifyPluginAsync } from 'fastify';
import { messages } from '../../../shared/messages';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  DEMO_IMAGE_NAME,
  demoImageName,
  parseDemoImageName,
  renderCarIllustration,
  type CarView,
} from './car-illustration';
import type { DemoCar } from '../../db/seed/fleet';

/**
 * Rendered SVGs by file name. Bounded because the name space is huge (any colour is a valid
 * name), so a crawler walking colours must not grow the process without limit.
 */
const MAX_CACHED = 500;
const rendered = new Map<string, string>();

function renderCached(name: string, options: Parameters<typeof renderCarIllustration>[0]): string {
  const hit = rendered.get(name);
  if (hit !== undefined) return hit;
  const svg = renderCarIllustration(options);
  if (rendered.size >= MAX_CACHED) {
    const oldest = rendered.keys().next();
    if (!oldest.done) rendered.delete(oldest.value);
  }
  rendered.set(name, svg);
  return svg;
}

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

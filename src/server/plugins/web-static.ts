import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the SPA's index.html for a browser route; false when no web build exists. */
    sendWebApp: ((reply: FastifyReply) => FastifyReply) | null;
  }
}

/**
 * Serves the built React app: hashed assets precompressed (brotli, gzip) with immutable
 * caching; index.html never cached, so a deploy is picked up at the next visit.
 */
export const webStaticPlugin = fp<{ root: string }>(async (app: FastifyInstance, { root }) => {
  const index = join(root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ root }, 'no web build found: run `npm run build` to serve the site');
    app.decorate('sendWebApp', null);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      if (path.includes(`${join(root, 'assets')}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('Cache-Control', 'no-cache');
      }
    },
  });
  app.decorate('sendWebApp', (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html', root),
  );
});

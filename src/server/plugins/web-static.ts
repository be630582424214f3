import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the SPA's index.html for a browser route; null when no web build exists. */
    sendWebApp: ((reply: FastifyReply, pathname: string) => FastifyReply) | null;
  }
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * The page chunk of a route is otherwise found only after the entry script has run: one more
 * round trip on a slow mobile network before anything shows. So index.html names, per route,
 * the page's scripts and styles to fetch at once. Convention: the page module of a route is
 * src/web/app/routes/<first URL segment>.tsx ('home' for '/').
 */
export function buildRouteShells(indexHtml: string, manifest: Manifest): Map<string, string> {
  const shells = new Map<string, string>();
  for (const [source, chunk] of Object.entries(manifest)) {
    const match = /^app\/routes\/([a-z0-9-]+)\.tsx$/.exec(source);
    if (!match) continue;
    const scripts = new Set<string>();
    const styles = new Set<string>(chunk.css ?? []);
    const visit = (key: string) => {
      const entry = manifest[key];
      if (!entry || scripts.has(entry.file) || key === 'index.html') return;
      scripts.add(entry.file);
      for (const css of entry.css ?? []) styles.add(css);
      for (const imported of entry.imports ?? []) visit(imported);
    };
    visit(source);
    const links = [
      ...[...styles].map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
      ...[...scripts].map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
    ].join('\n    ');
    const segment = match[1] === 'home' ? '' : match[1]!;
    shells.set(segment, indexHtml.replace('</head>', `  ${links}\n  </head>`));
  }
  return shells;
}

/**
 * Serves the built React app: hashed assets precompressed (brotli, gzip) with immutable
 * caching; index.html never cached, so a deploy is picked up at the next visit.
 */
export const webStaticPlugin = fp<{ root: string }>(async (app: FastifyInstance, { root }) => {
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
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

  const indexHtml = readFileSync(indexPath, 'utf8');
  const manifestPath = join(root, '.vite', 'manifest.json');
  const shells = existsSync(manifestPath)
    ? buildRouteShells(indexHtml, JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : new Map<string, string>();
  app.decorate('sendWebApp', (reply: FastifyReply, pathname: string) => {
    const segment = pathname.split('/')[1] ?? '';
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shells.get(segment) ?? indexHtml);
  });
});

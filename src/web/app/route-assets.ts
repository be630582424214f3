import type { ComponentType } from 'react';
import type { RouteEntry } from './routes-manifest';

type PageModule = { default: ComponentType };
/** The page modules, by file ('./routes/home.tsx'). */
const pageModules = import.meta.glob<PageModule>('./routes/*.tsx');

/**
 * Each route's page module name (src/web/app/routes/<page>.tsx): the route's loader and the
 * page modules are all loaded, and matched by what they export. For the build and the tests:
 * it runs every page module.
 */
export async function routePages(
  routes: readonly Pick<RouteEntry, 'path' | 'load'>[],
  modules: Record<string, () => Promise<PageModule>> = pageModules,
): Promise<{ path: string; page: string }[]> {
  const byComponent = new Map<ComponentType, string>();
  for (const [file, load] of Object.entries(modules)) {
    byComponent.set((await load()).default, file.replace(/^.*\/|\.tsx$/g, ''));
  }
  return Promise.all(
    routes.map(async ({ path, load }) => {
      const page = byComponent.get((await load()).default);
      if (page === undefined) throw new Error(`route ${path} loads no page module of app/routes`);
      return { path, page };
    }),
  );
}

/** The parts of Vite's build manifest (dist/web/.vite/manifest.json) read here. */
export type ViteManifest = Record<
  string,
  {
    file: string;
    name?: string;
    src?: string;
    isEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
  }
>;

/** What one route's page needs, as the build writes it for the server (.vite/routes.json). */
export interface RouteAssets {
  /** The route's pattern, as React Router matches it. */
  path: string;
  /** The page's scripts: its chunk and the chunks it imports, entry excluded ('assets/x.js'). */
  scripts: string[];
  /** Their stylesheets ('assets/x.css'). */
  styles: string[];
}

/**
 * The chunks each route's page needs before it can render, from the route manifest and Vite's
 * build manifest, so that the HTML of a URL can ask for them at once instead of after the
 * entry script has run (one round trip less on a slow network). The entry's own chunks are
 * left out: index.html names them already.
 */
export function routeAssets(
  routes: readonly { path: string; page: string }[],
  manifest: ViteManifest,
): RouteAssets[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const entryFiles = new Set<string>();
  const closure = (key: string, files: Set<string>, styles: Set<string> | null) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || (files !== entryFiles && entryFiles.has(chunk.file)))
      return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) styles?.add(css);
    for (const imported of chunk.imports ?? []) closure(imported, files, styles);
  };
  if (entryKey) closure(entryKey, entryFiles, null);

  return routes.map(({ path, page }) => {
    const key = pageChunkKey(manifest, entryKey, page);
    if (key === undefined) {
      throw new Error(`the build has no chunk for src/web/app/routes/${page}.tsx (route ${path})`);
    }
    const files = new Set<string>();
    const styles = new Set<string>();
    closure(key, files, styles);
    return { path, scripts: [...files], styles: [...styles] };
  });
}

/**
 * A page module's key in the manifest: its source path, or, when the bundler merged it into a
 * chunk other modules import too (the not-found page, which the console shows as well), that
 * chunk's key, found among the entry's lazy imports by its name.
 */
function pageChunkKey(
  manifest: ViteManifest,
  entryKey: string | undefined,
  page: string,
): string | undefined {
  const source = `app/routes/${page}.tsx`;
  if (manifest[source]) return source;
  const lazyKeys = (entryKey && manifest[entryKey]!.dynamicImports) || [];
  return lazyKeys.find((key) => manifest[key]?.src === source || manifest[key]?.name === page);
}

/**
 * Every script a route downloads before its page can render (PAGE-17): the entry chunk, the
 * chunks it imports, and the route's own (routeAssets). Lazy imports are left out: they load
 * when the page asks for them, after its first render.
 */
export function firstLoadScripts(manifest: ViteManifest, route: RouteAssets): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (entryKey) visit(entryKey);
  for (const script of route.scripts) files.add(script);
  return [...files];
}

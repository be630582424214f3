import { createHash } from 'node:crypto';
import { contentSecurityPolicy } from './security-headers';

/**
 * The HTML of a page that is painted before its scripts run (a "first paint": markup rendered
 * by src/web/prerender.tsx at build time, or per car by the server), made from the route's
 * shell. Everything a phone needs to paint comes with the HTML itself, and the scripts come
 * after (docs/decisions/004-web-budget.md, Addendum 3):
 * - the page's markup, inert until React replaces it with the same picture;
 * - its stylesheets' rules inline (no round trip before the paint);
 * - the images the markup preloads (the car's photo) first in <head>;
 * - the app's scripts asked for once the page has been painted, by a small inline script.
 * The CSP allows the inline script and styles by their hashes (contentSecurityPolicyFor).
 */
export interface FirstPaintOptions {
  /** Attributes of the inert wrapper, for the app to read before it replaces it (src/web/lib/first-paint.ts). */
  data?: Record<`data-${string}`, string>;
  /** The build's CSS by URL ('/assets/x.css'): the page's links to these are inlined. */
  stylesheets?: ReadonlyMap<string, string>;
}

/**
 * Puts a page's first paint into its shell. React does not hydrate it but replaces it; until
 * then it is inert: a field typed into would be emptied by that, a button would do nothing,
 * and a form sent without its script would put a password in the URL.
 */
export function withFirstPaint(
  shell: string,
  markup: string,
  { data = {}, stylesheets = new Map() }: FirstPaintOptions = {},
): string {
  // React puts the links of the resources the markup preloads first in it.
  const preloads = /^(?:<link rel="preload"[^>]*>)*/.exec(markup)![0];
  const attributes = Object.entries(data)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  const page = `<div id="root"><div inert${attributes}>${markup.slice(preloads.length)}</div></div>`;
  const head = paintResourcesFirst(shell, preloads.match(/<link[^>]*>/g) ?? []);
  return scriptsAfterFirstPaint(inlineStylesheets(head, stylesheets)).replace(
    '<div id="root"></div>',
    () => page,
  );
}

/**
 * The stylesheets, then `preloads`, before the first script in <head>: on a slow link over
 * HTTP/1.1 (six connections), whatever the page is painted with comes first.
 */
function paintResourcesFirst(shell: string, preloads: string[]): string {
  const headEnd = shell.indexOf('</head>');
  if (headEnd === -1) return shell;
  const sheets: string[] = [];
  const head = shell.slice(0, headEnd).replace(/\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
    sheets.push(tag.trim());
    return '';
  });
  const firstScript = head.search(/<script |<link rel="modulepreload" /);
  const at = firstScript === -1 ? head.length : firstScript;
  const first = [...sheets, ...preloads].map((tag) => `${tag}\n    `).join('');
  return head.slice(0, at) + first + head.slice(at) + shell.slice(headEnd);
}

/**
 * Each stylesheet link whose file is in `stylesheets` replaced by its rules in a <style>: the
 * paint then waits for no request but the HTML's own (a round trip less: 0.6–0.8 s sooner
 * with Lighthouse's throttling applied for real). The link stays, disabled (neither fetched
 * nor applied), because the app's loader (Vite's preload helper) looks for a sheet's <link>
 * and would otherwise fetch the sheet again when the page's chunk is imported.
 */
export function inlineStylesheets(html: string, stylesheets: ReadonlyMap<string, string>): string {
  return html.replace(
    /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
    (tag, href: string) => {
      const css = stylesheets.get(href);
      // '</style' would end the element early: such a file keeps its link.
      if (css === undefined || /<\/style/i.test(css)) return tag;
      return `<style>${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
    },
  );
}

/**
 * The shell's entry script and module preloads replaced by an inline script that asks for
 * them once the page has been painted from the HTML: the entry first (the largest, and what
 * runs first), then the modules, which src/web/main.tsx waits for before React's first commit.
 * Why after the paint: Lighthouse's simulated LCP charges every request that ended before the
 * observed paint, and on a fast link the scripts did (decision 004, Addendum 3). With the
 * styles inline the paint is soon after the HTML, so the scripts start a few hundred
 * milliseconds later than the preload scanner would start them; measured with real throttling,
 * the page is usable about as soon as before the styles were inlined.
 * A hidden page is never painted: it starts at once (or when hidden before the paint), and
 * after 3 s whatever happens. A shell without an entry script is left as it is.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  const modules: string[] = [];
  let entry: string | undefined;
  const head = html
    .slice(0, headEnd)
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      modules.push(href);
      return '';
    })
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
      entry = src;
      return '<script>START_APP</script>';
    });
  if (entry === undefined) return html;
  return head.replace('START_APP', () => startAppScript(entry!, modules)) + html.slice(headEnd);
}

/** ES5, and no markup: it goes in a <script> as it is. */
function startAppScript(entry: string, modules: string[]): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ${json(entry)};
    document.head.appendChild(script);
    ${json(modules)}.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  if (document.visibilityState !== 'visible' || document.prerendering) return start();
  document.addEventListener('visibilitychange', start);
  setTimeout(start, 3000);
  var Observer = window.PerformanceObserver;
  if (Observer && (Observer.supportedEntryTypes || []).indexOf('paint') !== -1) {
    new Observer(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () { setTimeout(start); });
  }
})();`;
}

/** The 'sha256-…' sources of the inline <script> and <style> elements in a page's <head>. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  // Only <head>: the page's markup, in <body>, never carries any (the CSP would block it).
  const headEnd = html.indexOf('</head>');
  const head = headEnd === -1 ? '' : html.slice(0, headEnd);
  const hashes = (tag: string) => [
    ...new Set(
      [...head.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(
        ([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`,
      ),
    ),
  ];
  return { scripts: hashes('script'), styles: hashes('style') };
}

/** The site's CSP for a page, with the inline script and styles of its <head> allowed. */
export function contentSecurityPolicyFor(html: string): string {
  return contentSecurityPolicy(inlineHashes(html));
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an HTML attribute value in double quotes (and in element content). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

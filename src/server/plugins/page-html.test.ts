import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicyFor,
  escapeHtml,
  inlineHashes,
  inlineStylesheets,
  scriptsAfterFirstPaint,
  withFirstPaint,
} from './page-html';

// A route's shell as web-static.ts builds it from Vite's index.html.
const shell =
  '<html><head><title>CarLink</title>' +
  '<script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index.css">' +
  '<link rel="modulepreload" crossorigin href="/assets/home.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/home.css">' +
  '</head><body><div id="root"></div></body></html>';
const stylesheets = new Map([
  ['/assets/index.css', 'body{margin:0}'],
  ['/assets/home.css', '.hero{color:#0b5d3b}'],
]);
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const inlineScriptOf = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;

describe('withFirstPaint', () => {
  it('puts the markup in #root, inert until React replaces it', () => {
    expect(withFirstPaint(shell, '<main><h1>Welcome back</h1></main>')).toContain(
      '<div id="root"><div inert><main><h1>Welcome back</h1></main></div></div>',
    );
  });

  it('takes the markup literally, dollar signs and all', () => {
    expect(withFirstPaint(shell, "<p>GH₵ $& $' per day</p>")).toContain(
      "<div inert><p>GH₵ $& $' per day</p></div>",
    );
  });

  it('adds data to the inert wrapper, escaped', () => {
    const data = { 'data-car': `{"make":"<b>'&"}` } as const;
    expect(withFirstPaint(shell, '<main></main>', { data })).toContain(
      '<div inert data-car="{&quot;make&quot;:&quot;&lt;b&gt;&#39;&amp;&quot;}"><main></main></div>',
    );
  });

  it('puts the styles, then the preloads React put first in the markup, before the script that starts the app', () => {
    const html = withFirstPaint(
      shell,
      '<link rel="preload" as="image" href="/media/a.svg" fetchPriority="high"/><main><img src="/media/a.svg"></main>',
      { stylesheets },
    );
    const head = headOf(html);
    const at = (text: string) => head.indexOf(text);
    expect(at('<style>body{margin:0}</style>')).toBeGreaterThan(-1);
    expect(at('<style>.hero{color:#0b5d3b}</style>')).toBeGreaterThan(
      at('<style>body{margin:0}</style>'),
    );
    expect(at('<link rel="preload" as="image" href="/media/a.svg"')).toBeGreaterThan(at('.hero{'));
    expect(at('<script>')).toBeGreaterThan(at('href="/media/a.svg"'));
    // Moved, not copied: the first paint starts with its own markup.
    expect(html).toContain('<div inert><main><img src="/media/a.svg"></main></div>');
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
  });

  it('asks for no script before the page is painted', () => {
    const html = withFirstPaint(shell, '<main></main>', { stylesheets });
    expect(html).not.toMatch(/<script [^>]*src=|rel="modulepreload"/);
    expect(inlineScriptOf(html)).toContain('"/assets/index.js"');
  });
});

describe('inlineStylesheets', () => {
  it("puts each known stylesheet's rules in the page, its link kept but disabled", () => {
    const html = inlineStylesheets(shell, stylesheets);
    expect(html).toContain(
      '<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index.css" disabled>',
    );
    expect(html).toContain(
      '<style>.hero{color:#0b5d3b}</style><link rel="stylesheet" crossorigin href="/assets/home.css" disabled>',
    );
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(2);
  });

  it('leaves the link of a file it does not have, or one that would close the <style> early', () => {
    const html = inlineStylesheets(
      shell,
      new Map([['/assets/home.css', '.a::after{content:"</style><script>"}']]),
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css">');
    expect(html).not.toContain('<style>');
  });
});

/** Runs the inline script in a page double: what it appends to <head>, and the browser's hooks. */
function runStartScript(html: string, page: { hidden?: boolean; paintTiming?: boolean } = {}) {
  const appended: string[] = [];
  const hooks: {
    paint?: (list: { getEntriesByName(name: string): unknown[] }) => void;
    frame?: () => void;
    timers: { run: () => void; ms: number }[];
    visibilitychange?: () => void;
  } = { timers: [] };
  const document = {
    visibilityState: page.hidden ? 'hidden' : 'visible',
    head: {
      appendChild: (element: { tag: string; src?: string; href?: string; rel?: string }) =>
        appended.push(
          element.tag === 'script' ? `script ${element.src}` : `${element.rel} ${element.href}`,
        ),
    },
    createElement: (tag: string) => ({ tag }),
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'visibilitychange') hooks.visibilitychange = listener;
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes =
      page.paintTiming === false ? ['navigation'] : ['navigation', 'paint'];
    constructor(private readonly callback: NonNullable<typeof hooks.paint>) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      hooks.paint = this.callback;
    }
  }
  const window = { PerformanceObserver };
  runInNewContext(inlineScriptOf(html), {
    window,
    document,
    requestAnimationFrame: (run: () => void) => void (hooks.frame = run),
    setTimeout: (run: () => void, ms = 0) => void hooks.timers.push({ run, ms }),
  });
  const painted = (name: string) =>
    hooks.paint!({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  return { appended, hooks, painted };
}

describe('scriptsAfterFirstPaint', () => {
  const html = scriptsAfterFirstPaint(shell);

  it("replaces the shell's scripts with one inline script, leaving the rest of <head>", () => {
    expect(html).not.toContain('/assets/index.js"></script>');
    expect(html).not.toContain('rel="modulepreload"');
    expect(headOf(html)).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css">');
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('starts the app once the page has been painted with content: the entry first, then the modules', () => {
    const { appended, painted } = runStartScript(html);
    expect(appended).toEqual([]);
    painted('first-paint');
    expect(appended).toEqual([]);
    painted('first-contentful-paint');
    expect(appended).toEqual([
      'script /assets/index.js',
      'modulepreload /assets/vendor.js',
      'modulepreload /assets/home.js',
    ]);
    painted('first-contentful-paint');
    expect(appended).toHaveLength(3);
  });

  it('starts at once on a page that is not shown (never painted), or when it is hidden before the paint', () => {
    expect(runStartScript(html, { hidden: true }).appended).toHaveLength(3);
    const { appended, hooks } = runStartScript(html);
    hooks.visibilitychange!();
    expect(appended).toHaveLength(3);
  });

  it('starts after 3 s whatever happens', () => {
    const { appended, hooks } = runStartScript(html);
    const safety = hooks.timers.find((timer) => timer.ms === 3000)!;
    safety.run();
    expect(appended).toHaveLength(3);
  });

  it('starts after the first frame where the browser does not report paints', () => {
    const { appended, hooks } = runStartScript(html, { paintTiming: false });
    expect(hooks.paint).toBeUndefined();
    hooks.frame!();
    expect(appended).toEqual([]);
    hooks.timers.find((timer) => timer.ms === 0)!.run();
    expect(appended).toHaveLength(3);
  });

  it('writes URLs so that none can end the script', () => {
    const odd = shell.replace('/assets/home.js', '/assets/</script>.js');
    expect(inlineScriptOf(scriptsAfterFirstPaint(odd))).toContain('"/assets/\\u003c/script>.js"');
  });

  it('leaves a shell without an entry script as it is', () => {
    const bare = '<html><head></head><body><div id="root"></div></body></html>';
    expect(scriptsAfterFirstPaint(bare)).toBe(bare);
  });
});

describe('inlineHashes and contentSecurityPolicyFor', () => {
  const html = withFirstPaint(shell, '<main></main>', { stylesheets });

  it("hashes exactly the inline script and styles of the page's <head>", () => {
    expect(inlineHashes(html)).toEqual({
      scripts: [sha256(inlineScriptOf(html))],
      styles: [sha256('body{margin:0}'), sha256('.hero{color:#0b5d3b}')],
    });
    const withBodyScript = html.replace('<main></main>', '<main><script>alert(1)</script></main>');
    expect(inlineHashes(withBodyScript).scripts).toEqual([sha256(inlineScriptOf(html))]);
  });

  it("allows the page's own inline script and styles, and nothing else inline", () => {
    const csp = contentSecurityPolicyFor(html);
    const directive = (name: string) => csp.split(';').find((part) => part.startsWith(`${name} `));
    expect(directive('script-src')).toBe(`script-src 'self' ${sha256(inlineScriptOf(html))}`);
    expect(directive('style-src')).toBe(
      `style-src 'self' ${sha256('body{margin:0}')} ${sha256('.hero{color:#0b5d3b}')}`,
    );
    expect(directive('script-src-attr')).toBe("script-src-attr 'none'");
    expect(csp).not.toContain('unsafe');
    expect(contentSecurityPolicyFor(shell)).toContain("script-src 'self';");
  });
});

describe('escapeHtml', () => {
  it('escapes what could end an attribute or open a tag, and nothing else', () => {
    expect(escapeHtml(`<script>"x" & 'y'</script> GH₵`)).toBe(
      '&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt; GH₵',
    );
  });
});

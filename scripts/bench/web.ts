// Web budget (PAGE-17): the home route's JavaScript (gzip) from the build's chunk graph, and
// Lighthouse mobile scores of the built site. Prints figures; not a test.
//   npm run bench:web          (builds first; Lighthouse needs /usr/bin/chromium)
// Knobs: BENCH_WEB_ROOT=<dir> measures a web build made elsewhere (no `npm run build`; the
// server runs from source), BENCH_LH_PAGES=/,/login limits the pages (default: every public page), BENCH_LH_OUT=<dir> keeps
// each run's Lighthouse JSON (to see e.g. which element is the LCP), BENCH_LH_RUNS, BENCH_WEB_PORT,
// BENCH_LH_THROTTLING=devtools throttles the page for real (same network and CPU settings) instead
// of simulating: slower and noisier, but it measures what a renderer gets rather than Lighthouse's
// model of it (docs/decisions/004-web-budget.md).
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const WEB_ROOT = process.env.BENCH_WEB_ROOT;
const WEB = WEB_ROOT ?? 'dist/web';
// Every public page (ROUTE-3, ROUTE-9), one of each kind: PAGE-17's goal holds on each of them.
const PUBLIC_PAGES = [
  '/',
  '/car-details?id=1',
  '/login',
  '/about',
  '/contact',
  '/faq',
  '/pricing',
  '/terms',
  '/team-list',
  '/team-single/1',
  '/inventory-sidebar-cards',
  '/inventory-map-rows',
  '/inventory-page-single-v1/1',
  '/favorite',
  '/dashboard',
  '/forgot-password',
  '/404',
];
/** PAGE-17: every public page scores ≥ 95; these landing pages also paint their LCP by 1.5 s. */
const LCP_PAGES = ['/', '/car-details?id=1', '/login'];
const PAGES = process.env.BENCH_LH_PAGES?.split(',') ?? PUBLIC_PAGES;
const LH_OUT = process.env.BENCH_LH_OUT;
const BUDGET_KIB = 110;
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4181);
const THROTTLING: 'devtools' | 'simulate' =
  process.env.BENCH_LH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';

type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Every JS file a route needs before it can render: the entry, the page chunk and their static imports. */
function routeChunks(manifest: Manifest, pageSource: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(pageSource);
  return [...files];
}

function reportSizes() {
  const manifest = JSON.parse(readFileSync(join(WEB, '.vite/manifest.json'), 'utf8')) as Manifest;
  console.log('== JavaScript per route (gzip -9 of each file, as the browser would download it)');
  const pages = [
    'home',
    'available-cars',
    'car-details',
    'booking-details',
    'booking-history',
    'login',
  ];
  let home = 0;
  for (const page of pages) {
    const files = routeChunks(manifest, `app/routes/${page}.tsx`);
    const gzip = files.reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(WEB, file)), { level: 9 }).length,
      0,
    );
    if (page === 'home') home = gzip;
    console.log(`  ${page.padEnd(16)} ${kib(gzip).padStart(6)} KiB in ${files.length} files`);
  }
  console.log(
    `  home route budget: ${BUDGET_KIB} KiB → ${home / 1024 <= BUDGET_KIB ? 'PASS' : 'MISS'} (${kib(home)} KiB)`,
  );
  return home;
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'carlink-bench-web-'));
  const [command, args] = WEB_ROOT
    ? ['npx', ['tsx', 'src/server/main.ts']]
    : ['node', ['dist/server/main.js']];
  const server = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...(WEB_ROOT ? { WEB_ROOT } : {}),
    },
    stdio: 'ignore',
    // Its own process group, so stopping it also stops what npx started.
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    stop: () => {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function reportLighthouse() {
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
    ],
  });
  const rows: { path: string; score: number; lcp: number; tbt: number; cls: number }[] = [];
  const flags = {
    port: chrome.port,
    onlyCategories: ['performance'],
    throttlingMethod: THROTTLING,
  };
  try {
    console.log(
      `\n== Lighthouse ${RUNS}× per page, mobile (slow 4G, 4× CPU, ${THROTTLING === 'devtools' ? 'applied for real (devtools)' : 'simulated'})`,
    );
    if (LH_OUT) mkdirSync(LH_OUT, { recursive: true });
    for (const path of PAGES) {
      const scores: number[] = [];
      const fcps: number[] = [];
      const lcps: number[] = [];
      const tbts: number[] = [];
      const ttis: number[] = [];
      const clss: number[] = [];
      // One unmeasured load first: the first request to a cold server is not what renters get.
      await fetch(`http://127.0.0.1:${PORT}${path}`);
      await lighthouse(`http://127.0.0.1:${PORT}${path}`, { ...flags, logLevel: 'error' });
      const failures: string[] = [];
      for (let attempt = 1; scores.length < RUNS && attempt <= RUNS * 2; attempt++) {
        const result = await lighthouse(`http://127.0.0.1:${PORT}${path}`, {
          ...flags,
          output: 'json',
          logLevel: 'error',
        });
        const lhr = result!.lhr;
        if (LH_OUT) {
          const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
          writeFileSync(join(LH_OUT, `${name}-${attempt}.json`), JSON.stringify(lhr));
        }
        // A run Lighthouse could not measure (NO_NAVSTART on a busy machine) is no score of 0.
        if (lhr.runtimeError) {
          failures.push(lhr.runtimeError.code);
          continue;
        }
        scores.push(Math.round((lhr.categories.performance!.score ?? 0) * 100));
        fcps.push(lhr.audits['first-contentful-paint']!.numericValue ?? 0);
        lcps.push(lhr.audits['largest-contentful-paint']!.numericValue ?? 0);
        tbts.push(lhr.audits['total-blocking-time']!.numericValue ?? 0);
        // When the page can be used: a change that paints sooner but answers later is no gain.
        ttis.push(lhr.audits.interactive!.numericValue ?? 0);
        clss.push(lhr.audits['cumulative-layout-shift']!.numericValue ?? 0);
      }
      rows.push({
        path,
        score: median(scores),
        lcp: median(lcps),
        tbt: median(tbts),
        cls: median(clss),
      });
      if (scores.length === 0)
        throw new Error(`Lighthouse could not measure ${path}: ${failures.join(', ')}`);
      console.log(
        `  ${path.padEnd(20)} performance ${String(median(scores)).padStart(3)} (runs: ${scores.join(', ')})  FCP ${(median(fcps) / 1000).toFixed(2)} s  LCP ${(median(lcps) / 1000).toFixed(2)} s  TBT ${Math.round(median(tbts))} ms  TTI ${(median(ttis) / 1000).toFixed(2)} s  CLS ${median(clss).toFixed(3)}${failures.length ? `  (unmeasured: ${failures.join(', ')})` : ''}`,
      );
    }
  } finally {
    await chrome.kill();
    server.stop();
  }
  // The budget (PAGE-17) is stated for the default (simulated) run; a devtools run is a cross-check.
  console.log(
    `  goals: performance ≥ 95 on each page; LCP ≤ 1.5 s on ${LCP_PAGES.join(', ')} (${THROTTLING} run)`,
  );
  for (const row of rows) {
    const lcpGoal = LCP_PAGES.includes(row.path);
    const met = row.score >= 95 && (!lcpGoal || row.lcp <= 1500);
    console.log(
      `  ${row.path.padEnd(20)} ${met ? 'PASS' : 'MISS'}${lcpGoal ? '' : `  (LCP ${(row.lcp / 1000).toFixed(2)} s: reported, no goal)`}`,
    );
  }
}

if (WEB_ROOT) {
  console.log(`measuring the web build in ${WEB_ROOT} (server from source)`);
} else {
  console.log('building the site (npm run build)…');
  execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
}
reportSizes();
await reportLighthouse();

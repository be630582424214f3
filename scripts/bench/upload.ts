// The upload part of `npm run bench` (PERF-13, decision 037): while one renter uploads a
// 40-megapixel identity document, how late does the server's event loop run and how long does
// a cheap GET take? Run by run.ts against a bench server started with --shedding (the load
// shedding on, with its defaults), so a cheap request refused with 503 shows here as it would
// on a site.
import { spawn, type ChildProcess } from 'node:child_process';
import sharp from 'sharp';
import { BARE_ROUTE, EVENT_LOOP_ROUTE } from './common';

export interface UploadSettings {
  /** Uploads one after the other per image. */
  uploads: number;
  /** Busy-looping processes started beside the server during the measure (a busy machine). */
  busy: number;
  /** Milliseconds between two cheap GETs (each waits for the previous answer). */
  pollEveryMs: number;
}

interface Latencies {
  p50: number;
  p99: number;
  max: number;
}

export interface UploadPhase {
  label: string;
  loop: Latencies;
  get: Latencies & { count: number; refused: number; failed: number };
  /** The uploads' own durations and statuses (none in the idle phase). */
  upload: { p50: number; max: number; statuses: Record<string, number> } | null;
}

const WIDTH = 8000;
const HEIGHT = 5000; // 40,000,000 pixels: exactly the decoder's limit (media/images.ts)

/**
 * The images: a 40-megapixel PNG of few colours, which compresses to some 40 KB (as a renter's
 * "32 KB" card did) and must be decoded whole (PNG has no shrink-on-load), and a 40-megapixel
 * JPEG, which libjpeg decodes at a quarter of the size when the result is 1600 wide.
 */
async function images() {
  const card = sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#d8c8a0' },
  }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
          `<rect x="400" y="400" width="2400" height="3000" fill="#6a7f99"/>` +
          `<rect x="3200" y="600" width="4200" height="300" fill="#333"/>` +
          `<rect x="3200" y="1200" width="3000" height="300" fill="#333"/></svg>`,
      ),
    },
  ]);
  const png = await card.clone().png({ palette: true, compressionLevel: 9 }).toBuffer();
  const jpeg = await card.clone().jpeg({ quality: 85 }).toBuffer();
  return [
    { label: `40-MP PNG (${Math.round(png.length / 1024)} KB)`, bytes: png, type: 'image/png' },
    { label: `40-MP JPEG (${Math.round(jpeg.length / 1024)} KB)`, bytes: jpeg, type: 'image/jpeg' },
  ];
}

function summary(values: number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length
      ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
      : NaN;
  return { p50: at(50), p99: at(99), max: sorted.at(-1) ?? NaN };
}

async function eventLoop(base: string): Promise<Latencies> {
  const res = await fetch(`${base}${EVENT_LOOP_ROUTE}`);
  const body = (await res.json()) as Latencies;
  return { p50: body.p50, p99: body.p99, max: body.max };
}

/** A cheap GET every `everyMs` until stopped: each one's time and status. */
function poller(base: string, everyMs: number) {
  const times: number[] = [];
  let refused = 0;
  let failed = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}${BARE_ROUTE}`);
        await res.arrayBuffer();
        if (res.status === 503) refused++;
        else if (res.status !== 200) failed++;
      } catch {
        failed++;
      }
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return async () => {
    running = false;
    await done;
    return { ...summary(times), count: times.length, refused, failed };
  };
}

async function upload(base: string, token: string, image: { bytes: Buffer; type: string }) {
  const form = new FormData();
  form.append('kind', 'ghana_card');
  form.append('ghana_card_pin', 'GHA-123456789-0');
  form.append('date_of_birth', '1990-05-01');
  form.append('file', new Blob([new Uint8Array(image.bytes)], { type: image.type }), 'card');
  const started = performance.now();
  const res = await fetch(`${base}/api/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

/** Processes that spin on a core each, as other work on a busy machine does. */
function busyLoops(n: number): ChildProcess[] {
  return Array.from({ length: n }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

export async function uploadBenchmark(
  base: string,
  token: string,
  settings: UploadSettings,
): Promise<UploadPhase[]> {
  const subjects = await images();
  const phases: UploadPhase[] = [];
  const busy = busyLoops(settings.busy);
  try {
    // Idle first: the same GETs with nothing else going on, the yardstick.
    await eventLoop(base);
    const idle = poller(base, settings.pollEveryMs);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    phases.push({ label: 'idle', get: await idle(), loop: await eventLoop(base), upload: null });

    for (const image of subjects) {
      await eventLoop(base);
      const stop = poller(base, settings.pollEveryMs);
      const uploads: { ms: number; status: number }[] = [];
      for (let i = 0; i < settings.uploads; i++) uploads.push(await upload(base, token, image));
      const get = await stop();
      const statuses: Record<string, number> = {};
      for (const u of uploads) statuses[u.status] = (statuses[u.status] ?? 0) + 1;
      const times = summary(uploads.map((u) => u.ms));
      phases.push({
        label: `${image.label} ×${settings.uploads}`,
        get,
        loop: await eventLoop(base),
        upload: { p50: times.p50, max: times.max, statuses },
      });
    }
  } finally {
    for (const child of busy) child.kill('SIGKILL');
  }
  return phases;
}

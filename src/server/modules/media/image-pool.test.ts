import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../http-errors';
import { ImagePool, ImagePoolFullError, ImageWorkerCrashedError } from './image-pool';
import { checkDecodable, configureImages, toWebp } from './images';

/**
 * The image workers (PERF-13, RUN-20, decision 037): a bounded queue that says no at once, a
 * worker that dies taking only its own job, and the real worker doing what sharp did in place.
 */

/** A stand-in worker: answers each job after `width` ms; a job of width 0 kills the worker. */
const FAKE_WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (job) => {
  if (job.width === 0) setImmediate(() => { throw new Error('boom'); });
  else setTimeout(() => parentPort.postMessage({ id: job.id, ok: true, value: job.width }), job.width);
});
`;
const job = (width: number) =>
  ({ op: 'webp', input: new Uint8Array(1), limitInputPixels: 1, width, quality: 1 }) as const;

let pools: ImagePool[] = [];
afterEach(async () => {
  for (const pool of pools) await pool.close();
  pools = [];
  configureImages({ workers: 1, queue: 8 });
});
const fakePool = (workers: number, queue: number) => {
  const pool = new ImagePool({ workers, queue }, FAKE_WORKER);
  pools.push(pool);
  return pool;
};

describe('image pool', () => {
  it('runs one job per worker, queues up to its bound and refuses the next at once', async () => {
    // Broken variant run once (the bound checked against running jobs only): the fourth was
    // queued and answered instead of refused.
    const pool = fakePool(1, 2);
    const first = pool.run(job(200));
    const queued = [pool.run(job(10)), pool.run(job(11))];
    expect(pool.load).toEqual({ running: 1, waiting: 2, workers: 1 });
    await expect(pool.run(job(12))).rejects.toBeInstanceOf(ImagePoolFullError);
    expect(await first).toBe(200);
    expect(await Promise.all(queued)).toEqual([10, 11]);
    // Drained: room again.
    expect(await pool.run(job(5))).toBe(5);
  });

  it('a worker that dies fails only its own job, and a new worker takes the next', async () => {
    const pool = fakePool(1, 4);
    const crash = pool.run(job(0));
    const after = pool.run(job(10));
    await expect(crash).rejects.toBeInstanceOf(ImageWorkerCrashedError);
    expect(await after).toBe(10);
    expect(pool.load).toEqual({ running: 0, waiting: 0, workers: 1 });
  });

  it('decodes and re-encodes in the worker as sharp did in place', async () => {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#4a7' },
    })
      .png()
      .toBuffer();
    const meta = await checkDecodable(png, 'png');
    expect(meta).toMatchObject({ format: 'png', width: 800, height: 600 });
    const webp = await toWebp(png, 400, 80);
    expect(Buffer.isBuffer(webp)).toBe(true);
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 400 });
    // A PNG signature on other bytes is unreadable, as before (422 for the caller).
    const fake = Buffer.concat([png.subarray(0, 8), Buffer.from('not an image')]);
    await expect(checkDecodable(fake, 'png')).rejects.toThrow('unreadable');
  });

  it('past the queue, an upload is told 503 with Retry-After (DOC-14)', async () => {
    configureImages({ workers: 1, queue: 0 });
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer();
    // The first job takes the only worker as it is asked; the second finds no room.
    const running = toWebp(png, 400, 80);
    const refused = await checkDecodable(png, 'png').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, headers: { 'Retry-After': '2' } });
    await running;
  });
});

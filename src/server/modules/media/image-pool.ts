import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * The image work (sharp, libvips) in worker threads, off the event loop's path (PERF-13,
 * decision 037). Loading sharp is a synchronous require of a 20 MB native library (about
 * 50–90 ms of the main thread's CPU, 200–300 ms of stall on a busy machine): done in a worker,
 * the loop that answers everyone else never waits for it. A bounded queue in front: at most
 * `workers` images are decoded at once (each on one core: libvips' concurrency is set to 1),
 * at most `queue` wait, and past that the caller is told at once (ImagePoolFullError) rather
 * than kept waiting behind other people's photos.
 */

export interface ImagePoolOptions {
  /** Images decoded at once, one worker thread each. */
  workers: number;
  /** Jobs that may wait for a worker; one more is refused. */
  queue: number;
}

/** One worker per two cores, at least one: a 2-core machine keeps a core for the requests. */
export const defaultImageWorkers = () => Math.max(1, Math.floor(availableParallelism() / 2));
export const DEFAULT_IMAGE_QUEUE = 8;

export type ImageJob =
  | { op: 'metadata'; input: Uint8Array; limitInputPixels: number }
  | {
      op: 'webp';
      input: Uint8Array;
      limitInputPixels: number;
      width: number;
      quality: number;
    };

/** Every worker is busy and the queue is full. */
export class ImagePoolFullError extends Error {}
/** sharp refused the job: its message, as sharp worded it. */
export class ImageJobError extends Error {}
/** The worker died with the job (it is replaced for the next one). */
export class ImageWorkerCrashedError extends Error {}

/**
 * The worker's own code, plain CommonJS evaluated as it is: no bundler or TypeScript loader
 * has to know about a second entry file (the build, the bench and the hardening bundles, the
 * test runner and `npm run dev` all run this same text). It loads sharp from the path the main
 * thread resolved, and answers each job with { id, ok, value } or { id, ok: false, message }.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const sharp = require(workerData.sharpPath);
// Each image is decoded once: libvips' operation cache would only hold memory (PERF-12).
sharp.cache(false);
// One thread per image: the pool's size is the number of cores image work may take.
sharp.concurrency(1);
parentPort.on('message', async (job) => {
  try {
    const input = Buffer.from(job.input.buffer, job.input.byteOffset, job.input.byteLength);
    const image = sharp(input, { limitInputPixels: job.limitInputPixels });
    let value;
    if (job.op === 'metadata') {
      // The profiles and camera blocks stay here: nobody reads them, and they can be large.
      const { exif, icc, iptc, xmp, tifftagPhotoshop, ...meta } = await image.metadata();
      value = meta;
    } else {
      value = await image
        .rotate() // upright by the EXIF orientation, before the metadata is dropped
        .resize({ width: job.width, withoutEnlargement: true })
        .webp({ quality: job.quality })
        .toBuffer();
    }
    parentPort.postMessage({ id: job.id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id: job.id, ok: false, message: String(error && error.message) });
  }
});
`;

interface Pending {
  id: number;
  job: ImageJob;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class ImagePool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private sharpPath: string | undefined;

  constructor(
    private options: ImagePoolOptions,
    /** Tests replace the worker's code (a worker that crashes). */
    private readonly source = WORKER_SOURCE,
  ) {}

  configure(options: ImagePoolOptions) {
    this.options = options;
  }

  /** Jobs running and waiting (for tests and the bench). */
  get load() {
    return { running: this.busy.size, waiting: this.waiting.length, workers: this.workerCount };
  }

  private get workerCount() {
    return this.idle.length + this.busy.size;
  }

  run<T>(job: ImageJob): Promise<T> {
    const free = this.idle.length + Math.max(0, this.options.workers - this.workerCount);
    if (free === 0 && this.waiting.length >= this.options.queue)
      return Promise.reject(new ImagePoolFullError('image queue full'));
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, job, resolve: resolve as Pending['resolve'], reject });
      this.dispatch();
    });
  }

  /** Ends the workers; jobs still waiting or running are refused. */
  async close() {
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    for (const pending of [...this.waiting, ...this.busy.values()])
      pending.reject(new ImageWorkerCrashedError('image pool closed'));
    this.waiting.length = 0;
    this.busy.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private dispatch() {
    while (this.waiting.length) {
      let worker = this.idle.pop();
      if (!worker) {
        if (this.workerCount >= this.options.workers) return;
        worker = this.spawn();
      }
      const pending = this.waiting.shift()!;
      this.busy.set(worker, pending);
      // A job in hand keeps the process alive; an idle worker does not (tests, scripts exit).
      worker.ref();
      // Copied, not transferred: a caller may use its buffer again (a car photo's widths).
      worker.postMessage({ ...pending.job, id: pending.id });
    }
  }

  private spawn() {
    this.sharpPath ??= createRequire(import.meta.url).resolve('sharp');
    const worker = new Worker(this.source, {
      eval: true,
      workerData: { sharpPath: this.sharpPath },
      // Its log lines are the process's own (a failed require names the missing library).
      stderr: false,
    });
    worker.on(
      'message',
      (answer: { id: number; ok: boolean; value?: unknown; message?: string }) => {
        const pending = this.busy.get(worker);
        if (!pending || pending.id !== answer.id) return;
        this.busy.delete(worker);
        worker.unref();
        this.idle.push(worker);
        if (answer.ok) pending.resolve(answer.value);
        else pending.reject(new ImageJobError(answer.message ?? 'image error'));
        this.dispatch();
      },
    );
    // A worker that dies (an error thrown outside a job, out of memory, terminated) takes only
    // its own job with it: the next job starts a new one.
    const lost = (error: Error) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      pending?.reject(new ImageWorkerCrashedError(`image worker stopped: ${error.message}`));
      this.dispatch();
    };
    let gone = false;
    worker.once('error', (error: unknown) => {
      gone = true;
      lost(error instanceof Error ? error : new Error(String(error)));
    });
    worker.once('exit', (code) => {
      if (!gone) lost(new Error(`exit code ${code}`));
    });
    return worker;
  }
}

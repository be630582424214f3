import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '../shared/messages';
import { HttpError } from './http-errors';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { staffApiRoutes } from './staff-api/staff-api.routes';
import { uploadedMediaRoutes } from './modules/cars/car-photos.routes';
import { resolveUploadsDir } from './modules/cars/car-photo-files';
import { authRoutes } from './modules/auth/auth.routes';
import { staffSecondStepRoutes } from './modules/auth/staff-second-step.routes';
import { verifiedPhonePlugin } from './modules/auth/verified-phone.plugin';
import { withSafeLogging } from './logging';
import { sandboxPaymentRoutes } from './modules/sandbox/sandbox-payments.routes';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes';
import { deliveryReportRoutes } from './modules/messages/delivery-report.routes';
import { defaultSmsConfig, smsPlugin } from './modules/sms/sms.plugin';
import { documentRoutes } from './modules/documents/documents.routes';
import { resolveDocumentsDir, type DocumentStore } from './modules/documents/document-files';
import { DOCUMENTS_KEY_BYTES } from './modules/documents/document-crypto';
import { authSweepPlugin } from './modules/auth/auth-sweep';
import { documentRetentionPlugin } from './modules/documents/document-retention';
import { encryptPlaintextDocuments } from './modules/documents/plaintext-documents';
import { accountRoutes } from './modules/account/account.routes';
import { handoverRoutes } from './modules/handover/handover.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { favouriteRoutes } from './modules/favourites/favourites.routes';
import { textGuardPlugin } from './plugins/text-guard';
import { noShowPlugin } from './modules/bookings/no-show';
import { reminderJobPlugin } from './modules/messages/reminder-job';
import { savedSearchAlertsPlugin } from './modules/saved-searches/saved-search-alerts';
import { savedSearchRoutes } from './modules/saved-searches/saved-searches.routes';
import { branchRoutes } from './modules/branches/branches.routes';
import { bookingRoutes } from './modules/bookings/bookings.routes';
import { carListRoutes, carRoutes } from './modules/cars/cars.routes';
import { healthRoutes } from './modules/health/health.routes';
import { inboxRoutes } from './modules/inbox/inbox.routes';
import { conversationRoutes } from './modules/conversations/conversations.routes';
import { schedulerPlugin } from './modules/jobs/scheduler.plugin';
import { mediaRoutes } from './modules/media/media.routes';
import { defaultPaymentsConfig, paymentsPlugin } from './modules/payments/payments.plugin';
import { paymentRoutes } from './modules/payments/payments.routes';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { sendMethodNotAllowed } from './plugins/allowed-methods';
import { errorHandlerPlugin } from './plugins/error-handler';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { configureImages } from './modules/media/images';
import { openApiPlugin } from './plugins/openapi';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webStaticPlugin } from './plugins/web-static';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where renters' document photos are and the key that opens them (DOC-9). */
    documentStore: DocumentStore;
  }
}

export interface BuildAppOptions {
  config: Pick<AppConfig, 'env' | 'publicUrl' | 'trustProxy'> & {
    payments?: AppConfig['payments'];
    /** SMS provider settings; without it the sandbox. */
    sms?: AppConfig['sms'];
    /** Staff's car photos; without it (tests) a temporary folder, removed on close. */
    uploadsDir?: string;
    /** Renters' document photos (DOC-3); without it (tests) a temporary folder, removed on close. */
    documentsDir?: string;
    /** Their encryption key (DOC-9); without it (tests, with no documentsDir) a key made for this app. */
    documentsKey?: Buffer;
    /** DOC-10: days after the last completed trip that documents are kept (default 90). */
    documentRetentionDays?: number;
    /** The image workers (RUN-20); without it one per two cores and a queue of 8. */
    images?: AppConfig['images'];
    /** 503 past capacity; without it (tests) nothing is shed. */
    loadShedding?: AppConfig['loadShedding'];
    clockJobs?: AppConfig['clockJobs'];
  };
  database: DatabaseHandle;
  /** Close the database when the app closes (the app owns it). */
  closeDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Where the built web app is; defaults to dist/web beside the project. */
  webRoot?: string | null;
  /** Sees every route as it is registered (the hardening tests derive their route list from it). */
  onRoute?: (route: RouteOptions) => void;
}

const JSON_BODY_LIMIT = 64 * 1024;
// From the bundle (dist/server/main.js) the web build is ../web; from source, ../../dist/web.
const defaultWebRoot = [
  new URL('../web', import.meta.url),
  new URL('../../dist/web', import.meta.url),
]
  .map((url) => fileURLToPath(url))
  .find((path) => existsSync(join(path, 'index.html')));

export async function buildApp(options: BuildAppOptions) {
  const app = Fastify({
    // Secrets and phone numbers never reach a log line (RUN-9).
    logger: withSafeLogging(options.logger ?? false),
    // TRUST_PROXY trusts one hop, the reverse proxy in front (docs/deployment.md): the client
    // is the address it appended to X-Forwarded-For. Trusting every hop (`true`) would take a
    // client's own forged X-Forwarded-For at its word and void the per-address limits (a hop
    // count is no help: Fastify 5 ignores a number here).
    trustProxy: options.config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    bodyLimit: JSON_BODY_LIMIT,
    // Fastify's own ids (req-1, req-2…) start again in every process and after every restart; a
    // random one names one request for good, in the log lines and in the audit trail (AUDIT-4).
    // A client's X-Request-Id is not taken (requestIdHeader stays off): it could be forged.
    genReqId: () => randomUUID(),
    // A request that takes longer than this is failing anyway; free its socket.
    requestTimeout: 30_000,
    routerOptions: { maxParamLength: 200 },
    // Fastify answers these before routing, past the error handler: a lone '%' in the URL, a
    // path parameter over maxParamLength. Same body shape as every other error (API-2).
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
        return reply.status(404).send({ message: messages.http.notFound });
      return reply.status(400).send({ message: messages.http.malformed });
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // ACCT-4: logout posts an empty body with a JSON content type; treat it as no body.
  // LIMIT-10: bytes that are not UTF-8 are refused, not read as U+FFFD and stored so.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(new HttpError(400, messages.http.invalidCharacters), undefined);
    }
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  if (options.config.images) configureImages(options.config.images);

  // Cross-cutting plugins, in the order they must run.
  await app.register(errorHandlerPlugin);
  // Text PostgreSQL cannot store is refused before any route sees it (LIMIT-10).
  await app.register(textGuardPlugin);
  // Refusing is cheapest before any other work is done for the request.
  if (options.config.loadShedding)
    await app.register(loadSheddingPlugin, options.config.loadShedding);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so that every process shares each address's allowance (PERF-9).
    store: databaseRateLimitStore(options.database.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: messages.http.tooManyRequests,
      retryAfter: context.after,
    }),
  });
  await app.register(dbPlugin, {
    handle: options.database,
    closeOnShutdown: options.closeDatabase ?? false,
  });
  await app.register(schedulerPlugin);
  await app.register(authPlugin);
  await app.register(verifiedPhonePlugin);
  const smsConfig = options.config.sms ?? defaultSmsConfig;
  await app.register(smsPlugin, { config: smsConfig, publicUrl: options.config.publicUrl });
  const paymentsConfig = options.config.payments ?? defaultPaymentsConfig;
  await app.register(paymentsPlugin, {
    config: paymentsConfig,
    publicUrl: options.config.publicUrl,
  });
  await app.register(openApiPlugin, { publicUrl: options.config.publicUrl });
  // LIMIT-15: pay-on-pickup bookings nobody collected are cancelled by the clock.
  const clockJobsOff = options.config.clockJobs === false ? { everyMs: 0 } : {};
  await app.register(noShowPlugin, clockJobsOff);
  // MSG-3: reminders are queued by the clock, shortly before they are due.
  await app.register(reminderJobPlugin, clockJobsOff);
  // ACCT-35: spent codes, tickets and sign-in counters are deleted by the clock.
  await app.register(authSweepPlugin, clockJobsOff);
  // SAVED-5: texts for saved searches a freed car now answers, off the request that freed it.
  await app.register(savedSearchAlertsPlugin, {
    ...clockJobsOff,
    publicUrl: options.config.publicUrl,
  });

  // Resources. The first version's paths are kept (API-4): /api/get/cars and
  // /api/bookings/create; newer endpoints sit beside them.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(staffSecondStepRoutes, { prefix: '/api/auth/second-step' });
  await app.register(carListRoutes, { prefix: '/api/get' });
  await app.register(carRoutes, { prefix: '/api/cars' });
  await app.register(bookingRoutes, { prefix: '/api/bookings' });
  await app.register(branchRoutes, { prefix: '/api' });
  await app.register(paymentRoutes, {
    prefix: '/api/payments',
    sandbox: app.payments.provider.name === 'sandbox',
    paystackSecretKey: paymentsConfig.paystackSecretKey,
  });
  // Renters' identity documents (DOC-1), encrypted at rest (DOC-9), and reviews of completed
  // trips (REVIEW-1).
  const documents = await resolveDocumentsDir(options.config.documentsDir);
  app.addHook('onClose', documents.dispose);
  const documentStore = makeDocumentStore(options.config, documents.dir);
  // Tests and tools reach the folder and key through the app, as the routes do.
  app.decorate('documentStore', documentStore);
  await app.register(documentRoutes, { prefix: '/api', store: documentStore });
  // The contact form, and the renter's conversation with the company, whose photos are kept
  // like documents (CONV-1 to CONV-3, CONV-15).
  await app.register(inboxRoutes, { prefix: '/api', store: documentStore });
  await app.register(conversationRoutes, { prefix: '/api', store: documentStore });
  // Photos stored before encryption are encrypted once, after start (reads take both forms).
  app.addHook('onReady', async () => {
    void encryptPlaintextDocuments(app.db, documentStore).then(
      (count) => count && app.log.info({ count }, 'encrypted document photos stored in plain'),
      (err: unknown) => app.log.error({ err }, 'could not encrypt stored document photos'),
    );
  });
  // DOC-10: documents past their time are deleted by the clock.
  await app.register(documentRetentionPlugin, {
    store: documentStore,
    retentionDays: options.config.documentRetentionDays ?? 90,
    ...clockJobsOff,
  });
  // A renter's own data: download it, close the account (ACCT-30, ACCT-31).
  await app.register(accountRoutes, { prefix: '/api/account', store: documentStore });
  await app.register(reviewRoutes, { prefix: '/api' });
  // The cars a person saved, kept with the account on every device (AREA-5).
  await app.register(favouriteRoutes, { prefix: '/api' });
  await app.register(savedSearchRoutes, { prefix: '/api' });
  // A renter's handover receipt and the handover photos (HAND-4, HAND-9).
  await app.register(handoverRoutes, { prefix: '/api', documentsDir: documents.dir });
  // The SMS provider's delivery reports (always 204: it reveals nothing).
  await app.register(deliveryReportRoutes, { prefix: '/api/sms' });
  // The sandbox phone's inbox exists only with the sandbox SMS provider, never in production.
  if (app.sms.gateway.name === 'sandbox' && options.config.env !== 'production')
    await app.register(sandboxRoutes, { prefix: '/api/sandbox' });
  // Its mobile money prompts (RUN-13) likewise, only with the sandbox payment provider.
  if (app.payments.provider.name === 'sandbox' && options.config.env !== 'production')
    await app.register(sandboxPaymentRoutes, {
      prefix: '/api/sandbox',
      holdSeconds: app.payments.holdSeconds,
    });
  await app.register(mediaRoutes, { prefix: '/media' });
  // The staff console's API (STAFF-1): every module's staff routes, in the one list of
  // staff-api/staff-api.routes.ts behind the one staff check; then the car photos it uploads.
  const uploads = await resolveUploadsDir(options.config.uploadsDir);
  app.addHook('onClose', uploads.dispose);
  await app.register(staffApiRoutes, {
    prefix: '/api/admin',
    uploadsDir: uploads.dir,
    documentsDir: documents.dir,
    publicUrl: options.config.publicUrl,
  });
  await app.register(uploadedMediaRoutes, { prefix: '/media/uploads', uploadsDir: uploads.dir });

  // The web app last: browser routes fall back to index.html, /api never does.
  const webRoot = options.webRoot === undefined ? defaultWebRoot : options.webRoot;
  if (webRoot) {
    await app.register(webStaticPlugin, { root: webRoot });
  } else {
    app.decorate('sendWebApp', null);
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // A known address asked with the wrong method: say which methods it takes.
    const allowed = app.allowedMethods(path);
    if (allowed.length) return sendMethodNotAllowed(reply, allowed);
    const isBrowserRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/media/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (isBrowserRoute && app.sendWebApp) return app.sendWebApp(reply, path);
    return reply.status(404).send({ message: messages.http.notFound });
  });

  return app;
}

/**
 * Where document photos are and their key (DOC-9). A folder that outlives the app needs the key
 * it was written with: refused without one, rather than writing photos no later start can open.
 */
function makeDocumentStore(config: BuildAppOptions['config'], dir: string): DocumentStore {
  if (config.documentsKey) return { dir, key: config.documentsKey };
  if (config.documentsDir)
    throw new Error('documentsKey is required with documentsDir (DOCUMENTS_KEY, DOC-9)');
  return { dir, key: randomBytes(DOCUMENTS_KEY_BYTES) };
}

export type App = Awaited<ReturnType<typeof buildApp>>;

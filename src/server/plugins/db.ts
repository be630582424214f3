import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';
import { BusyCars } from '../modules/cars/busy-cars';
import { CarCatalogue } from '../modules/cars/car-catalogue';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
    carCatalogue: CarCatalogue;
    /** Which cars are busy on some dates, cached per process (decision 003). */
    busyCars: BusyCars;
    /**
     * Runs a staff report on the report connections (LIMIT-11); the statement is cancelled if
     * the client goes away before the answer is sent (LIMIT-12).
     */
    runReport<T>(reply: FastifyReply, work: (db: Database) => Promise<T>): Promise<T>;
  }
}

/** Makes the database, the catalogue cache and the busy-car cache available to every route. */
export const dbPlugin = fp<{ handle: DatabaseHandle; closeOnShutdown: boolean }>(
  async (app: FastifyInstance, { handle, closeOnShutdown }) => {
    app.decorate('dbHandle', handle);
    app.decorate('db', handle.db);
    app.decorate('runReport', <T>(reply: FastifyReply, work: (db: Database) => Promise<T>) => {
      const gone = new AbortController();
      // 'close' on the response comes when it was sent or when the connection dropped first.
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.once('close', onClose);
      return handle.runReport(gone.signal, work).finally(() => reply.raw.off('close', onClose));
    });
    const catalogue = new CarCatalogue(handle.db, handle.pglite);
    await catalogue.start();
    app.decorate('carCatalogue', catalogue);
    app.decorate('busyCars', new BusyCars(handle.db));
    if (closeOnShutdown) app.addHook('onClose', async () => handle.close());
  },
);

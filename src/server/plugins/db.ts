import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';
import { CarCatalogue } from '../modules/cars/car-catalogue';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
    carCatalogue: CarCatalogue;
  }
}

/** Makes the database and the catalogue cache available to every route. */
export const dbPlugin = fp<{ handle: DatabaseHandle; closeOnShutdown: boolean }>(
  async (app: FastifyInstance, { handle, closeOnShutdown }) => {
    app.decorate('dbHandle', handle);
    app.decorate('db', handle.db);
    const catalogue = new CarCatalogue(handle.db, handle.pglite);
    await catalogue.start();
    app.decorate('carCatalogue', catalogue);
    if (closeOnShutdown) app.addHook('onClose', async () => handle.close());
  },
);

import fp from 'fastify-plugin';
import { createDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData } from '../seed/seed.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Opens the database, migrates it to the latest version and seeds demo data into an empty one. */
export default fp(
  async (app) => {
    const db = createDatabase(app.config.databaseUrl, { onConnectionLost: (error) => app.log.warn({ err: error }, 'a database connection was lost') });
    app.addHook('onClose', () => db.destroy());
    try {
      const applied = await migrateToLatest(db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
      if (app.config.seedDemoData && (await seedDemoData(db, app.config.clock(), { sessionSecret: app.config.sessionSecret }))) {
        app.log.info('demo data seeded into the empty database');
      }
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate('db', db);
  },
  { name: 'database', dependencies: ['config'] },
);

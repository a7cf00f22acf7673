import fp from 'fastify-plugin';
import { createMailProvider } from '../providers/mail/index.js';
import type { MailProvider } from '../providers/mail/mail-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailProvider;
  }
}

export default fp(
  async (app) => {
    const mail = createMailProvider(app.config, app.log);
    app.decorate('mail', mail);
    app.addHook('onClose', () => mail.close());
  },
  { name: 'mail', dependencies: ['config'] },
);

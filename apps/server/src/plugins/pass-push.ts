import fp from 'fastify-plugin';
import { createPassPushProvider } from '../providers/pass-push/index.js';
import type { PassPushProvider } from '../providers/pass-push/pass-push-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    passPushes: PassPushProvider;
  }
}

/** The pushes that tell devices a wallet pass changed (see providers/pass-push). */
export default fp(
  async (app) => {
    const passPushes = createPassPushProvider(app.config, app.log);
    if (passPushes.simulated) app.log.info('Wallet pass pushes go to the simulator (data/outbox/wallet-pushes.jsonl): set PASS_PUSH_PROVIDER=apns for Apple');
    app.decorate('passPushes', passPushes);
    app.addHook('onClose', () => passPushes.close());
  },
  { name: 'pass-push', dependencies: ['config'] },
);

import fp from 'fastify-plugin';
import { createWalletProvider } from '../providers/wallet/index.js';
import type { WalletProvider } from '../providers/wallet/wallet-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletProvider;
  }
}

/** Apple Wallet passes (see providers/wallet). */
export default fp(
  async (app) => {
    app.decorate('wallet', createWalletProvider(app.config));
  },
  { name: 'wallet', dependencies: ['config'] },
);

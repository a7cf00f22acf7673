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
    const wallet = createWalletProvider(app.config);
    if (wallet.development) {
      app.log.info('Apple Wallet passes are signed with a development certificate: set WALLET_* for passes Wallet installs');
    }
    app.decorate('wallet', wallet);
  },
  { name: 'wallet', dependencies: ['config'] },
);

import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import { createApnsPassPushProvider } from './apns-pass-push-provider.js';
import type { PassPushProvider } from './pass-push-provider.js';
import { createSimulatorPassPushProvider } from './simulator-pass-push-provider.js';

/**
 * PASS_PUSH_PROVIDER picks who wakes the devices registered for a pass: the local simulator
 * (default; it records each push, see simulator-pass-push-provider.ts) or APNs with the pass type
 * certificate of WALLET_SIGNER_CERT_PATH and WALLET_SIGNER_KEY_PATH.
 */
export function createPassPushProvider(config: Pick<AppConfig, 'passPush' | 'wallet' | 'mailOutboxDir' | 'clock'>, log: FastifyBaseLogger): PassPushProvider {
  const passPush = config.passPush ?? { provider: 'simulator' };
  const files = config.wallet.certificates;
  if (passPush.provider !== 'apns') return createSimulatorPassPushProvider(config.mailOutboxDir, log, config.clock);
  if (!files) throw new Error('PASS_PUSH_PROVIDER=apns needs the pass type certificate (WALLET_SIGNER_CERT_PATH, WALLET_SIGNER_KEY_PATH)');
  return createApnsPassPushProvider(
    {
      apiBase: passPush.apiBase,
      ca: passPush.ca,
      timeoutMs: passPush.timeoutMs,
      certificate: async () => {
        const [cert, key] = await Promise.all([readFile(files.signerCertPath, 'utf8'), readFile(files.signerKeyPath, 'utf8')]);
        return { cert, key, passphrase: files.signerKeyPassphrase };
      },
    },
    log,
  );
}

import { readFile } from 'node:fs/promises';
import type { AppConfig } from '../../config/env.js';
import { loadOrCreateDevelopmentCertificates, type WalletCertificates } from './development-certificates.js';
import { createPasskitWalletProvider } from './passkit-wallet-provider.js';
import type { WalletProvider } from './wallet-provider.js';

/**
 * Apple's certificates when WALLET_SIGNER_CERT_PATH, WALLET_SIGNER_KEY_PATH and
 * WALLET_WWDR_CERT_PATH are set; otherwise a development certificate made once into
 * WALLET_DEV_CERT_DIR. Certificates are read on the first pass, then kept; a failed read is
 * tried again on the next pass.
 */
export function createWalletProvider(config: Pick<AppConfig, 'wallet' | 'clock'>): WalletProvider {
  const { wallet } = config;
  const files = wallet.certificates;
  const load = files
    ? async (): Promise<WalletCertificates> => {
        const [signerCert, signerKey, wwdr] = await Promise.all([
          readFile(files.signerCertPath, 'utf8'),
          readFile(files.signerKeyPath, 'utf8'),
          readFile(files.wwdrCertPath, 'utf8'),
        ]);
        return { signerCert, signerKey, wwdr, ...(files.signerKeyPassphrase ? { signerKeyPassphrase: files.signerKeyPassphrase } : {}) };
      }
    : () => loadOrCreateDevelopmentCertificates(wallet.devCertDir, wallet, config.clock());
  let loaded: Promise<WalletCertificates> | undefined;
  const certificates = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
  return createPasskitWalletProvider(wallet, certificates, files === undefined);
}

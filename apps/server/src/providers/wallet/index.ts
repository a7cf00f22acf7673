import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../../config/env.js';
import { createDevelopmentCertificatesOnPool, signPassOnPool } from '../../workers/cpu-work.js';
import type { WalletCertificates } from './development-certificates.js';
import type { PassIdentifiers } from './pass-signing.js';
import type { WalletProvider } from './wallet-provider.js';

const FILES = { wwdr: 'wwdr.pem', signerCert: 'signer-cert.pem', signerKey: 'signer-key.pem' } as const;

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

/** Builds and signs passes with passkit-generator (pass-signing.ts) and the given certificates, on the worker pool. */
function createPasskitWalletProvider(ids: PassIdentifiers, certificates: () => Promise<WalletCertificates>, development: boolean): WalletProvider {
  return {
    development,
    async createPass(content) {
      return signPassOnPool(ids, content, await certificates());
    },
  };
}

/**
 * The development certificates kept in `dir` (data/wallet-dev by default), made on first use.
 * Written to temporary names and renamed, so a reader never sees half a file.
 */
async function loadOrCreateDevelopmentCertificates(
  dir: string,
  ids: { passTypeIdentifier: string; teamIdentifier: string },
  now: Date,
): Promise<WalletCertificates> {
  const paths = { wwdr: join(dir, FILES.wwdr), signerCert: join(dir, FILES.signerCert), signerKey: join(dir, FILES.signerKey) };
  if (!Object.values(paths).every((path) => existsSync(path))) {
    const made = await createDevelopmentCertificatesOnPool(ids, now);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const suffix = `.${randomBytes(4).toString('hex')}.tmp`;
    for (const key of ['wwdr', 'signerCert', 'signerKey'] as const) {
      await writeFile(paths[key] + suffix, made[key], { mode: 0o600 });
    }
    // The key last: its presence with the others is what says the set is complete.
    for (const key of ['wwdr', 'signerCert', 'signerKey'] as const) await rename(paths[key] + suffix, paths[key]);
    return made;
  }
  const [wwdr, signerCert, signerKey] = await Promise.all([
    readFile(paths.wwdr, 'utf8'),
    readFile(paths.signerCert, 'utf8'),
    readFile(paths.signerKey, 'utf8'),
  ]);
  return { wwdr, signerCert, signerKey };
}

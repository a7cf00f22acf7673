import { X509Certificate } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from '../../config/env.js';
import { createDevelopmentCertificates } from './development-certificates.js';
import { passImages, png } from './pass-images.js';

const SECRET = 'x'.repeat(40);

/** node-forge throws, rather than answering false, for a signature made with another key. */
function issued(authority: forge.pki.Certificate, child: forge.pki.Certificate): boolean {
  try {
    return authority.verify(child);
  } catch {
    return false;
  }
}

describe('pass images', () => {
  it('are PNG files of the sizes Wallet asks for, whose pixels decode back', () => {
    const images = passImages();
    const sizes: Record<string, number> = { 'icon.png': 29, 'icon@2x.png': 58, 'icon@3x.png': 87, 'logo.png': 50, 'logo@2x.png': 100 };
    for (const [name, size] of Object.entries(sizes)) {
      const image = images[name]!;
      expect(image.subarray(0, 8).toString('hex'), name).toBe('89504e470d0a1a0a');
      expect([image.readUInt32BE(16), image.readUInt32BE(20)], name).toEqual([size, size]);
    }
    const tiny = png(2, 1, (x) => (x === 0 ? [1, 2, 3, 4] : [5, 6, 7, 8]));
    const dataLength = tiny.readUInt32BE(33);
    expect(tiny.subarray(37, 41).toString('ascii')).toBe('IDAT');
    expect([...inflateSync(tiny.subarray(41, 41 + dataLength))]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('development certificates', () => {
  it('are a signing certificate for the pass type and team, issued by the development authority', () => {
    const certs = createDevelopmentCertificates({ passTypeIdentifier: 'pass.com.example.x', teamIdentifier: 'TEAMX' }, new Date());
    const authority = forge.pki.certificateFromPem(certs.wwdr);
    const signer = forge.pki.certificateFromPem(certs.signerCert);
    expect(issued(authority, signer)).toBe(true);
    expect(certs.signerCert).not.toBe(certs.wwdr);
    expect(certs.signerKey).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    const other = createDevelopmentCertificates({ passTypeIdentifier: 'pass.com.example.x', teamIdentifier: 'TEAMX' }, new Date());
    expect(issued(forge.pki.certificateFromPem(other.wwdr), signer)).toBe(false);
  });

  it('are strict DER that OpenSSL (through Node) parses and verifies, every time', () => {
    for (let made = 0; made < 12; made += 1) {
      const certs = createDevelopmentCertificates({ passTypeIdentifier: 'pass.com.example.x', teamIdentifier: 'TEAMX' }, new Date());
      const authority = new X509Certificate(certs.wwdr);
      expect(authority.verify(authority.publicKey)).toBe(true);
      expect(new X509Certificate(certs.signerCert).verify(authority.publicKey)).toBe(true);
    }
    // 24 RSA keys made in JavaScript: about 6 s alone, past 30 s on this 2-core machine under a
    // full parallel run, so this test has room beyond the default 20 s (it measures no time).
  }, 120_000);
});

describe('WALLET_* environment', () => {
  it('defaults to a development certificate kept under data/', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET });
    expect(config.wallet).toEqual({
      passTypeIdentifier: 'pass.com.airbox.development',
      teamIdentifier: 'AIRBOXDEV1',
      certificates: undefined,
      devCertDir: `${REPO_ROOT}/data/wallet-dev`,
    });
  });

  it('takes the three certificate files together, and names the missing ones', () => {
    const config = loadConfig({
      SESSION_SECRET: SECRET,
      WALLET_PASS_TYPE_ID: 'pass.com.example.portal',
      WALLET_TEAM_ID: 'ABCDE12345',
      WALLET_SIGNER_CERT_PATH: '/etc/airbox/pass-cert.pem',
      WALLET_SIGNER_KEY_PATH: 'certs/pass-key.pem',
      WALLET_SIGNER_KEY_PASSPHRASE: 'secret',
      WALLET_WWDR_CERT_PATH: '/etc/airbox/wwdr.pem',
    });
    expect(config.wallet).toMatchObject({
      passTypeIdentifier: 'pass.com.example.portal',
      teamIdentifier: 'ABCDE12345',
      certificates: {
        signerCertPath: '/etc/airbox/pass-cert.pem',
        signerKeyPath: `${REPO_ROOT}/certs/pass-key.pem`,
        signerKeyPassphrase: 'secret',
        wwdrCertPath: '/etc/airbox/wwdr.pem',
      },
    });
    expect(() => loadConfig({ SESSION_SECRET: SECRET, WALLET_SIGNER_CERT_PATH: '/etc/airbox/pass-cert.pem' })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, WALLET_SIGNER_CERT_PATH: '/etc/airbox/pass-cert.pem' })).toThrow(
      /WALLET_SIGNER_KEY_PATH: .*\n\s+WALLET_WWDR_CERT_PATH: /,
    );
  });
});

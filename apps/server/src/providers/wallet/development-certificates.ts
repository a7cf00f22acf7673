import { DAY_MS } from '@airbox/contract';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** PEM texts passkit-generator signs with. */
export interface WalletCertificates {
  wwdr: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
}

const YEAR_MS = 365 * DAY_MS;
/** The UID attribute: Apple's pass certificates carry the pass type identifier in it. */
const USER_ID_OID = '0.9.2342.19200300.100.1.1';

function rsaKeyPair(): { publicKey: forge.pki.PublicKey; privateKey: forge.pki.PrivateKey; privatePem: string } {
  // Node makes the key (native, fast); node-forge, which passkit-generator signs with, makes the certificates.
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return { publicKey: forge.pki.publicKeyFromPem(publicKey), privateKey: forge.pki.privateKeyFromPem(privateKey), privatePem: privateKey };
}

function certificate(
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  publicKey: forge.pki.PublicKey,
  signingKey: forge.pki.PrivateKey,
  extensions: Record<string, unknown>[],
  now: Date,
): string {
  const cert = forge.pki.createCertificate();
  // A positive serial in minimal DER: its first byte from 0x01 to 0x7f. (An odd-length hex string
  // made node-forge write a 0x00 pad before a byte below 0x80, which OpenSSL and Node refuse.)
  const serial = randomBytes(16);
  serial[0] = (serial[0]! % 0x7f) + 1;
  cert.serialNumber = serial.toString('hex');
  cert.publicKey = publicKey;
  cert.validity.notBefore = new Date(now.getTime() - DAY_MS);
  cert.validity.notAfter = new Date(now.getTime() + 10 * YEAR_MS);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(extensions);
  cert.sign(signingKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/**
 * A development stand-in for Apple's certificates: a self-made "WWDR" authority and a pass
 * signing certificate it issued for the pass type and team. Passes signed with it are complete
 * and verifiable against it, but Wallet will not install them: real passes need WALLET_*.
 */
export function createDevelopmentCertificates(ids: { passTypeIdentifier: string; teamIdentifier: string }, now: Date): WalletCertificates {
  const authority = rsaKeyPair();
  const signer = rsaKeyPair();
  const authorityName = [
    { name: 'commonName', value: 'AirBox Development Wallet Authority (not Apple)' },
    { name: 'organizationName', value: 'AirBox development' },
    { name: 'countryName', value: 'US' },
  ];
  const wwdr = certificate(
    authorityName,
    authorityName,
    authority.publicKey,
    authority.privateKey,
    [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
    now,
  );
  const signerCert = certificate(
    [
      { name: 'commonName', value: `Pass Type ID: ${ids.passTypeIdentifier}` },
      { type: USER_ID_OID, value: ids.passTypeIdentifier },
      { shortName: 'OU', value: ids.teamIdentifier },
      { name: 'organizationName', value: 'AirBox development' },
      { name: 'countryName', value: 'US' },
    ],
    authorityName,
    signer.publicKey,
    authority.privateKey,
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
    ],
    now,
  );
  return { wwdr, signerCert, signerKey: signer.privatePem };
}

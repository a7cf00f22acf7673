import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createSecureServer, type Http2SecureServer, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import forge from 'node-forge';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApnsPassPushProvider } from '../src/providers/pass-push/apns-pass-push-provider.js';
import type { PassPushProvider } from '../src/providers/pass-push/pass-push-provider.js';
import { createDevelopmentCertificates } from '../src/providers/wallet/development-certificates.js';

/**
 * The APNs adapter against a local HTTP/2 server that answers as Apple documents APNs: TLS with
 * a client certificate (the pass type certificate), POST /3/device/{token}, apns-topic, and the
 * error bodies {"reason": …} (410 Unregistered, 400 BadDeviceToken, 429 TooManyRequests).
 */

/** A self-signed server certificate for 127.0.0.1. */
function serverCertificate(): { cert: string; key: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  const serial = randomBytes(16);
  serial[0] = (serial[0]! % 0x7f) + 1;
  cert.serialNumber = serial.toString('hex');
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3_600_000);
  const name = [{ name: 'commonName', value: '127.0.0.1' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: privateKey };
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  clientSubject: string;
}

const TOPIC = 'pass.com.example.portal';
const token = (start: string) => `${start}${'0'.repeat(64)}`.slice(0, 64);
const passCertificate = createDevelopmentCertificates({ passTypeIdentifier: TOPIC, teamIdentifier: 'TEAM123456' }, new Date());
const server = serverCertificate();
const received: Received[] = [];
let apns: Http2SecureServer;
let provider: PassPushProvider;

beforeAll(async () => {
  apns = createSecureServer({ ...server, requestCert: true, rejectUnauthorized: true, ca: passCertificate.wwdr, allowHTTP1: false });
  apns.on('stream', (stream, headers) => {
    let body = '';
    stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    stream.on('end', () => {
      const peer = (stream.session?.socket as TLSSocket).getPeerCertificate();
      received.push({ headers, body, clientSubject: String(peer.subject?.CN ?? '') });
      const device = String(headers[':path']).split('/').pop() ?? '';
      const answer = (status: number, reason?: string) => {
        stream.respond({ ':status': status, 'apns-id': 'A1B2C3D4-0000-0000-0000-000000000001', ...(reason ? { 'content-type': 'application/json' } : {}) });
        stream.end(reason ? JSON.stringify({ reason, ...(status === 410 ? { timestamp: Date.now() } : {}) }) : undefined);
      };
      if (headers['apns-topic'] !== TOPIC) return answer(400, 'DeviceTokenNotForTopic');
      if (device.startsWith('410')) return answer(410, 'Unregistered');
      if (device.startsWith('bad')) return answer(400, 'BadDeviceToken');
      if (device.startsWith('429')) return answer(429, 'TooManyRequests');
      if (device.startsWith('503')) return answer(503, 'ServiceUnavailable');
      return answer(200);
    });
  });
  await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));
  const { port } = apns.address() as AddressInfo;
  provider = createApnsPassPushProvider(
    {
      apiBase: `https://127.0.0.1:${port}`,
      ca: server.cert,
      timeoutMs: 2_000,
      certificate: async () => ({ cert: passCertificate.signerCert, key: passCertificate.signerKey }),
    },
    pino({ level: 'silent' }),
  );
});

afterAll(async () => {
  await provider?.close();
  await new Promise<void>((resolve) => apns.close(() => resolve()));
});

describe('APNs adapter', () => {
  it('POSTs {} to /3/device/{token} with the pass type as topic, over HTTP/2 with the pass certificate', async () => {
    const result = await provider.send({ pushToken: token('ab'), passTypeIdentifier: TOPIC });
    expect(result).toEqual({ outcome: 'sent', id: 'A1B2C3D4-0000-0000-0000-000000000001' });
    const request = received.at(-1)!;
    expect(request.headers[':method']).toBe('POST');
    expect(request.headers[':path']).toBe(`/3/device/${token('ab')}`);
    expect(request.headers['apns-topic']).toBe(TOPIC);
    expect(request.body).toBe('{}');
    expect(request.clientSubject).toBe(`Pass Type ID: ${TOPIC}`);
    // The connection is kept for the next push.
    await provider.send({ pushToken: token('cd'), passTypeIdentifier: TOPIC });
    expect(received).toHaveLength(2);
  });

  it('says a token APNs calls gone (410 Unregistered, 400 BadDeviceToken) is unregistered', async () => {
    expect(await provider.send({ pushToken: token('410'), passTypeIdentifier: TOPIC })).toEqual({ outcome: 'unregistered', reason: 'Unregistered' });
    expect(await provider.send({ pushToken: `bad${'0'.repeat(61)}`, passTypeIdentifier: TOPIC })).toEqual({ outcome: 'unregistered', reason: 'BadDeviceToken' });
  });

  it('throws on what may pass (429, 5xx), so the job tries again', async () => {
    await expect(provider.send({ pushToken: token('429'), passTypeIdentifier: TOPIC })).rejects.toThrow(/HTTP 429 TooManyRequests/);
    await expect(provider.send({ pushToken: token('503'), passTypeIdentifier: TOPIC })).rejects.toThrow(/HTTP 503 ServiceUnavailable/);
  });

  it('fails, and may be tried again, when APNs refuses the certificate', async () => {
    const stranger = createDevelopmentCertificates({ passTypeIdentifier: TOPIC, teamIdentifier: 'TEAM123456' }, new Date());
    const { port } = apns.address() as AddressInfo;
    const refused = createApnsPassPushProvider(
      { apiBase: `https://127.0.0.1:${port}`, ca: server.cert, timeoutMs: 2_000, certificate: async () => ({ cert: stranger.signerCert, key: stranger.signerKey }) },
      pino({ level: 'silent' }),
    );
    try {
      await expect(refused.send({ pushToken: token('ab'), passTypeIdentifier: TOPIC })).rejects.toThrow();
    } finally {
      await refused.close();
    }
  });
});

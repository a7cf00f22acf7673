import { type ClientHttp2Session, connect, constants } from 'node:http2';
import type { FastifyBaseLogger } from 'fastify';
import type { PassPush, PassPushProvider, PassPushResult } from './pass-push-provider.js';

export interface ApnsConfig {
  /** https://api.push.apple.com: Wallet's pushes always go to APNs's production service. */
  apiBase: string;
  /** The Pass Type ID certificate and its key (PEM): the same pair that signs the passes. */
  certificate: () => Promise<{ cert: string; key: string; passphrase?: string | undefined }>;
  /** Extra certificate authorities to trust (tests' local server); the system's otherwise. */
  ca?: string | undefined;
  /** How long a push may take (10 s). */
  timeoutMs?: number | undefined;
}

/** APNs reasons that say the token will never work for this topic again: the device is unregistered. */
const GONE_REASONS = new Set(['BadDeviceToken', 'DeviceTokenNotForTopic', 'Unregistered']);

/**
 * Apple's push service for Wallet passes, over HTTP/2 (node:http2), as Apple documents for pass
 * updates: POST {apiBase}/3/device/{pushToken} with `apns-topic` the pass type identifier and an
 * empty JSON dictionary `{}` as the payload, authenticated with the Pass Type ID certificate (TLS
 * client certificate; Wallet's pushes use it, not an app's APNs key). 200 is sent (apns-id);
 * 410 Unregistered, and 400 BadDeviceToken or DeviceTokenNotForTopic, say the token is dead
 * (the caller unregisters the device); anything else (429 TooManyRequests, 5xx, no answer, a
 * refused certificate) throws so the job tries again later. One HTTP/2 connection is kept and
 * made again when APNs closes it (GOAWAY) or it fails.
 */
export function createApnsPassPushProvider(config: ApnsConfig, log: FastifyBaseLogger): PassPushProvider {
  const timeoutMs = config.timeoutMs ?? 10_000;
  let session: ClientHttp2Session | undefined;

  async function open(): Promise<ClientHttp2Session> {
    if (session && !session.closed && !session.destroyed) return session;
    const { cert, key, passphrase } = await config.certificate();
    const opened = connect(config.apiBase, { cert, key, ...(passphrase ? { passphrase } : {}), ...(config.ca ? { ca: config.ca } : {}) });
    const forget = () => {
      if (session === opened) session = undefined;
    };
    opened.on('error', (error) => {
      log.warn({ err: error }, 'APNs connection failed');
      forget();
    });
    opened.on('goaway', forget);
    opened.on('close', forget);
    // The connection does not keep the process alive between pushes.
    opened.unref();
    session = opened;
    return opened;
  }

  async function send(push: PassPush): Promise<PassPushResult> {
    const client = await open();
    const body = Buffer.from('{}');
    return new Promise<PassPushResult>((resolve, reject) => {
      const request = client.request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(push.pushToken)}`,
        [constants.HTTP2_HEADER_CONTENT_TYPE]: 'application/json',
        [constants.HTTP2_HEADER_CONTENT_LENGTH]: body.length,
        'apns-topic': push.passTypeIdentifier,
      });
      request.setTimeout(timeoutMs, () => request.close(constants.NGHTTP2_CANCEL));
      let status = 0;
      let apnsId = '';
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('response', (headers) => {
        status = Number(headers[constants.HTTP2_HEADER_STATUS]);
        apnsId = String(headers['apns-id'] ?? '');
      });
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= 4096) chunks.push(chunk);
      });
      request.on('error', reject);
      request.on('close', () => {
        if (status === 0) return reject(new Error('APNs gave no answer'));
        if (status === 200) return resolve({ outcome: 'sent', id: apnsId });
        let reason: string;
        try {
          reason = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reason?: unknown }).reason ?? '');
        } catch {
          reason = '';
        }
        if (status === 410 || (status === 400 && GONE_REASONS.has(reason))) return resolve({ outcome: 'unregistered', reason: reason || String(status) });
        reject(new Error(`APNs answered HTTP ${status}${reason ? ` ${reason}` : ''}`));
      });
      request.end(body);
    });
  }

  return {
    simulated: false,
    send,
    async close() {
      const open = session;
      session = undefined;
      if (open && !open.closed) await new Promise<void>((resolve) => open.close(() => resolve()));
    },
  };
}

/** A push that tells a device's Wallet to fetch its updated passes of one pass type. */
export interface PassPush {
  /** The APNs device token the device gave when it registered the pass. */
  pushToken: string;
  /** The pass type identifier: APNs's topic for Wallet passes. */
  passTypeIdentifier: string;
}

/** What the push service answered. */
export type PassPushResult =
  /** Accepted (APNs 200, with its apns-id). */
  | { outcome: 'sent'; id: string }
  /** The token is no longer valid for the topic (APNs 410 Unregistered, 400 BadDeviceToken): unregister the device. */
  | { outcome: 'unregistered'; reason: string };

/**
 * Wakes the Wallet of registered devices (Apple's PassKit web service): the APNs adapter or the
 * local simulator (the default), which records each push. A failure that may pass (no answer, a
 * 429, a 5xx, a refused certificate) throws, so the job that sends it tries again.
 */
export interface PassPushProvider {
  readonly simulated: boolean;
  send(push: PassPush): Promise<PassPushResult>;
  close(): Promise<void>;
}

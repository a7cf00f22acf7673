import { NOTIFICATION_AUTO_CLOSE_MS } from '@airbox/contract';

/** A slow reading pace: 10 characters a second, about 120 words a minute. */
export const TOAST_MS_PER_CHARACTER = 100;

/**
 * How long a toast stays before it closes by itself: the spec's NOTIFICATION_AUTO_CLOSE_MS
 * (01 §9), or, for a text too long to read at a slow pace in that time (more than 105
 * characters, as registration's activation notice), the time to read it at that pace. One rule
 * for every toast, so a long message is never special-cased. Hovering or focusing it holds it.
 */
export function toastDuration(text: string): number {
  return Math.max(NOTIFICATION_AUTO_CLOSE_MS, text.length * TOAST_MS_PER_CHARACTER);
}

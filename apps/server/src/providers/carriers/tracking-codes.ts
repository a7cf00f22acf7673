import { randomInt } from 'node:crypto';
import type { Carrier } from './carriers-provider.js';

/**
 * Tracking numbers in each carrier's format, with its check digit, for the simulator's labels:
 * USPS 22 digits starting 9400 (mod 10, weights 3 and 1), UPS 1Z + shipper + service + 8
 * (mod 10 over the 15 characters after 1Z), FedEx 12 digits (mod 11, weights 1, 3, 7).
 */

const randomDigits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');

/** USPS (GS1 mod 10): from the right, digits weigh 3, 1, 3, 1, ... */
export function uspsCheckDigit(body: string): number {
  let sum = 0;
  [...body].reverse().forEach((digit, index) => {
    sum += Number(digit) * (index % 2 === 0 ? 3 : 1);
  });
  return (10 - (sum % 10)) % 10;
}

/** UPS: letters count as (code - 63) mod 10; characters at odd places (1-based) count once, at even places twice. */
export function upsCheckDigit(body: string): number {
  let sum = 0;
  [...body].forEach((char, index) => {
    const value = /\d/.test(char) ? Number(char) : (char.charCodeAt(0) - 63) % 10;
    sum += index % 2 === 1 ? value * 2 : value;
  });
  return (10 - (sum % 10)) % 10;
}

/** FedEx: from the right, digits weigh 1, 3, 7, 1, 3, 7, ...; the sum mod 11, mod 10. */
export function fedexCheckDigit(body: string): number {
  const weights = [1, 3, 7];
  let sum = 0;
  [...body].reverse().forEach((digit, index) => {
    sum += Number(digit) * (weights[index % 3] ?? 1);
  });
  return (sum % 11) % 10;
}

/** The simulator's UPS shipper number. */
const UPS_SHIPPER = 'A1B2C3';
const UPS_SERVICE_CODES: Record<string, string> = { NextDayAir: '01', '2ndDayAir': '02', Ground: '03' };

export const TRACKING_CODE_PATTERNS: Record<Carrier, RegExp> = {
  USPS: /^9400\d{18}$/,
  UPS: /^1Z[0-9A-Z]{6}\d{10}$/,
  FedEx: /^\d{12}$/,
};

/** A new tracking number for a label of this carrier and service. */
export function newTrackingCode(carrier: Carrier, service: string): string {
  switch (carrier) {
    case 'USPS': {
      const body = `9400${randomDigits(17)}`;
      return `${body}${uspsCheckDigit(body)}`;
    }
    case 'UPS': {
      const body = `${UPS_SHIPPER}${UPS_SERVICE_CODES[service] ?? '03'}${randomDigits(7)}`;
      return `1Z${body}${upsCheckDigit(body)}`;
    }
    case 'FedEx': {
      const body = `${randomInt(1, 10)}${randomDigits(10)}`;
      return `${body}${fedexCheckDigit(body)}`;
    }
  }
}

/** Whether a tracking number has its carrier's format and check digit. */
export function isValidTrackingCode(carrier: Carrier, code: string): boolean {
  if (!TRACKING_CODE_PATTERNS[carrier].test(code)) return false;
  const check = Number(code.slice(-1));
  switch (carrier) {
    case 'USPS':
      return uspsCheckDigit(code.slice(0, -1)) === check;
    case 'UPS':
      return upsCheckDigit(code.slice(2, -1)) === check;
    case 'FedEx':
      return fedexCheckDigit(code.slice(0, -1)) === check;
  }
}

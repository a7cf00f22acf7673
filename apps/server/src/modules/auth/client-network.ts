import { normalizeIP } from '@fastify/rate-limit';

/**
 * The network a client's address stands for, as every per-address limit counts it: the throttles
 * of @fastify/rate-limit count by this same normalizeIP, and so do sign-in failures, PayPal
 * returns and AirBox ID holds. An IPv4 address as it is (an IPv4-mapped IPv6 one too), an IPv6
 * address by its /64, the smallest block a home or a phone is given (RFC 6177): counted address by
 * address, one customer's 2^64 addresses would each start a new count.
 */
export const clientNetwork = (address: string): string => normalizeIP(address);

import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { doorLine, formatDropOffCode, formatHubDateTime, outOfReachAdvice, stateTimeZone, WALLET_LINK_TTL_MS } from '@airbox/contract';
import { findHub } from '../hubs/hubs.repository.js';
import { waitingPackages } from '../packages/packages.service.js';
import { currentQrCode } from '../qr-codes/qr-codes.service.js';
import { DROP_OFF_CODE_SEAL, randomToken, sha256, unsealSecret } from '../tokens/tokens.crypto.js';
import { findUserById } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { ensureWalletPass, type WalletPassIdentity } from './wallet-pass-tokens.js';
import { walletPassMail } from './wallet.mails.js';
import { insertWalletPassLink, takeWalletPass } from './wallet.repository.js';
import type { AppContext } from '../../context.js';
import { PKPASS_CONTENT_TYPE, type WalletPassPackage } from '../../providers/wallet/wallet-provider.js';

export type WalletDeps = Pick<AppContext, 'db' | 'config' | 'wallet'>;

/** Where a pass download link points; the route serving it lives in routes/app-v1/wallet.routes.ts. */
export const WALLET_DOWNLOAD_PATH = '/app/v1/appleWallet/download';

/** Where Apple's PassKit web service is mounted: the passes' webServiceURL is PUBLIC_URL and this. */
export const PASSKIT_PREFIX = '/passkit';

/** At most this many waiting packages are listed on the back of a pass (the rest are counted). */
export const PASS_PACKAGES_LISTED = 10;

const credits = (n: number) => (n === 0 ? 'nothing (covered)' : `${n} credit${n === 1 ? '' : 's'}`);

/**
 * The user's pass file, as of now: AirBox ID, the current locker QR code as its barcode, the
 * default hub, the packages waiting (hub, pickup code, its door, free until, what a pickup now costs), and
 * the web service that keeps it current (webServiceURL, the pass's authenticationToken).
 */
export async function buildPassFile(deps: WalletDeps, user: UserRow, identity: WalletPassIdentity): Promise<Buffer> {
  const now = deps.config.clock();
  const [hub, qr, waiting, toDropOff] = await Promise.all([
    user.locker_id ? findHub(deps.db, user.locker_id) : undefined,
    currentQrCode(deps.db, deps.config.sessionSecret, user, now),
    waitingPackages(deps.db, user, now),
    dropOffsToMake(deps, user.user_id, now),
  ]);
  const timeZone = stateTimeZone(hub?.state);
  const packages: WalletPassPackage[] = waiting.map((pkg) => ({
    carrier: pkg.carrier,
    trackingEnd: pkg.trackingNo.slice(-4),
    hubName: pkg.hubName,
    hubAddress: pkg.hubAddress,
    pickupCode: pkg.pickupCode,
    freeUntil: formatHubDateTime(pkg.freeUntil, timeZone),
    feeDue: credits(pkg.creditsDue),
    door: pkg.door ? doorLine(pkg.door) : undefined,
    doorHelp: pkg.door && pkg.doorOutOfReach ? outOfReachAdvice(pkg.door, { name: pkg.hubName, phone: pkg.hubPhone ?? '' }) : undefined,
  }));
  return deps.wallet.createPass({
    serialNumber: identity.serialNumber,
    boxId: user.box_id,
    holderName: `${user.first_name} ${user.last_name}`.trim(),
    qrCode: qr.qrcode,
    hub: hub ? { name: hub.business_name, address: `${hub.address}, ${hub.city}, ${hub.state} ${hub.zip_code}` } : undefined,
    brandName: deps.config.brandName,
    packages: packages.slice(0, PASS_PACKAGES_LISTED),
    packagesWaiting: packages.length,
    dropOffs: toDropOff.map((dropOff) => ({ ...dropOff, validUntil: formatHubDateTime(dropOff.validUntil, stateTimeZone(dropOff.hubState)) })),
    webService: { url: `${deps.config.publicUrl}${PASSKIT_PREFIX}`, authenticationToken: identity.authenticationToken },
  });
}

/**
 * The user's labels waiting to be dropped off at a hub (issue 23 item 1) with their codes, newest
 * first: bought (not refunded), code unused and not expired. Read from the drop-offs' table, the
 * code unsealed as Purchased Labels shows it.
 */
async function dropOffsToMake(deps: Pick<WalletDeps, 'db' | 'config'>, userId: number, now: Date) {
  const rows = await deps.db
    .selectFrom('hub_drop_offs')
    .innerJoin('shipments', 'shipments.id', 'hub_drop_offs.shipment_id')
    .innerJoin('hubs', 'hubs.id', 'hub_drop_offs.hub_id')
    .select(['shipments.order_no', 'hubs.business_name', 'hubs.address', 'hubs.city', 'hubs.state', 'hubs.zip_code', 'hub_drop_offs.code_sealed', 'hub_drop_offs.expires_at'])
    .where('hub_drop_offs.user_id', '=', userId)
    .where('hub_drop_offs.state', '=', 'waiting')
    .where('shipments.state', '=', 'bought')
    .where('hub_drop_offs.expires_at', '>', now.toISOString())
    .orderBy('hub_drop_offs.id', 'desc')
    .limit(PASS_PACKAGES_LISTED)
    .execute();
  return rows.flatMap((row) => {
    const code = unsealSecret(deps.config.sessionSecret, DROP_OFF_CODE_SEAL, row.code_sealed);
    if (!code) return [];
    return [{ orderNo: row.order_no, hubName: row.business_name, hubAddress: `${row.address}, ${row.city}, ${row.state} ${row.zip_code}`, hubState: row.state, code: formatDropOffCode(code), validUntil: new Date(row.expires_at) }];
  });
}

/** The user's pass (made updatable on the first download; the same serial number and token after). */
export async function buildWalletPass(deps: WalletDeps, user: UserRow): Promise<Buffer> {
  return buildPassFile(deps, user, await ensureWalletPass(deps.db, deps.config, user.user_id));
}

function linkKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'airbox', 'wallet-pass-link v1', 32));
}

function linkSignature(sessionSecret: string, token: string, expires: number): string {
  return createHmac('sha256', linkKey(sessionSecret)).update(`${token}.${expires}`).digest('base64url');
}

/**
 * Keeps the pass behind a signed link that works once, for WALLET_LINK_TTL_MS. The token is random
 * and only its hash is stored; the signature lets a forged or edited link be refused at once.
 */
export async function createWalletPassLink(deps: WalletDeps, userId: number, pass: Buffer): Promise<string> {
  const now = deps.config.clock();
  const expires = now.getTime() + WALLET_LINK_TTL_MS;
  const token = randomToken();
  await insertWalletPassLink(deps.db, {
    token_hash: sha256(token),
    user_id: userId,
    pass,
    created_at: now.toISOString(),
    expires_at: new Date(expires).toISOString(),
  });
  const query = new URLSearchParams({ token, expires: String(expires), signature: linkSignature(deps.config.sessionSecret, token, expires) });
  return `${deps.config.publicUrl}${WALLET_DOWNLOAD_PATH}?${query.toString()}`;
}

/** The pass behind a link (and its file type), once; undefined for a forged, edited, expired or used link. */
export async function redeemWalletPassLink(
  deps: WalletDeps,
  link: { token: string; expires: number; signature: string },
): Promise<{ pass: Buffer; contentType: string; userId: number } | undefined> {
  const expected = Buffer.from(linkSignature(deps.config.sessionSecret, link.token, link.expires));
  const presented = Buffer.from(link.signature);
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return undefined;
  const now = deps.config.clock();
  if (link.expires <= now.getTime()) return undefined;
  const taken = await takeWalletPass(deps.db, sha256(link.token), now.toISOString());
  return taken ? { pass: taken.pass, contentType: PKPASS_CONTENT_TYPE, userId: taken.user_id } : undefined;
}

/**
 * The wallet-pass-mail job ('EMAIL ME'): the pass as of now, attached to a mail to the user. The
 * pass is built when the mail is sent, so no queued job holds the locker QR code.
 */
export async function mailWalletPass(deps: WalletDeps & Pick<AppContext, 'mail'>, userId: number): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) return;
  const pass = await buildWalletPass(deps, user);
  await deps.mail.send(walletPassMail(deps.config, user.email, user.box_id, pass));
}

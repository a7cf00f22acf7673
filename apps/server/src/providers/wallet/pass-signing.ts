import { PKPass } from 'passkit-generator';
import type { WalletCertificates } from './development-certificates.js';
import { passImages } from './pass-images.js';
import type { WalletPassContent } from './wallet-provider.js';

const BRAND_ORANGE = 'rgb(245, 124, 0)';
const WHITE = 'rgb(255, 255, 255)';

/** The pass.json of a customer's AirBox ID pass (a generic pass). */
function passJson(ids: { passTypeIdentifier: string; teamIdentifier: string }, content: WalletPassContent) {
  const hubName = content.hub?.name ?? 'No default hub';
  const next = content.packages[0];
  const packageFields = content.packages.map((pkg, index) => ({
    key: `package${index + 1}`,
    label: `Package ${index + 1}: ${pkg.carrier} …${pkg.trackingEnd}`,
    value: [
      pkg.hubName,
      pkg.hubAddress,
      `Pickup code: ${pkg.pickupCode}`,
      ...(pkg.door ? [pkg.door] : []),
      ...(pkg.doorHelp ? [pkg.doorHelp] : []),
      `Free until: ${pkg.freeUntil}`,
      `Due at pickup now: ${pkg.feeDue}`,
    ].join('\n'),
  }));
  const unlisted = content.packagesWaiting - content.packages.length;
  return {
    formatVersion: 1,
    passTypeIdentifier: ids.passTypeIdentifier,
    teamIdentifier: ids.teamIdentifier,
    serialNumber: content.serialNumber,
    organizationName: content.brandName,
    description: `${content.brandName} ID and locker QR code`,
    logoText: content.brandName,
    foregroundColor: WHITE,
    labelColor: WHITE,
    backgroundColor: BRAND_ORANGE,
    sharingProhibited: true,
    ...(content.webService ? { webServiceURL: content.webService.url, authenticationToken: content.webService.authenticationToken } : {}),
    generic: {
      primaryFields: [{ key: 'boxId', label: `${content.brandName.toUpperCase()} ID`, value: content.boxId }],
      secondaryFields: [
        { key: 'holder', label: 'NAME', value: content.holderName },
        { key: 'waiting', label: 'WAITING', value: content.packagesWaiting, changeMessage: 'Packages waiting: %@' },
      ],
      auxiliaryFields: [
        { key: 'hub', label: 'DELIVERY HUB', value: hubName },
        ...(next
          ? [
              { key: 'pickupCode', label: 'PICKUP CODE', value: next.pickupCode, changeMessage: 'Your package is ready: pickup code %@' },
              { key: 'freeUntil', label: 'FREE UNTIL', value: next.freeUntil },
              // 'Door B3 · low, wheelchair reachable' as 'B3 · low, …' under DOOR.
              ...(next.door ? [{ key: 'door', label: 'DOOR', value: next.door.replace(/^Door /, '') }] : []),
            ]
          : []),
      ],
      backFields: [
        ...packageFields,
        // Issue 23 item 1: each label to drop off at a hub, with its drop-off code.
        ...(content.dropOffs ?? []).map((dropOff, index) => ({
          key: `dropOff${index + 1}`,
          label: `Drop off ${dropOff.orderNo}`,
          value: [dropOff.hubName, dropOff.hubAddress, `Drop-off code: ${dropOff.code}`, `Valid until: ${dropOff.validUntil}`].join('\n'),
        })),
        ...(unlisted > 0 ? [{ key: 'more', label: 'More packages', value: `${unlisted} more waiting: see the portal's dashboard.` }] : []),
        ...(content.packagesWaiting === 0 ? [{ key: 'none', label: 'Packages', value: 'No package is waiting for you.' }] : []),
        { key: 'hubAddress', label: 'Delivery hub address', value: content.hub ? `${content.hub.name}\n${content.hub.address}` : hubName },
        {
          key: 'howTo',
          label: 'At the locker',
          value: `Show the QR code to the ${content.brandName} locker to open your compartment, or enter a package's pickup code. This pass updates itself when a package arrives or is collected.`,
        },
      ],
    },
  };
}

/** The identifiers a pass is signed for. */
export interface PassIdentifiers {
  passTypeIdentifier: string;
  teamIdentifier: string;
}

/**
 * A signed .pkpass of `content` (passkit-generator: node-forge's RSA signature in JavaScript, tens of
 * milliseconds of CPU): run on the worker pool (workers/cpu-work.ts asks for it there), not on the event loop.
 */
export function signPass(ids: PassIdentifiers, content: WalletPassContent, certs: WalletCertificates): Buffer {
  const pass = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson(ids, content))), ...passImages() },
    {
      wwdr: certs.wwdr,
      signerCert: certs.signerCert,
      signerKey: certs.signerKey,
      ...(certs.signerKeyPassphrase ? { signerKeyPassphrase: certs.signerKeyPassphrase } : {}),
    },
  );
  pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: content.qrCode, messageEncoding: 'iso-8859-1' });
  return pass.getAsBuffer();
}

import { PKPass } from 'passkit-generator';
import type { WalletCertificates } from './development-certificates.js';
import { passImages } from './pass-images.js';
import type { WalletPassContent, WalletProvider } from './wallet-provider.js';

const BRAND_ORANGE = 'rgb(245, 124, 0)';
const WHITE = 'rgb(255, 255, 255)';

/** The pass.json of a customer's AirBox ID pass (a generic pass). */
function passJson(ids: { passTypeIdentifier: string; teamIdentifier: string }, content: WalletPassContent) {
  const hubName = content.hub?.name ?? 'No default hub';
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
    generic: {
      primaryFields: [{ key: 'boxId', label: `${content.brandName.toUpperCase()} ID`, value: content.boxId }],
      secondaryFields: [{ key: 'holder', label: 'NAME', value: content.holderName }],
      auxiliaryFields: [{ key: 'hub', label: 'DELIVERY HUB', value: hubName }],
      backFields: [
        { key: 'hubAddress', label: 'Delivery hub address', value: content.hub ? `${content.hub.name}\n${content.hub.address}` : hubName },
        {
          key: 'howTo',
          label: 'At the locker',
          value: `Show the QR code to the ${content.brandName} locker to open your compartment. Resetting the QR code in the portal makes this pass's code stop working: add the pass again after a reset.`,
        },
      ],
    },
  };
}

/** Builds and signs passes with passkit-generator and the given certificates. */
export function createPasskitWalletProvider(
  ids: { passTypeIdentifier: string; teamIdentifier: string },
  certificates: () => Promise<WalletCertificates>,
  development: boolean,
): WalletProvider {
  return {
    development,
    async createPass(content) {
      const certs = await certificates();
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
    },
  };
}

/** What an Apple Wallet pass of a customer shows (spec 03 §2 /parent/boxid). */
export interface WalletPassContent {
  /** Unique per pass holder: the same serial replaces the pass already in the wallet. */
  serialNumber: string;
  boxId: string;
  holderName: string;
  /** The locker QR code text, shown as the pass's QR barcode. */
  qrCode: string;
  /** The default delivery hub, when the user has one. */
  hub: { name: string; address: string } | undefined;
  brandName: string;
}

/**
 * Builds signed `.pkpass` files. The passkit adapter signs with Apple's certificates from the
 * environment, or with a generated development certificate when none are configured (a pass
 * that Wallet will not install, but that is built and signed exactly like a real one).
 */
export interface WalletProvider {
  /** A signed .pkpass (a zip with pass.json, manifest.json, signature and images). */
  createPass(content: WalletPassContent): Promise<Buffer>;
  /** Whether passes are signed with the development certificate. */
  readonly development: boolean;
}

export const PKPASS_CONTENT_TYPE = 'application/vnd.apple.pkpass';

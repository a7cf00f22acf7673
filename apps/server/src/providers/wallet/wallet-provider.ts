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
  /** The packages waiting for the holder, oldest first (at most a few are listed). */
  packages: WalletPassPackage[];
  /** How many packages wait in all. */
  packagesWaiting: number;
  /** Labels to drop off at an AirBox hub (issue 23 item 1), with their drop-off codes; absent: none. */
  dropOffs?: WalletPassDropOff[] | undefined;
  /** Apple's PassKit web service that keeps the pass current: its base URL and the pass's token. */
  webService: { url: string; authenticationToken: string } | undefined;
}

/** A label waiting to be dropped off at a hub, as the pass shows it (texts already formatted). */
export interface WalletPassDropOff {
  orderNo: string;
  hubName: string;
  hubAddress: string;
  /** As typed at the locker ('7KQ2M-XW9PD'). */
  code: string;
  /** When the code stops working, in the hub's time zone. */
  validUntil: string;
}

/** A package waiting in a locker, as the pass shows it (texts already formatted). */
export interface WalletPassPackage {
  carrier: string;
  /** The tracking number's last 4 characters. */
  trackingEnd: string;
  hubName: string;
  hubAddress: string;
  pickupCode: string;
  /** The end of the free period, in the hub's time zone. */
  freeUntil: string;
  /** What a pickup now costs ('1 credit', 'nothing (covered)'). */
  feeDue: string;
  /** The door it is behind ('Door B3 · low, wheelchair reachable'), when the locker reported one. */
  door?: string | undefined;
  /** For a customer who needs a low door whose package went behind a high one: how to get help. */
  doorHelp?: string | undefined;
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

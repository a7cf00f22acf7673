import type { AppConfig } from '../../config/env.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import { PKPASS_CONTENT_TYPE } from '../../providers/wallet/wallet-provider.js';
import { brandedMail } from '../notifications/mail-layout.js';

/** 'EMAIL ME' (spec 03 §4): the pass as an attachment, to open on an iPhone. */
export function walletPassMail(config: Pick<AppConfig, 'brandName' | 'publicUrl'>, to: string, boxId: string, pass: Buffer): MailMessage {
  return {
    ...brandedMail(config, to, {
      subject: `Your ${config.brandName} ID pass for Apple Wallet`,
      lines: [
        `Your ${config.brandName} ID ${boxId} and your locker QR code are attached as an Apple Wallet pass.`,
        'Open this mail on your iPhone and tap the attachment to add the pass to Wallet.',
        'If you reset your QR code in the portal, the code on this pass stops working: get a new pass then.',
      ],
    }),
    attachments: [{ filename: `${config.brandName.replace(/[^\w-]+/g, '')}-${boxId}.pkpass`, content: pass, contentType: PKPASS_CONTENT_TYPE }],
  };
}

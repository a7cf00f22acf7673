import type { AppConfig } from '../../config/env.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import { brandedMail } from '../notifications/mail-layout.js';

/** Told to the old address after a profile change of the e-mail or password (ASVS 6.3.7). */
export function accountChangedMail(
  config: Pick<AppConfig, 'brandName' | 'publicUrl'>,
  to: string,
  change: { email: boolean; password: boolean },
): MailMessage {
  const what = change.email && change.password ? 'e-mail address and password were' : change.email ? 'e-mail address was' : 'password was';
  return brandedMail(config, to, {
    subject: `Your ${config.brandName} account was changed`,
    lines: [
      `The ${what} of your ${config.brandName} account just changed in your profile settings, and your other signed-in sessions were ended.`,
      ...(change.email ? ['From now on, mail about your account goes to the new address; this is the last one sent here about it.'] : []),
      `If you did not do this, reset your password at once and contact ${config.brandName} support.`,
    ],
  });
}

import { APP_PATHS, appUrl } from '@airbox/contract';
import type { AppConfig } from '../../config/env.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import { brandedMail } from '../notifications/mail-layout.js';

type MailConfig = Pick<AppConfig, 'brandName' | 'publicUrl'>;

export function activationLink(config: MailConfig, code: string): string {
  return appUrl(config.publicUrl, APP_PATHS.active.getHref(code));
}

export function resetLink(config: MailConfig, email: string, generatedId: string): string {
  return appUrl(config.publicUrl, APP_PATHS.reset.getHref(email, generatedId));
}

export function activationMail(config: MailConfig, to: string, firstName: string, code: string): MailMessage {
  return brandedMail(config, to, {
    subject: `Activate your ${config.brandName} account`,
    lines: [
      `Thank you for signing up${firstName ? `, ${firstName}` : ''}. Please activate your account with the link below.`,
      'The link is valid for 24 hours and can be used once.',
    ],
    action: { label: 'Activate my account', link: activationLink(config, code) },
  });
}

export function resetMail(config: MailConfig, to: string, generatedId: string): MailMessage {
  return brandedMail(config, to, {
    subject: `Reset your ${config.brandName} password`,
    lines: [
      'We received a request to reset the password of your account. Choose a new password with the link below.',
      'The link is valid for 1 hour and can be used once. If you did not ask for it, you can ignore this mail.',
    ],
    action: { label: 'Reset my password', link: resetLink(config, to, generatedId) },
  });
}

export function passwordChangedMail(config: MailConfig, to: string): MailMessage {
  return brandedMail(config, to, {
    subject: `Your ${config.brandName} password was changed`,
    lines: [
      'The password of your account was just changed, and every signed-in session was ended.',
      `If you did not do this, reset your password at once and contact ${config.brandName} support.`,
    ],
  });
}

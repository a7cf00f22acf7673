import { APP_PATHS, appUrl } from '@airbox/contract';
import type { AppConfig } from '../../config/env.js';
import { escapeHtml, type MailMessage } from '../../providers/mail/mail-provider.js';

type MailConfig = Pick<AppConfig, 'brandName' | 'publicUrl'>;

export function activationLink(config: MailConfig, code: string): string {
  return appUrl(config.publicUrl, APP_PATHS.active.getHref(code));
}

export function resetLink(config: MailConfig, email: string, generatedId: string): string {
  return appUrl(config.publicUrl, APP_PATHS.reset.getHref(email, generatedId));
}

/** One layout for every mail: a greeting, paragraphs, an optional button with its link. */
export function composeMail(
  config: MailConfig,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; link: string },
): MailMessage {
  const brand = config.brandName;
  const text = [
    'Hello,',
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.link}`, ''] : []),
    `The ${brand} team`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5">
<h1 style="font-size: 20px">${escapeHtml(brand)}</h1>
<p>Hello,</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${
  action
    ? `<p><a href="${escapeHtml(action.link)}" style="background: #f57c00; color: #fff; padding: 10px 16px; text-decoration: none; border-radius: 4px">${escapeHtml(action.label)}</a></p>
<p style="font-size: 12px; color: #555">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.link)}</p>`
    : ''
}
<p>The ${escapeHtml(brand)} team</p>
</body></html>`;
  return { to, subject, text, html, ...(action ? { link: action.link } : {}) };
}

export function activationMail(config: MailConfig, to: string, firstName: string, code: string): MailMessage {
  return composeMail(
    config,
    to,
    `Activate your ${config.brandName} account`,
    [
      `Thank you for signing up${firstName ? `, ${firstName}` : ''}. Please activate your account with the link below.`,
      'The link is valid for 24 hours and can be used once.',
    ],
    { label: 'Activate my account', link: activationLink(config, code) },
  );
}

export function resetMail(config: MailConfig, to: string, generatedId: string): MailMessage {
  return composeMail(
    config,
    to,
    `Reset your ${config.brandName} password`,
    [
      'We received a request to reset the password of your account. Choose a new password with the link below.',
      'The link is valid for 1 hour and can be used once. If you did not ask for it, you can ignore this mail.',
    ],
    { label: 'Reset my password', link: resetLink(config, to, generatedId) },
  );
}

export function passwordChangedMail(config: MailConfig, to: string): MailMessage {
  return composeMail(config, to, `Your ${config.brandName} password was changed`, [
    'The password of your account was just changed, and every signed-in session was ended.',
    `If you did not do this, reset your password at once and contact ${config.brandName} support.`,
  ]);
}

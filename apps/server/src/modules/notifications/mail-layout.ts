import type { AppConfig } from '../../config/env.js';
import { escapeHtml, type MailMessage } from '../../providers/mail/mail-provider.js';

/**
 * The one branded layout of every mail the portal sends (DESIGN.md, "Telling customers"): the
 * brand as a heading, a greeting, the paragraphs, an optional button with its link, and the
 * brand's signature; an HTML part and a plain-text part that say the same. Notices to customers
 * reach it through notify (notify.ts); the account mails (activation, reset, password and
 * profile changes, the wallet pass) build theirs with brandedMail directly.
 *
 * Every value is plain text: the layout escapes it for the HTML part, so no caller writes HTML.
 */

export type MailLayoutConfig = Pick<AppConfig, 'brandName' | 'publicUrl'>;

/** A mail's button: its words and where it goes (in the text part as 'label: link'). */
export interface MailAction {
  label: string;
  link: string;
}

/** What a mail says; the layout adds the brand, the greeting and the signature. */
export interface MailContent {
  /** The whole subject line, as the customer reads it. */
  subject: string;
  /** The paragraphs, plain text, in order. */
  lines: string[];
  action?: MailAction | undefined;
  /** The customer's first name: 'Hello Ann,'; 'Hello,' when empty or unknown. */
  firstName?: string | undefined;
}

/** The branded mail to `to`: HTML and text parts of one layout, and the action's link for the log. */
export function brandedMail(config: MailLayoutConfig, to: string, content: MailContent): MailMessage {
  const brand = config.brandName;
  const { subject, lines, action } = content;
  const greeting = content.firstName ? `Hello ${content.firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    ...lines.flatMap((line) => [line, '']),
    ...(action ? [`${action.label}: ${action.link}`, ''] : []),
    `The ${brand} team`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5">
<h1 style="font-size: 20px">${escapeHtml(brand)}</h1>
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
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

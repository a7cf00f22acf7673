/** A file sent with a message (e.g. an Apple Wallet pass). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A message the portal sends. `link` is the action link it carries, for the log. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  attachments?: MailAttachment[];
}

/** Sends mail: the outbox simulator by default, real SMTP when SMTP_URL is set. */
export interface MailProvider {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes a value for HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

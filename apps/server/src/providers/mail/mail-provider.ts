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
  /**
   * The Message-ID header ('<…@domain>'); a random one when unset. A job's mail has one made of
   * the job (jobs/runner.ts), the same on every run, so a mail server drops the copy a retry sends
   * after a crash between the server's answer and the job's end.
   */
  messageId?: string;
}

/** Sends mail: the outbox simulator by default, real SMTP when SMTP_URL is set. */
export interface MailProvider {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The domain of a sender: 'AirBox <no-reply@airbox.example>' → 'airbox.example'; undefined when it has none. */
export function senderDomain(from: string): string | undefined {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1];
}

/**
 * The provider with a Message-ID on each message that names none: `messageIdOf(n)` for its n-th
 * send (from 0), so a sender that sends the same mails in the same order gives them the same ids.
 */
export function withMessageIds(mail: MailProvider, messageIdOf: (n: number) => string): MailProvider {
  let sends = 0;
  return {
    send: (message) => mail.send(message.messageId ? message : { ...message, messageId: messageIdOf(sends++) }),
    close: () => mail.close(),
  };
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

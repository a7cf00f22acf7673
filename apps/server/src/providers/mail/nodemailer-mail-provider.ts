import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { redactUrl } from '../../config/logger.js';
import type { MailMessage, MailProvider } from './mail-provider.js';

function mailOptions(from: string, message: MailMessage) {
  const { to, subject, text, html, attachments, messageId } = message;
  return { from, to, subject, text, html, ...(attachments ? { attachments } : {}), ...(messageId ? { messageId } : {}) };
}

/** Real delivery through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export function createSmtpMailProvider(smtpUrl: string, from: string, log: FastifyBaseLogger): MailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail(mailOptions(from, message));
      log.info({ messageId: info.messageId, subject: message.subject }, 'mail sent through SMTP');
    },
    close: () => transport.close(),
  };
}

/**
 * The local simulator: nodemailer builds the real message and it is written as an .eml file into
 * the outbox folder. The log names the file; the link's secrets stay in the file only.
 */
export function createOutboxMailProvider(outboxDir: string, from: string, log: FastifyBaseLogger): MailProvider {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail(mailOptions(from, message));
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(
        { file, subject: message.subject, link: message.link ? redactUrl(message.link) : undefined },
        'mail written to the outbox (open the file for the full link)',
      );
    },
    close: () => transport.close(),
  };
}

import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import PostalMime from 'postal-mime';
import { testServerFiles } from './test-server';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
}

async function readMails(since: number): Promise<Mail[]> {
  const { outboxDir } = testServerFiles();
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  const mails: { mtime: number; mail: Mail }[] = [];
  for (const name of names) {
    const path = join(outboxDir, name);
    const { mtimeMs } = await stat(path);
    if (mtimeMs < since) continue;
    const parsed = await PostalMime.parse(await readFile(path));
    const text = parsed.text ?? '';
    mails.push({
      mtime: mtimeMs,
      mail: {
        to: (parsed.to ?? []).map((address) => ('address' in address ? (address.address ?? '') : '')),
        subject: parsed.subject ?? '',
        text,
        html: parsed.html ?? '',
        links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]),
      },
    });
  }
  return mails.sort((a, b) => a.mtime - b.mtime).map((entry) => entry.mail);
}

/** Waits for the newest mail to `address` written at or after `since` (ms since epoch). */
export async function waitForMail(address: string, since: number): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readMails(since - 1000);
        found = mails.filter((mail) => mail.to.includes(address)).at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${address} in the outbox`, timeout: 20_000 },
    )
    .toBe(true);
  return found as Mail;
}

/** The first link of a mail whose path contains `fragment`, as a path on the test server. */
export function linkTo(mail: Mail, fragment: string): string {
  const link = mail.links.find((candidate) => candidate.includes(fragment));
  if (!link) throw new Error(`no link containing ${fragment} in mail "${mail.subject}": ${mail.links.join(', ')}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

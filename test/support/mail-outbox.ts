import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { vi } from 'vitest';

/**
 * The mails a test server sent: without SMTP it writes each one as an .eml file in
 * `<DATA_DIR>/outbox` (server/src/mail/mailer.ts), named so they sort by time.
 */
export interface OutboxMail {
  file: string;
  to: string;
  /** The whole message, quoted-printable undone, so links read as sent. */
  text: string;
}

export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const folder = path.join(dataDir, 'outbox');
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (file) => {
      const text = decodeQuotedPrintable(await readFile(path.join(folder, file), 'utf8'));
      const to = /^To:\s*(.+)$/im.exec(text)?.[1]?.trim() ?? '';
      return { file, to, text };
    }),
  );
}

/**
 * The link to `page` (`/auth/reset-password`) in the newest mail to `to`, waiting for it
 * (some mails leave after the request's answer). `besides` skips mails already seen, so a
 * test gets the link its own action caused.
 */
export async function mailedLink(dataDir: string, to: string, page: string, besides: ReadonlySet<string> = new Set()): Promise<URL> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${page.replace(/[/]/g, '\\/')}#token=[A-Za-z0-9_-]+`);
  return vi.waitFor(
    async () => {
      const mails = (await readOutbox(dataDir)).filter((mail) => !besides.has(mail.file) && mail.to.includes(to));
      for (const mail of mails.reverse()) {
        const link = pattern.exec(mail.text)?.[0];
        if (link) return new URL(link);
      }
      throw new Error(`no mail to ${to} with a link to ${page} yet`);
    },
    { interval: 50 },
  );
}

/** The outbox's file names now, to tell later mails from these. */
export async function outboxFiles(dataDir: string): Promise<Set<string>> {
  return new Set((await readOutbox(dataDir)).map((mail) => mail.file));
}

/** Mails are quoted-printable; undo soft breaks and escapes (as the server's own tests do). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * Outgoing mail (password recovery, ARCHITECTURE.md "Mail goes through SMTP; embedded default writes the
 * mails to ./data/mail"). With an SMTP URL mails go through nodemailer's SMTP transport; otherwise each
 * mail is rendered to an .eml file so a local install can read its recovery links.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

export type MailerOptions = {
  /** e.g. smtp://user:pass@mail.example.org:587 or smtps://…; absent → .eml files in mailDir. */
  smtpUrl?: string;
  mailDir: string;
  from?: string;
};

export const DEFAULT_MAIL_FROM = 'eCRF Register <noreply@register.local>';

export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(options.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(options.mailDir, `${stamp}-${randomUUID()}.eml`), info.message);
    },
    close: () => transport.close(),
  };
}

/** Reads the mails the test SMTP server received (support/mail-catcher.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { inject } from 'vitest';

export type Mail = { to: string[]; subject: string; text: string };

async function readAll(): Promise<Mail[]> {
  const directory = inject('mailDir');
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (name) => {
      const parsed = await PostalMime.parse(readFileSync(join(directory, name)));
      return {
        to: (parsed.to ?? []).map((address) => address.address ?? ''),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
      };
    }),
  );
}

/** The newest mail to the address, waiting up to ten seconds for it to arrive. */
export async function latestMailTo(address: string): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await readAll()).filter((mail) => mail.to.includes(address));
    const latest = mails.at(-1);
    if (latest) return latest;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${address}`);
}

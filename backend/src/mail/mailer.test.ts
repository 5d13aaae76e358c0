import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

describe('file mailer', () => {
  it('writes each mail as an .eml file', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ecrf-mail-')), 'mail');
    const mailer = createMailer({ mailDir: dir });
    await mailer.send({ to: 'anna@example.org', subject: 'Hallo', text: 'Guten Tag' });
    mailer.close();
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: anna@example.org');
    expect(eml).toContain('From: eCRF Register <noreply@register.local>');
    expect(eml).toContain('Guten Tag');
  });
});

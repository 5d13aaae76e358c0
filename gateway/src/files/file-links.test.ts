import { describe, expect, it } from 'vitest';
import { FILE_LINK_TTL_SECONDS, createFileLinks, type FileTicket } from './file-links.js';

const ticket: FileTicket = {
  method: 'POST',
  path: '/api/v1.0/study/s1/csv-export/download?fileName=a.csv',
  fileName: 'a.csv',
  accessToken: 'secret-token',
};

describe('file links', () => {
  it('opens its own link and hides the access token in it', async () => {
    const links = createFileLinks('k');
    const url = await links.link(ticket);
    expect(url).toMatch(/^\/files\/[\w-]+(\.[\w-]*){4}$/);
    expect(url).not.toContain('secret-token');
    expect(Buffer.from(url.split('.')[0] ?? '', 'base64url').toString()).not.toContain('secret');
    expect(await links.open(url.slice('/files/'.length))).toEqual(ticket);
  });

  it('refuses an expired link, a link of another key and a tampered link', async () => {
    let clock = new Date('2026-11-25T10:00:00Z');
    const links = createFileLinks('k', () => clock);
    const sealed = (await links.link(ticket)).slice('/files/'.length);
    clock = new Date(clock.getTime() + (FILE_LINK_TTL_SECONDS + 1) * 1000);
    expect(await links.open(sealed)).toBeNull();
    clock = new Date('2026-11-25T10:00:00Z');
    expect(await createFileLinks('other').open(sealed)).toBeNull();
    const tampered = sealed.slice(0, -3) + (sealed.endsWith('AAA') ? 'BBB' : 'AAA');
    expect(await links.open(tampered)).toBeNull();
    expect(await links.open('not-a-link')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import webDoc from '../../../docs/web.md?raw';
import { renderSidebarTable, withSidebarTable } from './sidebarDoc';
import { SIDEBAR_ENTRIES } from './sidebar';

describe('the sidebar table of docs/web.md', () => {
  it('states every entry with every right its screen needs, as sidebar.ts checks them (run `npm run docs:sidebar -w web`)', () => {
    expect(withSidebarTable(webDoc)).toBe(webDoc);
  });

  it('names each entry once, with each of its rights', () => {
    const table = renderSidebarTable();
    for (const entry of SIDEBAR_ENTRIES) {
      const line = table.split('\n').find((candidate) => candidate.startsWith(`| ${entry.label} |`));
      expect(line, entry.label).toBeDefined();
      for (const right of entry.rights.flat()) expect(line).toContain(`\`${right}\``);
    }
  });
});

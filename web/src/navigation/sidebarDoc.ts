/**
 * The sidebar table of docs/web.md, rendered from SIDEBAR_ENTRIES so the document states exactly what the
 * code checks (issue 18, defect 3). `npm run docs:sidebar -w web` writes it; sidebarDoc.test.ts fails when
 * the document drifts.
 */
import { SHELL_RIGHTS, SIDEBAR_ENTRIES, type RightNeed, type SidebarEntry } from './sidebar';

export const TABLE_START = '<!-- sidebar-table: rendered from web/src/navigation/sidebar.ts by `npm run docs:sidebar -w web` -->';
export const TABLE_END = '<!-- /sidebar-table -->';

const code = (text: string): string => `\`${text}\``;
const needText = (need: RightNeed): string => (typeof need === 'string' ? code(need) : need.map(code).join(' or '));

function row(entry: SidebarEntry): string {
  const rights = entry.rights.length === 0 ? '–' : entry.rights.map(needText).join('; ');
  const screen = entry.screenExists ? 'yes' : 'not built (hidden)';
  const route = entry.kind === 'logout' ? 'signs out' : code(entry.route);
  const condition = entry.condition?.description ?? (entry.rights.length === 0 ? 'always' : '');
  return `| ${entry.label} | ${route} | ${screen} | ${rights} | ${condition} |`;
}

/** The table with its markers, one line per entry. */
export function renderSidebarTable(entries: readonly SidebarEntry[] = SIDEBAR_ENTRIES): string {
  return [
    TABLE_START,
    '',
    `Every screen also reads its frame with ${SHELL_RIGHTS.map(code).join(', ')}, which every role holds.`,
    '',
    '| Entry | Route | Screen | Rights its screen needs (each item separated by ";"; "or": one of them) | Further condition |',
    '|---|---|---|---|---|',
    ...entries.map(row),
    '',
    TABLE_END,
  ].join('\n');
}

/** The document with its table replaced by `table`; throws when the markers are missing. */
export function withSidebarTable(document: string, table: string = renderSidebarTable()): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/web.md has no sidebar table markers');
  return document.slice(0, start) + table + document.slice(end + TABLE_END.length);
}

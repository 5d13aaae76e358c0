/**
 * axe-core in the page (WCAG 2.1 A and AA rules, as BITV 2.0 / EN 301 549 ask of public hospitals): the serious and
 * critical violations of what the page shows now, each as "rule: selector".
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // A dialog fading in would be measured half transparent: running animations end first (a long one ends axe's wait).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: await axeSource });
  const results = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
    return axe.run(context ?? document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  }, within ?? null);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${(node.any[0] ?? node.all[0])?.message ?? ''})`),
    );
}

import { readFile } from 'node:fs/promises';
import { expect, inject } from 'vitest';
import type { Locator, Page } from 'playwright-core';

type GraphAnswer<T> = { data?: T; errors?: { message: string }[] };

/** A call of the graph as an integrator makes it (a document, not a persisted id), with a user's token. */
export async function graph<T>(token: string | null, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as GraphAnswer<T>;
  if (answer.errors?.length || answer.data === undefined) throw new Error(JSON.stringify(answer.errors));
  return answer.data;
}

/** The token of the page's session. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('ecrf.token'));
  if (token === null) throw new Error('not signed in');
  return token;
}

type StartAnswer = { data?: Record<string, { exportJob: { fileName: string } | null; errors: { message: string }[] }> };

/**
 * Waits for the answer of the start (or run) mutation the page sends next and answers the new job's file name,
 * by which its row is found among the files of earlier jobs.
 */
export async function startedFileName(page: Page, start: () => Promise<void>): Promise<string> {
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && /Mutation/.test(String(response.request().postDataJSON()?.operationName)),
  );
  await start();
  const body = (await (await answer).json()) as StartAnswer;
  const payload = Object.values(body.data ?? {})[0];
  if (!payload?.exportJob) throw new Error(`not started: ${JSON.stringify(payload?.errors ?? body)}`);
  return payload.exportJob.fileName;
}

/** The row of an export file, waits until its job has completed, downloads it and answers name and content. */
export async function downloadWhenCompleted(page: Page, files: Locator, fileName: string): Promise<{ name: string; content: Buffer }> {
  const row = files.locator('tbody tr').filter({ hasText: fileName });
  const state = () => row.getAttribute('data-job-state');
  await expect.poll(state, { timeout: 90_000, interval: 500 }).toMatch(/^(COMPLETED|FAILED|CANCELLED|EXPIRED)$/);
  expect(await state(), `${fileName}: ${await row.innerText()}`).toBe('COMPLETED');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `${fileName} herunterladen` }).click();
  const file = await download;
  return { name: file.suggestedFilename(), content: await readFile(await file.path()) };
}

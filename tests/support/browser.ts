/** Debian's Chromium driven by playwright-core (no browser download is possible here; STACK.md). */
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** One browser for the test file; each `newPage()` is a fresh German context (own session storage). */
export function useBrowser(): { newPage(): Promise<Page> } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage() {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
      return context.newPage();
    },
  };
}

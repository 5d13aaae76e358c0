import type { Locator, Page } from 'playwright-core';

/** Sidebar, top bar and footer around every signed-in screen. */
export class AppShell {
  readonly sidebar: Locator;
  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Hauptmenü' });
  }

  locationButton(): Locator {
    return this.page.getByRole('button', { name: /Standortauswahl öffnen/ });
  }

  async sidebarEntries(): Promise<string[]> {
    const entries = this.sidebar.locator('a, button');
    return (await entries.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  }

  async openAccount(displayName: string): Promise<void> {
    await this.page.getByRole('button', { name: `Benutzerkonto von ${displayName} öffnen` }).click();
  }

  /** Signs out and waits for the sign-in page: the next step must not find the session still there. */
  async signOut(): Promise<void> {
    await this.sidebar.getByRole('button', { name: 'Abmelden' }).click();
    await this.page.getByRole('button', { name: 'Anmelden' }).waitFor();
  }
}

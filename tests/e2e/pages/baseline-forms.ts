import type { Locator, Page } from 'playwright-core';
import { PatientPages } from './patient-pages.js';

/** An instrument of the demo baseline that has a plain complete entry here. */
export type BaselineInstrument =
  | 'Einwilligungen'
  | 'Raucheranamnese'
  | 'TNM und UICC-Stadium'
  | 'Allgemeinzustand (ECOG)'
  | 'Molekularpathologie'
  | 'Systemische Therapie'
  | 'Netzwerkpartner und Standort';

/**
 * Plain complete entries of the demo baseline's instruments, made in the forms as a user does. A visit is signed
 * only when every instrument is complete (docs/decisions.md "Signing means complete"), so a test that signs
 * documents the instruments it does not look at with these.
 */
export class BaselineForms {
  private readonly patients: PatientPages;

  constructor(readonly page: Page) {
    this.patients = new PatientPages(page);
  }

  /** From the visit screen: creates each instrument with its entry and returns to the visit. */
  async document(instruments: readonly BaselineInstrument[]): Promise<void> {
    for (const name of instruments) {
      await this.patients
        .instrumentCard(name)
        .getByRole('link', { name: `Anlegen: ${name}` })
        .click();
      await this.page.getByRole('heading', { name: `Neues Instrument: ${name}` }).waitFor();
      await this.enter(name);
      await this.patients.save();
      await this.page.getByRole('heading', { name: 'Baseline' }).waitFor();
    }
  }

  /** Adds a consent 4.1 entry in `section` with its date and every policy agreed; returns the entry's row. */
  async consent41(section: Locator): Promise<Locator> {
    const { patients } = this;
    await section.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    const entry = patients.entryRow('Einwilligung 4.1 1', section);
    await patients.fillDate('Datum der Einwilligung', { day: '01', month: '10', year: '2026' }, entry);
    for (const policy of [
      'Verarbeitung der Daten im Register',
      'Erneute Kontaktaufnahme',
      'Rückwirkende Krankenkassendaten',
      'Künftige Krankenkassendaten',
    ]) {
      await patients.choose(policy, 'Ja', entry);
    }
    return entry;
  }

  /** Enters the plain complete entry of `name` in its opened form, without saving. */
  async enter(name: BaselineInstrument): Promise<void> {
    const { patients } = this;
    switch (name) {
      case 'Einwilligungen':
        await this.consent41(patients.group('Einwilligung Version 4.1'));
        return;
      case 'Raucheranamnese':
        await patients.choose('Raucherstatus (LOINC 72166-2)', 'Ex-Raucher');
        await patients.field('Packungsjahre').fill('30');
        return;
      case 'TNM und UICC-Stadium':
        await patients.choose('TNM-Auflage', 'TNM 8. Auflage');
        await patients.choose('T', 'T2a');
        await patients.choose('N', 'N1');
        await patients.choose('M', 'M0');
        await chooseFirst(patients.field('UICC-Stadium'));
        return;
      case 'Allgemeinzustand (ECOG)':
        await patients.choose('ECOG-Performance-Status', '1 Eingeschränkte körperliche Aktivität');
        return;
      case 'Molekularpathologie':
        await patients.fillDate('Datum der Testung', { day: '20', month: '10', year: '2026' });
        await chooseFirst(patients.group('Testendes Netzwerkzentrum').getByLabel(/^Standort/));
        return;
      case 'Systemische Therapie': {
        const treating = patients.group('Behandelnde Ärztin / behandelnder Arzt');
        await chooseFirst(treating.getByLabel(/^Standort/));
        await chooseFirst(treating.getByLabel(/^Therapeut\/in/));
        return;
      }
      case 'Netzwerkpartner und Standort': {
        const partner = patients.group('Netzwerkpartner');
        await chooseFirst(partner.getByLabel(/^Standort/));
        await chooseFirst(partner.getByLabel(/^Therapeut\/in/));
        await chooseFirst(patients.group('Netzwerkstandort').getByLabel(/^Standort/));
        return;
      }
    }
  }
}

/**
 * The first real choice of a select, once the network's choices have arrived (they differ per demo database).
 * It waits for the option rather than polling, so set-up hooks can use it too.
 */
export async function chooseFirst(select: Locator): Promise<void> {
  await select.locator('option').nth(1).waitFor({ state: 'attached' });
  await select.selectOption({ index: 1 });
}

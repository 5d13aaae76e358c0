// Throw-away: starts the system on a fresh database, makes a signed-then-withdrawn visit with hints, screenshots.
import { freePort, freshPostgresDatabase, startServices } from '/work/main/scripts/services.mjs';
import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const db = await freshPostgresDatabase('postgres://postgres@127.0.0.1:5432/ecrf_main_dev', 'shots');
const services = await startServices({
  backendPort: await freePort(), gatewayPort: await freePort(), mainzellistePort: await freePort(),
  env: { ...process.env, DATABASE_URL: db, DATA_DIR: mkdtempSync(join(tmpdir(), 'shots-')), NODE_ENV: 'test', REDIS_KEY_PREFIX: 'ecrf:shots' },
  log: () => {},
});
const api = services.backendUrl + '/api/v1.0';
const token = async (u) => (await (await fetch(api + '/Auth', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: u, password: 'Demo-Passwort1' }) })).json()).token;
const call = async (t, method, url, body) => { const r = await fetch(api + '/' + url, { method, headers: { authorization: 'Bearer ' + t, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined }); const text = await r.text(); if (r.status >= 300) console.log(method, url, r.status, text.slice(0, 300)); return text ? JSON.parse(text) : null; };
const dm = await token('datamanager');
const defs = await call(dm, 'GET', 'StudyDefinition');
const def = defs.find((d) => d.identifier === 'nngm_lung');
const full = await call(dm, 'GET', 'StudyDefinition/' + def.id);
const fu = full.visits.find((v) => v.identifier === 'fu');
const key = (fields, path) => { let parent = null; let found; for (const seg of path.split('.')) { found = fields.find((f) => f.identifier === seg && (f.parentFieldDefinitionId ?? null) === parent); parent = found.id; } return found.id; };
const input = (fields, values) => { const top = []; for (const [p, v] of Object.entries(values)) { const [t] = p.split('.'); const f = { definitionId: key(fields, p), values: [{ value: v }] }; if (!p.includes('.')) top.push(f); else { const k = key(fields, t); let row = top.find((x) => x.definitionId === k); if (!row) { row = { definitionId: k, childFields: [] }; top.push(row); } row.childFields.push(f); } } return top; };
import('pg');
const pg = (await import('pg')).default;
const client = new pg.Client({ connectionString: db }); await client.connect();
const sp = (await client.query("SELECT id FROM study_patient WHERE pseudonym = 'DEMO-1001-1'")).rows[0];
sp.pseudonym = 'DEMO-1001-1';
console.log('patient', sp?.pseudonym, sp?.id);
const visit = await call(dm, 'POST', 'Visit', { studyPatientId: sp.id, definitionId: fu.id, visitDate: '2026-11-02', fields: input(fu.fields, { fu_date: '2026-11-02' }) });
const values = { staging: { tnm_version: '8', 'tnm.t': '2a', 'tnm.n': '0', 'tnm.m': '0', uicc_stage: 'IB' }, performance: { ecog: '1', ecog_date: '2031-01-05' }, disease_status: { assess_date: '2026-11-02', overall: 'K' }, vital_status: { status: 'alive', last_contact_date: '2026-11-02' } };
for (const inst of fu.instruments) await call(dm, 'POST', 'Instrument', { studyPatientId: sp.id, visitId: visit.id, definitionId: inst.id, fields: input(inst.fields, values[inst.identifier]) });
const phys = await token('physician');
console.log(await call(phys, 'POST', `Visit/${visit.id}/sign`, { password: 'Demo-Passwort1' }));
const v2 = await call(dm, 'GET', `Visit/${visit.id}`);
console.log('signed', v2.isSigned, v2.state);
// A second visit, complete with a hint, unsigned: for the dialog.
const visit2 = await call(dm, 'POST', 'Visit', { studyPatientId: sp.id, definitionId: fu.id, visitDate: '2026-11-10', fields: input(fu.fields, { fu_date: '2031-01-05' }) });
for (const inst of fu.instruments) await call(dm, 'POST', 'Instrument', { studyPatientId: sp.id, visitId: visit2.id, definitionId: inst.id, fields: input(inst.fields, values[inst.identifier]) });
await call(dm, 'PUT', `Visit/${visit.id}`, { version: v2.version, visitDate: '2026-11-03', reasonForChange: 'Datum nach Arztbrief korrigiert' });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const width of [1280, 800]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(services.url + '/login');
  await page.getByLabel('Benutzername').fill('physician');
  await page.getByLabel('Passwort', { exact: true }).fill('Demo-Passwort1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('dialog').getByText(/1001/).first().click().catch(() => {});
  await page.getByRole('button', { name: /Übernehmen|Auswählen|OK/ }).click().catch(() => {});
  await page.waitForTimeout(1500);
  await page.getByRole('dialog', { name: 'Weiterleitung zu News' }).getByRole('button', { name: /Schließen|Close/ }).click().catch(() => {});
  await page.getByRole('dialog').getByRole('button').first().click().catch(() => {});
  await page.waitForTimeout(500);
  const spGlobal = Buffer.from(`StudyPatient:${sp.id}`).toString('base64url');
  const vGlobal = (id) => Buffer.from(`Visit:${sp.id}/${id}`).toString('base64url');
  await page.goto(`${services.url}/patient/${spGlobal}/visit/${vGlobal(visit.id)}`);
  await page.waitForTimeout(2500);
  for (const d of await page.getByRole('dialog').all()) await d.getByRole('button', { name: /schließen|close/i }).click().catch(() => {});
  await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/withdrawn-${width}.png`, fullPage: true });
  await page.goto(`${services.url}/patient/${spGlobal}/visit/${vGlobal(visit2.id)}`);
  await page.waitForTimeout(2500);
  await page.getByRole('button', { name: 'Visite signieren' }).click().catch((e) => console.log('no sign', String(e).slice(0, 200)));
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shots/sign-${width}.png`, fullPage: true });
  await page.close();
}
await browser.close();
await services.stop();
console.log('done');
process.exit(0);

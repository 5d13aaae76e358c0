/**
 * `npx tsx bench/obds-upload.ts` in tests/ (after `npm run build`): the gateway's memory for a large oBDS upload
 * (docs/benchmarks.md "oBDS upload of 50 MB"). Against DATABASE_URL it starts backend, pseudonymisation service and
 * gateway as the registry benchmark does, writes a file of BENCH_OBDS_MB (49) megabytes with the test helpers' builders
 * (unknown people, BENCH_OBDS_MESSAGES (10) messages each), uploads it as the demo physician and follows the import to
 * its end on the backend, BENCH_OBDS_UPLOADS (1) times one after the other. Per upload it prints the gateway's RSS
 * before, its peak until the upload was answered (receive, XSD validation, parse), its peak while the runner matched
 * and handed over the patients, and after the end, with the times of both phases.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort, startServices } from '../../scripts/services.mjs';
import { fromGlobalId, toGlobalId } from '../../gateway/src/graph/global-id.js';
import {
  diagnosisReport,
  obdsFile,
  obdsMessage,
  systemicTherapyReport,
  tumourAssignment,
} from '../../gateway/src/test-support/obds-files.js';
import { rssMb, sampleRss } from './measure.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('The oBDS upload benchmark needs DATABASE_URL (PostgreSQL); skipped.');
  process.exit(0);
}
const megabytes = Number(process.env.BENCH_OBDS_MB ?? 49);
const messagesPerPatient = Number(process.env.BENCH_OBDS_MESSAGES ?? 10);
const uploads = Number(process.env.BENCH_OBDS_UPLOADS ?? 1);

/** Unknown people (the matcher finds no one), each with alternating diagnosis and therapy reports of a lung tumour. */
function largeFile(): { content: string; bytes: number; patients: number } {
  const lung = tumourAssignment('C34.1', '2024-03-05');
  const messages = (patient: number) =>
    Array.from({ length: messagesPerPatient }, (_, index) =>
      obdsMessage(
        `BENCH-${patient}-${index}`,
        lung,
        index % 2 === 0
          ? diagnosisReport({ t: '2a', n: '1', m: '0', uicc: 'IIB' })
          : systemicTherapyReport({ start: '2024-04-02', end: '2024-08-20', type: 'CH', atc: ['L01XC18', 'L01BA04'] }),
      ),
    );
  // Names take letters only: the patient's number in base 26, a to z.
  const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
  const person = (patient: number) => ({
    firstName: `Vorname${letters(patient)}`,
    lastName: `Nachname${letters(patient)}`,
    birthDate: `19${50 + (patient % 40)}-0${1 + (patient % 9)}-1${patient % 10}`,
    gender: patient % 2 ? 'W' : 'M',
    street: `Benchweg ${patient}`,
    zip: '45127',
    city: 'Essen',
    insuranceNumber: null,
  });
  const perPatient = Buffer.byteLength(obdsFile([{ person: person(1), messages: messages(1) }]));
  const patients = Math.floor((megabytes * 1024 * 1024) / perPatient);
  const content = obdsFile(Array.from({ length: patients }, (_, i) => ({ person: person(i + 1), messages: messages(i + 1) })));
  return { content, bytes: Buffer.byteLength(content), patients };
}

const services = await startServices({
  backendPort: await freePort(),
  gatewayPort: await freePort(),
  mainzellistePort: await freePort(),
  env: { ...process.env, WEB_DIST: '', DATA_DIR: mkdtempSync(join(tmpdir(), 'ecrf-bench-')), LOG_LEVEL: 'warn' },
  log: (line) => process.env.BENCH_LOG && console.log(line),
});
try {
  /** A fresh token for every call: the run is longer than an access token lives. */
  const token = async () => {
    const answer = await fetch(`${services.backendUrl}/api/v1.0/Auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'physician', password: 'Demo-Passwort1' }),
    });
    if (!answer.ok) throw new Error(`sign-in of the demo physician failed: ${answer.status}`);
    return ((await answer.json()) as { token: string }).token;
  };
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const studyId = (await db.query<{ id: string }>("select id from study where identifier = 'NNGM'")).rows[0]?.id ?? '';
  await db.end();

  const file = largeFile();
  const gatewayPid = services.pids.gateway;
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  console.log(`${(file.bytes / 1024 / 1024).toFixed(1)} MB, ${file.patients} patients, ${file.patients * messagesPerPatient} messages`);
  console.log('| upload | answered (202) | import | gateway RSS before | peak until 202 | peak while running | after |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  // One upload after the other: whether the gateway returns to where it was, or grows with every file.
  for (let upload = 1; upload <= uploads; upload += 1) {
    const before = rssMb(gatewayPid);
    const form = new FormData();
    form.append('file', new Blob([file.content], { type: 'application/xml' }), 'bench.xml');
    const uploading = sampleRss({ gateway: gatewayPid });
    const started = performance.now();
    const response = await fetch(`${services.url}/uploads/obds?studyId=${encodeURIComponent(toGlobalId('Study', studyId))}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token()}` },
      body: form,
    });
    const uploadSeconds = (performance.now() - started) / 1000;
    const uploadPeak = uploading.stop().gateway ?? Number.NaN;
    const answer = (await response.json()) as { obdsImportId?: string; message?: string };
    if (response.status !== 202 || !answer.obdsImportId) throw new Error(`upload refused: ${response.status} ${JSON.stringify(answer)}`);
    const importId = fromGlobalId(answer.obdsImportId)?.id ?? '';

    const running = sampleRss({ gateway: gatewayPid });
    let summary: { status: string; patientsDone: number; failureReason: string | null };
    do {
      await sleep(5000);
      const read = await fetch(`${services.backendUrl}/api/v1.0/ObdsImport/${importId}/summary`, {
        headers: { authorization: `Bearer ${await token()}` },
      });
      summary = (await read.json()) as typeof summary;
      if (process.env.BENCH_LOG) console.log(summary.status, summary.patientsDone);
    } while (summary.status === 'queued' || summary.status === 'running');
    const runSeconds = (performance.now() - started) / 1000 - uploadSeconds;
    const runPeak = running.stop().gateway ?? Number.NaN;
    console.log(
      `| ${upload} | ${uploadSeconds.toFixed(1)} s | ${summary.status} after ${runSeconds.toFixed(0)} s (${summary.patientsDone} patients) | ` +
        `${mb(before)} | ${mb(uploadPeak)} | ${mb(runPeak)} | ${mb(rssMb(gatewayPid))} |`,
    );
    if (summary.failureReason) console.log(`failure: ${summary.failureReason}`);
  }
} finally {
  await services.stop();
}

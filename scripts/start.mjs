// `npm start`: runs the built system on this machine and prints where to sign in. Without DATABASE_URL
// the backend uses embedded PGlite under ./data (see README.md). The services log at warn unless LOG_LEVEL
// asks for more; everything they print also goes to <DATA_DIR>/logs/services.log.
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { choosePort, isBadPort } from './ports.mjs';
import { startServices } from './services.mjs';

const dataDir = resolve(process.env.DATA_DIR ?? './data');
const logFile = join(dataDir, 'logs', 'services.log');
mkdirSync(join(dataDir, 'logs'), { recursive: true });
const logStream = createWriteStream(logFile, { flags: 'a' });

// The gateway's port is the one the browser opens; a default port that is taken gives way to a free one.
let ports;
try {
  ports = {
    gatewayPort: await choosePort({
      name: 'das eCRF (Gateway)',
      variable: 'PORT',
      requested: process.env.PORT,
      fallback: 4000,
      browserFacing: true,
    }),
    backendPort: await choosePort({ name: 'das Backend', variable: 'BACKEND_PORT', requested: process.env.BACKEND_PORT, fallback: 4100 }),
    mainzellistePort: await choosePort({
      name: 'den Pseudonymisierungsdienst',
      variable: 'MAINZELLISTE_PORT',
      requested: process.env.MAINZELLISTE_PORT,
      fallback: 4200,
    }),
  };
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const starting = startServices({
  ...ports,
  // A service that ends unexpectedly is started again on its port; the supervisor prints each restart.
  supervise: true,
  log: (line) => {
    logStream.write(`${line}\n`);
    console.log(line);
  },
});
// Supervised services run in process groups of their own, so Ctrl+C reaches only this script: it stops them
// (they drain), also while they are still starting. A closed terminal (SIGHUP) does the same.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    void starting
      .then((started) => started.stop())
      .finally(() => {
        logStream.end();
        process.exit(0);
      });
  });
}
const services = await starting;
// Should this script end any other way (an error), its services do not outlive it.
process.once('exit', () => {
  for (const { pid } of Object.values(services.services)) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // ended already
    }
  }
});

const { demoSignIns } = await import('@ecrf/backend');
const production = process.env.NODE_ENV === 'production';
const rule = '─'.repeat(64);
console.log(`\n${rule}\n  eCRF Register läuft:  ${services.url}\n${rule}`);
if (!production) {
  const signIns = demoSignIns();
  const passwords = new Set(signIns.map(({ password }) => password));
  console.log(`\nDemo-Anmeldungen${passwords.size === 1 ? ` (Passwort für alle: ${[...passwords][0]})` : ''}:`);
  console.log(`  ${'Benutzername'.padEnd(26)} Name (Rolle)`);
  for (const { userName, password, displayName } of signIns) {
    console.log(`  ${userName.padEnd(26)} ${displayName}${passwords.size === 1 ? '' : `   Passwort: ${password}`}`);
  }
}
// An explicitly asked bad port works for the services among themselves, but a browser will not open the docs there.
const browserRefuses = isBadPort(Number(new URL(services.backendUrl).port)) ? '; Browser öffnen diesen Port nicht' : '';
console.log(`\nREST API: ${services.backendUrl}/api/v1.0 (OpenAPI: ${services.backendUrl}/api/docs${browserRefuses})`);
console.log(`Pseudonymisierungsdienst (Mainzelliste-API): ${services.mainzellisteUrl}`);
console.log(
  `Datenbank: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `eingebettetes PGlite unter ${process.env.DATA_DIR ?? './data'}`}`,
);
console.log(
  `Protokoll: ${logFile.startsWith(process.cwd()) ? relative(process.cwd(), logFile) : logFile} (Stufe ${process.env.LOG_LEVEL || 'warn'}; mehr mit LOG_LEVEL=info)`,
);
console.log('\nDie Dienste werden überwacht und nach einem Absturz neu gestartet. Beenden mit Strg+C.');

// `npm start`: runs the built system on this machine and prints where to sign in. Without DATABASE_URL
// the backend uses embedded PGlite under ./data (see README.md). The services log at warn unless LOG_LEVEL
// asks for more; everything they print also goes to <DATA_DIR>/logs/services.log.
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { startServices } from './services.mjs';

const dataDir = resolve(process.env.DATA_DIR ?? './data');
const logFile = join(dataDir, 'logs', 'services.log');
mkdirSync(join(dataDir, 'logs'), { recursive: true });
const logStream = createWriteStream(logFile, { flags: 'a' });

const services = await startServices({
  backendPort: Number(process.env.BACKEND_PORT ?? 4100),
  gatewayPort: Number(process.env.PORT ?? 4000),
  mainzellistePort: Number(process.env.MAINZELLISTE_PORT ?? 4200),
  log: (line) => {
    logStream.write(`${line}\n`);
    console.log(line);
  },
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
console.log(`\nREST API: ${services.backendUrl}/api/v1.0 (OpenAPI: ${services.backendUrl}/api/docs)`);
console.log(`Pseudonymisierungsdienst (Mainzelliste-API): ${services.mainzellisteUrl}`);
console.log(
  `Datenbank: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `eingebettetes PGlite unter ${process.env.DATA_DIR ?? './data'}`}`,
);
console.log(
  `Protokoll: ${logFile.startsWith(process.cwd()) ? relative(process.cwd(), logFile) : logFile} (Stufe ${process.env.LOG_LEVEL || 'warn'}; mehr mit LOG_LEVEL=info)`,
);
console.log('\nBeenden mit Strg+C.');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void services.stop().then(() => {
      logStream.end();
      process.exit(0);
    });
  });
}

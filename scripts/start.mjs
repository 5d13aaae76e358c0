// `npm start`: runs the built system on this machine and prints where to sign in. Without DATABASE_URL
// the backend uses embedded PGlite under ./data (see README.md).
import { startServices } from './services.mjs';

const services = await startServices({
  backendPort: Number(process.env.BACKEND_PORT ?? 4100),
  gatewayPort: Number(process.env.PORT ?? 4000),
  mainzellistePort: Number(process.env.MAINZELLISTE_PORT ?? 4200),
});

const { demoSignIns } = await import('@ecrf/backend');
const production = process.env.NODE_ENV === 'production';
console.log(`\neCRF Register läuft: ${services.url}`);
console.log(`REST API: ${services.backendUrl}/api/v1.0 (OpenAPI: ${services.backendUrl}/api/docs)`);
console.log(`Pseudonymisierungsdienst (Mainzelliste-API): ${services.mainzellisteUrl}`);
console.log(
  `Datenbank: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `eingebettetes PGlite unter ${process.env.DATA_DIR ?? './data'}`}`,
);
if (!production) {
  console.log('\nDemo-Anmeldungen (Benutzername / Passwort):');
  for (const { userName, password, role } of demoSignIns()) console.log(`  ${userName.padEnd(26)} ${password}   ${role}`);
}
console.log('\nBeenden mit Strg+C.');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void services.stop().then(() => process.exit(0));
  });
}

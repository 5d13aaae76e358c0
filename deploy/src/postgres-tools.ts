/**
 * pg_dump and pg_restore, the PostgreSQL client tools of the machine that runs the backup (the production image
 * installs them). Custom format (-Fc): compressed, and pg_restore can restore it in one transaction.
 */
import { spawn } from 'node:child_process';

/** What one dump holds: the registry's tables without the IDAT schema, or the pseudonymisation service's schema. */
export type DumpScope = { schema: string; include: boolean };

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) =>
      reject(new Error(`${command} could not be started (are the PostgreSQL client tools installed?): ${error.message}`)),
    );
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit code ${code}): ${stderr.trim()}`))));
  });
}

/** One consistent snapshot of the database (pg_dump reads in one repeatable-read transaction). */
export function dumpDatabase(databaseUrl: string, file: string, scope: DumpScope): Promise<void> {
  const schema = scope.include ? `--schema=${scope.schema}` : `--exclude-schema=${scope.schema}`;
  return run('pg_dump', ['--format=custom', schema, `--file=${file}`, `--dbname=${databaseUrl}`]);
}

/**
 * Restores a dump in one transaction: it is all there or nothing is. Objects belong to the restoring login (the
 * owner of the target, as the services migrate with it); grants to roles such as ecrf_app are kept, so those
 * roles must exist in the target cluster.
 */
export function restoreDatabase(databaseUrl: string, file: string): Promise<void> {
  return run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`, file]);
}

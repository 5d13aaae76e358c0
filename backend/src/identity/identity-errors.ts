/**
 * The answers of the pseudonymisation service (ecrf-calls.md §5 "Pseudonymisation service answers") and
 * their German texts behind the prefix of §8. This table is the one source: getMainzellisteConfiguration
 * publishes it, so the gateway shows the same texts for its own calls to the service.
 */
import { EcrfError, type ErrorCode } from '../errors/errors.js';

export const MAINZELLISTE_ERROR_PREFIX = 'Bei der Kommunikation mit der Mainzelliste ist ein Fehler aufgetreten:';

export type ServiceStatus = 400 | 401 | 404 | 409 | 500;

/** §5: what each status means, in German, and the stable error code of the registry. */
export const serviceStatuses: readonly { status: ServiceStatus; code: ErrorCode; message: string }[] = [
  {
    status: 400,
    code: 'ECRF_ERR_MAINZELLISTE_400',
    message: 'Ungültige Eingabe (ein Pflichtfeld ist leer oder ein Datum hat das falsche Format).',
  },
  { status: 401, code: 'ECRF_ERR_MAINZELLISTE_401', message: 'Die Autorisierung ist fehlgeschlagen.' },
  { status: 404, code: 'ECRF_ERR_MAINZELLISTE_404', message: 'Der Dienst antwortet nicht. Die Patientenanlage wurde abgebrochen.' },
  {
    status: 409,
    code: 'ECRF_ERR_MAINZELLISTE_409',
    message: 'Unsichere Zuordnung: Der Patient existiert bereits, aber nicht alle Angaben stimmen überein.',
  },
  { status: 500, code: 'ECRF_ERR_MAINZELLISTE_500', message: 'Interner Fehler des Dienstes.' },
];

/**
 * The §5 row of a service answer. Statuses outside the table fall to the nearest row: other 4xx are
 * input problems (400), other 5xx internal errors (500); 0 means no answer at all, which §5 names 404.
 */
export function serviceStatusOf(httpStatus: number): ServiceStatus {
  if (httpStatus === 0 || httpStatus === 404) return 404;
  if (httpStatus === 401 || httpStatus === 403) return 401;
  if (httpStatus === 409) return 409;
  return httpStatus >= 500 ? 500 : 400;
}

/** The prefixed German text of a §5 status, as the screen shows it. */
export function mainzellisteMessage(status: ServiceStatus): string {
  const row = serviceStatuses.find((entry) => entry.status === status);
  return `${MAINZELLISTE_ERROR_PREFIX} ${row?.message ?? ''}`.trim();
}

/** The registry's error for a failed service call; the service's own text is not passed on (it may echo input). */
export function mainzellisteError(httpStatus: number): EcrfError {
  const status = serviceStatusOf(httpStatus);
  const row = serviceStatuses.find((entry) => entry.status === status);
  return new EcrfError(row?.code ?? 'ECRF_ERR_MAINZELLISTE_500', mainzellisteMessage(status));
}

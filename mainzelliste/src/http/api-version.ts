/**
 * The API version of a request (mainzelliste-api.md §1 "API version"): header or query parameter
 * mainzellisteApiVersion, MAJOR.MINOR, default 1.0; a bad format is a 400.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors/errors.js';

export type ApiVersion = { major: number; minor: number };

export const DEFAULT_API_VERSION: ApiVersion = { major: 1, minor: 0 };

export function parseApiVersion(text: string | undefined): ApiVersion {
  if (text === undefined) return DEFAULT_API_VERSION;
  const match = /^(\d+)\.(\d+)$/.exec(text.trim());
  if (!match) throw badRequest(`'${text.slice(0, 20)}' is not a valid API version (MAJOR.MINOR).`);
  return { major: Number(match[1]), minor: Number(match[2]) };
}

/** Whether a version is at least major.minor. */
export const atLeast = (version: ApiVersion, major: number, minor = 0): boolean =>
  version.major > major || (version.major === major && version.minor >= minor);

export function requestApiVersion(request: FastifyRequest): ApiVersion {
  const header = request.headers.mainzellisteapiversion;
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.mainzellisteApiVersion === 'string' ? query.mainzellisteApiVersion : undefined;
  return parseApiVersion(fromHeader ?? fromQuery);
}

/**
 * Short-lived signed download links (issue "Downloads are streamed through the gateway via short-lived signed
 * links"): a browser follows a plain link, which carries no Authorization header, so the link itself holds the
 * backend call and the caller's access token, encrypted (JWE, dir + A256GCM) so the token cannot be read from
 * a URL in a log. The backend still checks the caller's right when the file is fetched.
 */
import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';

/** A link lives one minute: long enough to start the download, short enough not to be worth keeping. */
export const FILE_LINK_TTL_SECONDS = 60;
export const FILE_ROUTE = '/files';

/** The backend call a link stands for. */
export type FileTicket = {
  method: 'GET' | 'POST';
  /** Backend path with its query, under /api/v1.0. */
  path: string;
  fileName: string;
  accessToken: string;
};

export type FileLinks = {
  /** The gateway-relative URL of the file: `/files/<sealed ticket>`. */
  link(ticket: FileTicket): Promise<string>;
  /** The ticket of a sealed link; null when it is forged, expired or not a link of this registry. */
  open(sealed: string): Promise<FileTicket | null>;
};

const isTicket = (value: Record<string, unknown>): boolean =>
  (value.method === 'GET' || value.method === 'POST') &&
  typeof value.path === 'string' &&
  value.path.startsWith('/api/v1.0/') &&
  typeof value.fileName === 'string' &&
  typeof value.accessToken === 'string';

export function createFileLinks(secret: string, now: () => Date = () => new Date()): FileLinks {
  // A256GCM needs 32 bytes: the secret's SHA-256, so any configured text works.
  const key = createHash('sha256').update(`ecrf-file-link:${secret}`).digest();
  const seconds = () => Math.floor(now().getTime() / 1000);
  return {
    async link(ticket) {
      const sealed = await new EncryptJWT({ ...ticket })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt(seconds())
        .setExpirationTime(seconds() + FILE_LINK_TTL_SECONDS)
        .encrypt(key);
      return `${FILE_ROUTE}/${sealed}`;
    },
    async open(sealed) {
      try {
        const { payload } = await jwtDecrypt(sealed, key, { currentDate: now() });
        if (!isTicket(payload)) return null;
        const { method, path, fileName, accessToken } = payload as unknown as FileTicket;
        return { method, path, fileName, accessToken };
      } catch {
        return null;
      }
    },
  };
}

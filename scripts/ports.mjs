// Ports for the services of `npm start`: the requested one, else the default when free, else a free one. Never a
// port that browsers and Node's fetch refuse: the WHATWG fetch "bad ports" (https://fetch.spec.whatwg.org/#port-blocking).
import { createServer } from 'node:net';

export const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** @type {import('./ports.d.mts').isBadPort} */
export function isBadPort(port) {
  return BAD_PORTS.has(port);
}

function listenOnce(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

/** @type {import('./ports.d.mts').portIsFree} */
export function portIsFree(port) {
  return listenOnce(port).then(
    () => true,
    () => false,
  );
}

/** @type {import('./ports.d.mts').freePort} */
export async function freePort() {
  for (;;) {
    const port = await listenOnce(0);
    if (!isBadPort(port)) return port;
  }
}

/** @type {import('./ports.d.mts').choosePort} */
export async function choosePort({ name, variable, requested, fallback, browserFacing = false }) {
  if (requested !== undefined && requested !== '') {
    const port = Number(requested);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${variable}=${requested}: keine Portnummer (1–65535).`);
    }
    if (browserFacing && isBadPort(port)) {
      throw new Error(
        `${variable}=${port}: Browser öffnen diesen Port nicht (er steht auf der Sperrliste „bad ports“ der Fetch-Spezifikation, ` +
          `wie auch für fetch in Node). Bitte einen anderen Port für ${name} wählen, z. B. ${variable}=${fallback}.`,
      );
    }
    return port;
  }
  if (!isBadPort(fallback) && (await portIsFree(fallback))) return fallback;
  return freePort();
}

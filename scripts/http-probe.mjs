// Plain HTTP/1.1 probes on node:http and node:net, not fetch: fetch refuses the WHATWG "bad ports" (6000, …),
// and the services may run on any port.
import { get } from 'node:http';
import { connect } from 'node:net';

/** @type {import('./http-probe.d.mts').readinessStatus} */
export function readinessStatus(url) {
  return new Promise((resolve) => {
    const request = get(`${url}/readyz`, { agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/** @type {import('./http-probe.d.mts').holdRequest} */
export async function holdRequest(url, { method = 'POST', path, headers = {}, body }) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    received += chunk;
  });
  const ended = new Promise((resolve) => socket.once('close', resolve));
  const lines = Object.entries({ host: `${hostname}:${port}`, 'content-type': 'application/json', ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  // "100 Continue" tells that the server has read the headers: from then on the request is in flight there.
  socket.write(`${method} ${path} HTTP/1.1\r\n${lines}content-length: ${bytes.length}\r\nexpect: 100-continue\r\n\r\n`);
  await new Promise((resolve) => {
    const check = () => {
      if (!received.includes('\r\n\r\n')) return;
      socket.off('data', check);
      resolve(undefined);
    };
    socket.on('data', check);
  });
  received = received.slice(received.indexOf('\r\n\r\n') + 4);
  socket.write(bytes.subarray(0, half));
  return {
    async finish() {
      socket.write(bytes.subarray(half));
      // The server closes the connection after the answer while it drains.
      await ended;
      const [head = '', answer = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      return {
        status: Number(statusLine.split(' ')[1]),
        headers: Object.fromEntries(
          headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        ),
        body: answer,
      };
    },
  };
}

/**
 * A small TCP load balancer for the failover test (issue 16 item 5): each new connection goes to the next
 * target in turn; a target that refuses the connection is skipped for the next one, as a reverse proxy with
 * passive health checks does. Being TCP, it passes HTTP keep-alive and WebSockets alike.
 */
import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = { url: string; port: number; close(): Promise<void> };

export async function startRoundRobinProxy(targetPorts: readonly number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };

  const connectToTarget = (client: Socket, triesLeft: number) => {
    const port = targetPorts[next % targetPorts.length] as number;
    next += 1;
    const upstream = createConnection({ host: '127.0.0.1', port });
    track(upstream);
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      client.pipe(upstream).pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (!connected && triesLeft > 1) connectToTarget(client, triesLeft - 1);
      else client.destroy();
    });
    upstream.on('close', () => connected && client.destroy());
    client.on('close', () => upstream.destroy());
  };

  const server = createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    client.on('error', () => undefined);
    connectToTarget(client, targetPorts.length * 2);
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

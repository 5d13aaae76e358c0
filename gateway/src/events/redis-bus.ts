/**
 * Fan-out between gateway replicas through Redis pub/sub (ioredis). Exactly one replica consumes the
 * backend stream at a time: it holds a lock with a TTL and renews it; when it dies the lock expires and
 * another replica takes over, resuming after the last published event (kept in Redis). Publishing checks the
 * lock and the order in one script, so a replica that lost the lock cannot publish, and no event is published
 * twice.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { BackendEvents, Log, StreamConsumer } from './backend-events.js';
import { parseDomainEvent, type DomainEvent } from './domain-event.js';
import type { EventBus, EventListener } from './event-bus.js';

export type RedisBusOptions = { keyPrefix: string; lockTtlMs?: number };

// KEYS: lock, cursor. ARGV: replica, channel, event id, message. 1 published, 0 not later than the cursor,
// -1 the lock is not ours. Event ids are `<xid>-<id>`, compared as the pair.
const PUBLISH = `
if redis.call('get', KEYS[1]) ~= ARGV[1] then return -1 end
local last = redis.call('get', KEYS[2])
if last then
  local lx, li = string.match(last, '^(%d+)-(%d+)$')
  local ex, ei = string.match(ARGV[3], '^(%d+)-(%d+)$')
  lx, li, ex, ei = tonumber(lx), tonumber(li), tonumber(ex), tonumber(ei)
  if ex < lx or (ex == lx and ei <= li) then return 0 end
end
redis.call('set', KEYS[2], ARGV[3])
redis.call('publish', ARGV[2], ARGV[4])
return 1`;

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export function createRedisBus(redisUrl: string, backend: BackendEvents, log: Log, options: RedisBusOptions): EventBus {
  const prefix = options.keyPrefix;
  const lockTtlMs = options.lockTtlMs ?? 10_000;
  const keys = { lock: `${prefix}:consumer`, cursor: `${prefix}:cursor`, channel: `${prefix}:channel` };
  const replica = randomUUID();
  const commands = new Redis(redisUrl, { lazyConnect: true });
  const subscriber = new Redis(redisUrl, { lazyConnect: true });
  const listeners = new Set<EventListener>();
  let started: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let consumer: StreamConsumer | undefined;
  let closed = false;

  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== keys.channel) return;
    const event = parseDomainEvent(message);
    if (event) listeners.forEach((deliver) => deliver(event));
  });
  for (const connection of [commands, subscriber]) connection.on('error', (error: Error) => log(`redis: ${error.message}`));

  const publish = async (event: DomainEvent): Promise<void> => {
    const outcome = await commands.eval(PUBLISH, 2, keys.lock, keys.cursor, replica, keys.channel, event.id, JSON.stringify(event));
    if (outcome === -1) throw new Error('the consumer lock passed to another replica');
  };

  const stepDown = async () => {
    const stopping = consumer;
    consumer = undefined;
    await stopping?.close();
  };

  // Holds or contends for the lock; the holder consumes the backend stream.
  const tick = async () => {
    if (closed) return;
    try {
      if (consumer) {
        if ((await commands.eval(RENEW, 1, keys.lock, replica, String(lockTtlMs))) === 1) return;
        log('event consumer: lock lost; another replica consumes now');
        await stepDown();
        return;
      }
      if ((await commands.set(keys.lock, replica, 'PX', lockTtlMs, 'NX')) !== 'OK') return;
      log('event consumer: this replica consumes the backend stream now');
      consumer = backend.consume({
        startAfter: async () => (await commands.get(keys.cursor)) ?? backend.head(),
        onEvent: publish,
      });
    } catch (error) {
      log(`event consumer: ${(error as Error).message}`);
    }
  };

  const start = async () => {
    // A retry after a failed start finds the connections already made.
    await Promise.all([commands, subscriber].map((connection) => (connection.status === 'wait' ? connection.connect() : undefined)));
    await subscriber.subscribe(keys.channel);
    // The first replica ever fixes where consumption starts, so a replay read after this leaves no gap.
    await commands.set(keys.cursor, await backend.head(), 'NX');
    timer = setInterval(() => void tick(), Math.max(Math.floor(lockTtlMs / 3), 100));
    await tick();
  };

  return {
    async subscribe(listener) {
      listeners.add(listener);
      started ??= start();
      try {
        await started;
      } catch (error) {
        // Redis or the backend did not answer: the next subscription tries again.
        clearInterval(timer);
        started = undefined;
        listeners.delete(listener);
        throw error;
      }
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      clearInterval(timer);
      if (started) {
        await started.catch(() => undefined);
        await stepDown();
        await commands.eval(RELEASE, 1, keys.lock, replica).catch(() => undefined);
        await Promise.all([commands.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)]);
      }
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}

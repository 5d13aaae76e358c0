/**
 * Who is calling (mainzelliste-api.md §1 "Authentication"): the header mainzellisteApiKey (legacy
 * mzidApiKey) must be a configured server's key, the remote address must be in its allowed addresses, and
 * the server must hold the permission. Every failure is a 401 with a text body.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config/config.js';
import { messages, unauthorized } from '../errors/errors.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseRange(text: string): Range {
  if (text.includes('/')) return ipaddr.parseCIDR(text);
  const address = ipaddr.process(text);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

export type ServerAuth = { authenticate: (request: FastifyRequest, permission: string) => ServerConfig };

export function createServerAuth(servers: readonly ServerConfig[]): ServerAuth {
  const entries = servers.map((server) => ({ server, key: digest(server.apiKey), ranges: server.allowedRemoteAddresses.map(parseRange) }));

  const allowed = (ranges: Range[], ip: string): boolean => {
    if (!ipaddr.isValid(ip)) return false;
    const address = ipaddr.process(ip);
    return ranges.some(([base, bits]) => {
      if (address.kind() === 'ipv4' && base.kind() === 'ipv4') return (address as ipaddr.IPv4).match(base as ipaddr.IPv4, bits);
      if (address.kind() === 'ipv6' && base.kind() === 'ipv6') return (address as ipaddr.IPv6).match(base as ipaddr.IPv6, bits);
      return false;
    });
  };

  return {
    authenticate: (request, permission) => {
      const header = request.headers.mainzellisteapikey ?? request.headers.mzidapikey;
      const key = Array.isArray(header) ? header[0] : header;
      if (!key) throw unauthorized(messages.missingApiKey);
      const given = digest(key);
      const entry = entries.find((candidate) => timingSafeEqual(candidate.key, given));
      if (!entry) throw unauthorized(messages.missingApiKey);
      if (!allowed(entry.ranges, request.ip)) throw unauthorized(messages.rejectedAddress(request.ip));
      if (!entry.server.permissions.has(permission)) throw unauthorized(messages.permissionDenied);
      return entry.server;
    },
  };
}

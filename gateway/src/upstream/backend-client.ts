/**
 * The gateway's only way to the eCRF REST API: one undici pool per gateway, one client per GraphQL
 * request (it carries the caller's bearer token and counts the calls the operation causes).
 */
import { Pool } from 'undici';
import type { BackendPath, Method, Operation, RequestOptions, SuccessBody } from './openapi-types.js';
import { UpstreamError } from './upstream-error.js';

export type UpstreamStats = { calls: number };

/**
 * A backend that accepts the connection but does not answer fails the call after this long (undici's
 * default is 300 s): the web then shows the connection failure instead of loading forever. It stays below
 * the web's request time-out (30 s) so the user sees the gateway's UPSTREAM_UNAVAILABLE.
 */
export const UPSTREAM_TIMEOUT_MS = 20_000;

export function createBackendPool(origin: string): Pool {
  return new Pool(origin, {
    connections: 64,
    keepAliveTimeout: 10_000,
    pipelining: 1,
    headersTimeout: UPSTREAM_TIMEOUT_MS,
    bodyTimeout: UPSTREAM_TIMEOUT_MS,
  });
}

type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;

function buildPath(template: string, params: Record<string, string> | undefined, query: Record<string, QueryValue> | undefined): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function errorFromBody(status: number, body: Record<string, unknown>): UpstreamError {
  const message = typeof body.message === 'string' ? body.message : `HTTP ${status}`;
  const code = typeof body.code === 'string' ? body.code : undefined;
  return new UpstreamError(status, code, message, body);
}

/** What of the client's HTTP request the backend calls pass on. */
export type RequestOrigin = { idempotencyKey?: string; clientAddress?: string };

export class BackendClient {
  /** POST calls made so far; numbers the keys derived from the operation's Idempotency-Key. */
  private posts = 0;

  /**
   * `origin`: what the backend should know of the GraphQL request (issue 15). `idempotencyKey`: each POST the
   * operation makes carries `<key>:<n>` for its n-th POST, so the same operation sent again makes the same calls
   * under the same keys and the backend answers each as the first time (backend/src/http/idempotency.ts).
   * `clientAddress`: sent as X-Forwarded-For, so the backend throttles sign-in and recovery per client, not per
   * gateway (it trusts the header from loopback and TRUST_PROXY only).
   */
  constructor(
    private readonly pool: Pool,
    private readonly token: string | undefined,
    readonly stats: UpstreamStats = { calls: 0 },
    private readonly origin: RequestOrigin = {},
  ) {}

  async call<P extends BackendPath, M extends Method>(
    method: M,
    path: P,
    options: RequestOptions<Operation<P, M>>,
  ): Promise<SuccessBody<Operation<P, M>>> {
    const {
      path: params,
      query,
      body,
    } = options as {
      path?: Record<string, string>;
      query?: Record<string, QueryValue>;
      body?: unknown;
    };
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const { idempotencyKey, clientAddress } = this.origin;
    if (idempotencyKey && method === 'post') headers['idempotency-key'] = `${idempotencyKey}:${(this.posts += 1)}`;
    if (clientAddress) headers['x-forwarded-for'] = clientAddress;
    this.stats.calls += 1;
    let response;
    try {
      response = await this.pool.request({
        method: method.toUpperCase() as Uppercase<Method>,
        path: buildPath(path, params, query),
        headers,
        body: body === undefined ? null : JSON.stringify(body),
      });
    } catch (error) {
      throw new UpstreamError(0, undefined, `backend unreachable: ${(error as Error).message}`, {});
    }
    const text = await response.body.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (response.statusCode >= 400) {
      throw errorFromBody(response.statusCode, (parsed ?? {}) as Record<string, unknown>);
    }
    return parsed as SuccessBody<Operation<P, M>>;
  }

  /** A call that answers a file (e.g. the documentation PDFs): its bytes, type and file name. */
  async download<P extends BackendPath, M extends Method>(
    method: M,
    path: P,
    options: RequestOptions<Operation<P, M>>,
  ): Promise<{ body: Buffer; contentType: string; fileName: string | null }> {
    const { path: params, query } = options as { path?: Record<string, string>; query?: Record<string, QueryValue> };
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    this.stats.calls += 1;
    let response;
    try {
      response = await this.pool.request({
        method: method.toUpperCase() as Uppercase<Method>,
        path: buildPath(path, params, query),
        headers,
      });
    } catch (error) {
      throw new UpstreamError(0, undefined, `backend unreachable: ${(error as Error).message}`, {});
    }
    const body = Buffer.from(await response.body.arrayBuffer());
    if (response.statusCode >= 400) {
      const text = body.toString('utf8');
      throw errorFromBody(response.statusCode, (text ? JSON.parse(text) : {}) as Record<string, unknown>);
    }
    const disposition = String(response.headers['content-disposition'] ?? '');
    return {
      body,
      contentType: String(response.headers['content-type'] ?? 'application/octet-stream'),
      fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
    };
  }
}

/**
 * Type plumbing over the openapi-typescript output of the backend's OpenAPI document: the request and
 * response shapes of each path and method, so that upstream calls are checked against the REST contract.
 */
import type { paths } from '../__generated__/backend.js';

export type Method = 'get' | 'post' | 'put' | 'delete' | 'head';
export type BackendPath = keyof paths;

export type Operation<P extends BackendPath, M extends Method> = Exclude<paths[P][M & keyof paths[P]], undefined>;

type PathParams<O> = O extends { parameters: { path: infer X } } ? ([X] extends [never] ? never : X) : never;
type QueryParams<O> = O extends { parameters: { query?: infer X } } ? ([X] extends [never] ? never : X) : never;
type JsonBody<O> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? never
    : NonNullable<R> extends { content: { 'application/json': infer B } }
      ? B
      : never
  : never;

type ContentOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
export type SuccessBody<O> = O extends { responses: infer R }
  ? R extends { 200: infer S }
    ? ContentOf<S>
    : R extends { 201: infer S }
      ? ContentOf<S>
      : R extends { 202: infer S }
        ? ContentOf<S>
        : undefined
  : never;

type Optional<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : { [P in K]: T };

/** Path parameters, query and body of one call; each required exactly when the contract has it. */
export type RequestOptions<O> = Optional<'path', PathParams<O>> &
  Partial<Optional<'query', QueryParams<O>>> &
  Optional<'body', JsonBody<O>>;

import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './write-openapi.js';

type Operation = { operationId?: string; tags?: string[]; security?: unknown[]; responses?: Record<string, unknown> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('OpenAPI document', () => {
  it('documents every operation with id, tags, security and a success response', async () => {
    const document = (await buildOpenApiDocument()) as Document;
    expect(document.openapi).toBe('3.0.3');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(20);
    const ids = new Set<string>();
    for (const { path, method, operation } of operations) {
      const where = `${method} ${path}`;
      expect(path.startsWith('/api/v1.0/'), where).toBe(true);
      expect(operation.operationId, where).toBeTruthy();
      ids.add(operation.operationId ?? '');
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      expect(Array.isArray(operation.security), where).toBe(true);
      expect(
        Object.keys(operation.responses ?? {}).some((status) => status.startsWith('2')),
        where,
      ).toBe(true);
    }
    expect(ids.size).toBe(operations.length);
    expect(document.paths['/api/v1.0/Auth']?.post?.security).toEqual([]);
    expect(document.paths['/api/v1.0/User/current']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });
});

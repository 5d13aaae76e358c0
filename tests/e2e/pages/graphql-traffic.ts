import type { Page, Request } from 'playwright-core';
import { expect, inject } from 'vitest';

type GraphQLBody = { operationName?: string };

/**
 * The GraphQL operations a page sends (POST /graphql, by operation name), and navigation the way a user
 * moves through the app: a fresh page load of a URL, or the router's own navigation without a reload.
 */
export class GraphQLTraffic {
  private operations: string[] = [];
  private readonly pending = new Set<Request>();
  private documentLoads = 0;

  constructor(readonly page: Page) {
    page.on('request', (request) => {
      if (request.resourceType() === 'document') this.documentLoads += 1;
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/graphql') return;
      this.operations.push((request.postDataJSON() as GraphQLBody).operationName ?? '(anonymous)');
      this.pending.add(request);
    });
    const done = (request: Request) => this.pending.delete(request);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }

  /** Loads `path` as a new page (a reload of the URL): nothing of the previous page view survives but the session. */
  async openFresh(path: string): Promise<void> {
    this.operations = [];
    await this.page.goto(`${inject('baseUrl')}${path}`);
  }

  /** Moves the router to `path` as the browser's back and forward buttons do: the page is not loaded again. */
  async navigateInApp(path: string): Promise<void> {
    this.operations = [];
    const loadsBefore = this.documentLoads;
    await this.page.evaluate((target) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    if (this.documentLoads !== loadsBefore) throw new Error(`navigating to ${path} loaded the page again`);
  }

  /** The operations sent since the last navigation, once every one of them has been answered. */
  async sentOperations(): Promise<string[]> {
    await expect.poll(() => this.pending.size).toBe(0);
    // One more frame: an operation a screen would send right after showing its content has started by then.
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    await expect.poll(() => this.pending.size).toBe(0);
    return [...this.operations];
  }

  /**
   * Sends a GraphQL document with the page's session, outside the app (test fixtures): as an integrator does, from
   * outside the browser, since the gateway takes only persisted operations from browsers (docs/gateway.md).
   */
  async graph<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const token = await this.page.evaluate(() => sessionStorage.getItem('ecrf.token') ?? '');
    const response = await fetch(`${inject('baseUrl')}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await response.json()) as { data?: unknown; errors?: unknown[] };
    if (answer.errors !== undefined || answer.data == null) throw new Error(`graph request failed: ${JSON.stringify(answer.errors)}`);
    return answer.data as T;
  }
}

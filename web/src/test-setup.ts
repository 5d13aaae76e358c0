import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// relay-test-utils' createMockEnvironment wraps its methods with the Jest global `jest.fn`.
Object.assign(globalThis, { jest: { fn: vi.fn } });

// jsdom has no matchMedia; Primer's Banner and responsive hooks ask it. Nothing matches in tests.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// jsdom has no ResizeObserver; Primer's Dialog observes its body for scroll shadows.
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

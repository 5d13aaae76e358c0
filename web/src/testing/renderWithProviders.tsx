import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RelayEnvironmentProvider } from 'react-relay';
import { createMemoryRouter, RouterProvider, Outlet, useLocation } from 'react-router';
import { createMockEnvironment } from 'relay-test-utils';
import { FeedbackProvider } from '../feedback/FeedbackProvider';
import { SessionControlContext } from '../app/sessionContext';
import type { SessionControl } from '../app/sessionContext';

type MockEnvironment = ReturnType<typeof createMockEnvironment>;

/** Shows where the router went, so tests can assert navigation by visible text. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `element` at `path` inside the providers of AppRoot, with a mock Relay environment and a
 * spy for session control. Other routes render a probe showing the path navigated to.
 */
export function renderWithProviders(
  element: ReactElement,
  options: { path?: string; url?: string; environment?: MockEnvironment; endSession?: SessionControl['endSession'] } = {},
) {
  const environment = options.environment ?? createMockEnvironment();
  const path = options.path ?? '/';
  const control: SessionControl = { endSession: options.endSession ?? (() => undefined) };
  const router = createMemoryRouter(
    [
      {
        element: (
          <FeedbackProvider>
            <SessionControlContext.Provider value={control}>
              <RelayEnvironmentProvider environment={environment}>
                <Outlet />
              </RelayEnvironmentProvider>
            </SessionControlContext.Provider>
          </FeedbackProvider>
        ),
        children: [
          { path, element },
          { path: '*', element: <LocationProbe /> },
        ],
      },
    ],
    { initialEntries: [options.url ?? path] },
  );
  const result = render(<RouterProvider router={router} />);
  return { ...result, environment, router };
}

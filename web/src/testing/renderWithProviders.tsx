import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { loadQuery, RelayEnvironmentProvider } from 'react-relay';
import { createOperationDescriptor, getRequest } from 'relay-runtime';
import type { Variables } from 'relay-runtime';
import { createMemoryRouter, RouterProvider, Outlet, useLocation } from 'react-router';
import { createMockEnvironment } from 'relay-test-utils';
import { FeedbackProvider } from '../feedback/FeedbackProvider';
import { SessionControlContext } from '../app/sessionContext';
import type { SessionControl } from '../app/sessionContext';
import type { PreloadedScreen, ScreenOperation, ScreenQuery } from '../layout/screenQuery';

type MockEnvironment = ReturnType<typeof createMockEnvironment>;

/** Shows where the router went, so tests can assert navigation by visible text. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * What the route's loader does, in the mock environment: the screen's query is sent (the test's queued
 * resolver answers it, and the mock forgets it as it did when screens loaded on render), and the screen
 * reads the answer from the store.
 */
function preload(environment: MockEnvironment, screenQuery: ScreenQuery<ScreenOperation>, variables: Variables): PreloadedScreen {
  environment.execute({ operation: createOperationDescriptor(getRequest(screenQuery.query), variables) }).subscribe({});
  return { screenQuery, reference: loadQuery<ScreenOperation>(environment, screenQuery.query, variables, { fetchPolicy: 'store-only' }) };
}

type Options = {
  path?: string;
  url?: string;
  environment?: MockEnvironment;
  endSession?: SessionControl['endSession'];
  /** The screen query the route preloads (in the mock environment), as the app's route loaders do. */
  screenQuery?: ScreenQuery<ScreenOperation>;
  variables?: Variables;
};

/**
 * Renders `element` at `path` inside the providers of AppRoot, with a mock Relay environment and a
 * spy for session control. Other routes render a probe showing the path navigated to.
 */
export function renderWithProviders(element: ReactElement, options: Options = {}) {
  const environment = options.environment ?? createMockEnvironment();
  const preloaded = options.screenQuery && preload(environment, options.screenQuery, options.variables ?? {});
  const path = options.path ?? '/';
  const control: SessionControl = { endSession: options.endSession ?? (() => undefined), releasePreloadedBefore: () => undefined };
  const router = createMemoryRouter(
    [
      {
        element: (
          <FeedbackProvider quietPath="/">
            <SessionControlContext.Provider value={control}>
              <RelayEnvironmentProvider environment={environment}>
                <Outlet />
              </RelayEnvironmentProvider>
            </SessionControlContext.Provider>
          </FeedbackProvider>
        ),
        children: [
          { id: 'screen', path, element, ...(preloaded && { loader: () => preloaded }) },
          { path: '*', element: <LocationProbe /> },
        ],
      },
    ],
    // The preloaded query is there from the first render, as after the app's initial loading.
    { initialEntries: [options.url ?? path], ...(preloaded && { hydrationData: { loaderData: { screen: preloaded } } }) },
  );
  const result = render(<RouterProvider router={router} />);
  return { ...result, environment, router };
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { BaseStyles, ThemeProvider } from '@primer/react';
import { BRAND_CLASS } from './theme';
import { createAppRoutes } from './app/routes';
import { createRelaySession } from './relay/relaySession';

const router = createBrowserRouter(createAppRoutes(createRelaySession()));
const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <ThemeProvider colorMode="day">
      {/* BaseStyles is Primer's portal root: with the brand class on it, dialogs inherit the brand too. */}
      <BaseStyles className={BRAND_CLASS}>
        <RouterProvider router={router} />
      </BaseStyles>
    </ThemeProvider>
  </StrictMode>,
);

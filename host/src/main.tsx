import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadSiteTexts } from './locales/index.js';
import { createSiteRouter, pages } from './routes.js';
import { preloadFirstPage } from './routing/route-table.js';
import { captureLinkToken } from './routing/link-token.js';
import { installUnauthorizedRedirect } from './routing/login-navigation.js';
import { session } from './session/session.js';
import { startGeoCheck } from './shell/use-site-boot.js';
import './styles.css';

// A mailed link's token leaves the address bar before the router or anything else reads it.
captureLinkToken();
const router = createSiteRouter();
installUnauthorizedRedirect(router);
// What the first page waits for starts now, alongside the texts (the session already asked
// for the settings), not after the first render.
startGeoCheck();
preloadFirstPage(pages, window.location.pathname, session.auth.loggedIn.peek());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The site's texts load before the first paint, so no page shows a key without its text.
void loadSiteTexts().then(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);

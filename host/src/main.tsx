import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadSiteTexts } from './locales/index.js';
import { createSiteRouter } from './routes.js';
import { captureLinkToken } from './routing/link-token.js';
import { installUnauthorizedRedirect } from './routing/login-navigation.js';
import './styles.css';

// A mailed link's token leaves the address bar before the router or anything else reads it.
captureLinkToken();
const router = createSiteRouter();
installUnauthorizedRedirect(router);

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

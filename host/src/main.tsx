import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadSiteTexts } from './locales/index.js';
import { createSiteRouter } from './routes.js';
import { installUnauthorizedRedirect } from './routing/login-navigation.js';
import './styles.css';

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

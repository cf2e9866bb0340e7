import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createSiteRouter } from './routes.js';
import { installUnauthorizedRedirect } from './routing/login-navigation.js';
import './styles.css';

const router = createSiteRouter();
installUnauthorizedRedirect(router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

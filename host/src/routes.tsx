import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { BlankLayout } from './layouts/blank-layout.js';
import { PrimaryLayout } from './layouts/primary-layout.js';
import { RequireAuth } from './layouts/require-auth.js';
import { HomePage } from './pages/home-page.js';
import { LoginPage } from './pages/login-page.js';
import { NotFoundPage } from './pages/not-found-page.js';

/**
 * Every route of the site. Layouts are parent routes; pages that need a signed-in
 * user sit under RequireAuth.
 */
export const routes: RouteObject[] = [
  {
    element: <BlankLayout />,
    children: [{ path: '/auth/login', element: <LoginPage /> }],
  },
  {
    element: <PrimaryLayout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      {
        element: <RequireAuth />,
        children: [{ path: '/home', element: <HomePage /> }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

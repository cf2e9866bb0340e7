import { Outlet } from 'react-router';

/** Nothing around the page: sign-in and other full-screen flows. */
export function BlankLayout() {
  return (
    <main className="layout-blank">
      <Outlet />
    </main>
  );
}

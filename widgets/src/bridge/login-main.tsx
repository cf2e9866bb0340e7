/** Entry of /embed/login.html, the sign-in popup of third-party pages. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setLocale } from '../i18n/index.js';
import '../kit/base.css';
import '../ui/form-controls.css';
import '../login/fan-login.css';
import './login-popup.css';
import { createSession } from '../session/session.js';
import { LoginPopup } from './login-popup.js';

const params = new URLSearchParams(location.search);
const locale = await setLocale(params.get('locale'));
document.documentElement.lang = locale;
// The popup only signs in and hands the token over: no start-up loads, no live connection.
const session = createSession({ lazy: true, live: false });
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <LoginPopup nonce={params.get('nonce') ?? ''} session={session} />
    </StrictMode>,
  );
}

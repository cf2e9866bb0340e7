/** Entry of /embed/login.html, the sign-in popup of third-party pages. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setLocale } from '../i18n/index.js';
import '../login/login-form.css';
import './login-popup.css';
import { LoginPopup } from './login-popup.js';

const params = new URLSearchParams(location.search);
const locale = await setLocale(params.get('locale'));
document.documentElement.lang = locale;
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <LoginPopup nonce={params.get('nonce') ?? ''} />
    </StrictMode>,
  );
}

import { defineElement } from '../kit/define-element.js';
import { FanLogin } from './fan-login.js';
import formCss from '../ui/form-controls.css?inline';
import css from './fan-login.css?inline';
import { FanLoginEvent, FanLogoutEvent } from './login-events.js';

export { FanLoginEvent, FanLogoutEvent, type FanLoginDetail, type FanLoginUser } from './login-events.js';

/**
 * Sign-in for fans and creators, in one form: email or username, password, remember me,
 * a forgot-password step and links to the platform's register pages. When the page's
 * session is signed in it shows the user's avatar, name and a logout button instead.
 * On a third-party page the sign-in happens in a popup on the platform origin; the page
 * never sees the credential.
 *
 * @tag fan-login
 * @summary Sign in, see who is signed in, log out.
 *
 * @attr {string} heading - Title above the form (default: the translated "Sign in").
 * @attr {boolean} hide-register - Hides the links to the register pages.
 * @attr {string} locale - Language (`pt-BR`, `en`, `es`); else the loader's `data-locale`, else the session's.
 * @attr {"dark" | "light"} data-theme - Theme; else the loader's `data-theme`, else the session's (dark).
 *
 * @fires {FanLoginEvent} fan-login - A sign-in made here succeeded. `detail.user`: `{ _id, name, username, isPerformer }`; never the token.
 * @fires {FanLogoutEvent} fan-logout - The user logged out here.
 * @fires {FanReadyEvent} fan-ready - The element rendered and responds to input. `detail.tag`: `"fan-login"`.
 *
 * @csspart root - The themed box around everything.
 * @csspart form - The sign-in form, and the forgot-password form.
 * @csspart forgot-form - The forgot-password form.
 * @csspart heading - The form's title.
 * @csspart field - A label with its input.
 * @csspart label - A field's label.
 * @csspart input - A text or password input.
 * @csspart remember - The remember-me checkbox and its label.
 * @csspart forgot-link - The "Forgot your password?" button.
 * @csspart back-link - The "Back to sign in" button.
 * @csspart error - The error message (role alert).
 * @csspart notice - The neutral answer after a reset request (role status).
 * @csspart submit - The submit button; disabled while the request runs.
 * @csspart register - The register line.
 * @csspart register-link - A link to a register page on the platform.
 * @csspart loading - Shown while the signed-in user loads.
 * @csspart account - The signed-in view.
 * @csspart avatar - The user's photo, or their initials.
 * @csspart name - The user's display name.
 * @csspart username - The user's @username.
 * @csspart logout - The logout button.
 *
 * @cssprop --fan-accent - Accent colour of buttons, links and focus rings (default #e8456b).
 * @cssprop --fan-radius - Corner radius (default 10px).
 * @cssprop --fan-font - Font family.
 * @cssprop --fan-bg - Background.
 * @cssprop --fan-fg - Text colour.
 * @cssprop --fan-muted - Secondary text colour.
 * @cssprop --fan-border - Border colour.
 * @cssprop --fan-input-bg - Input background.
 * @cssprop --fan-danger - Error text colour.
 * @cssprop --fan-on-accent - Text on accent-coloured buttons.
 * @cssprop --fan-login-width - Maximum width (default 26rem).
 * @cssprop --fan-login-padding - Inner padding (default 1.5rem).
 * @cssprop --fan-login-gap - Space between rows (default 0.9rem).
 * @cssprop --fan-login-avatar-size - Avatar diameter (default 2.75rem).
 */
export const FanLoginElement = defineElement('fan-login', FanLogin, {
  attributes: { heading: 'string', hideRegister: 'boolean' },
  events: {
    onLogin: (user) => new FanLoginEvent(user),
    onLogout: () => new FanLogoutEvent(),
  },
  styles: [formCss, css],
  namespaces: ['login', 'embed'],
});

export const fanLoginTag = 'fan-login';

declare global {
  interface HTMLElementTagNameMap {
    'fan-login': InstanceType<typeof FanLoginElement>;
  }
}

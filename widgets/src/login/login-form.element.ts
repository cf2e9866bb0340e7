import { createElement, Fragment, useRef } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { LoginForm, type LoginSuccess } from './login-form.js';
import css from './login-form.css?inline';

/**
 * Fired when the credentials were accepted. It carries no credential: the token
 * stays with the platform, never with the page around the element.
 */
export class FanLoginEvent extends Event {
  static readonly type = 'fan-login';
  constructor(readonly remember: boolean) {
    super(FanLoginEvent.type, { bubbles: true, composed: true });
  }
}

interface ElementProps {
  apiBase?: string;
  container?: HTMLElement;
}

function LoginFormElementView({ apiBase }: ElementProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const onLogin = (result: LoginSuccess) => anchor.current?.dispatchEvent(new FanLoginEvent(result.remember));
  return createElement(
    Fragment,
    null,
    createElement('style', null, css),
    createElement('span', { ref: anchor, hidden: true }),
    createElement(LoginForm, { apiBase: apiBase ?? '', onLogin }),
  );
}

/**
 * `<fan-login-form>`: the sign-in form as an element, in an open shadow root.
 *
 * @attr api-base - platform origin for API calls (default: same origin)
 * @fires fan-login - {@link FanLoginEvent} once the server accepted the credentials
 * @csspart form, field, label, input, remember, error, submit
 * @cssprop --fan-accent, --fan-radius, --fan-border, --fan-danger, --fan-input-bg
 */
export const LoginFormElement = r2wc(LoginFormElementView, { shadow: 'open', props: { apiBase: 'string' } });

export const loginFormTag = 'fan-login-form';

export function defineLoginForm(): void {
  if (!customElements.get(loginFormTag)) customElements.define(loginFormTag, LoginFormElement);
}

defineLoginForm();

declare global {
  interface HTMLElementTagNameMap {
    'fan-login-form': HTMLElement & { apiBase?: string };
  }
  interface GlobalEventHandlersEventMap {
    'fan-login': FanLoginEvent;
  }
}

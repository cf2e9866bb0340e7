import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSession } from '../session/session.js';
import { createFakeTransport, type FakeTransport } from '../kit/testing/fake-transport.js';
import { FanLoginEvent, FanLogoutEvent } from './fan-login.element.js';

const ana = {
  _id: 'u1',
  name: 'Ana Lima',
  username: 'ana.lima',
  email: 'ana@example.com',
  avatar: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
  cover: null,
  isPerformer: false,
  balance: 12,
};

let transport: FakeTransport;

beforeAll(() => {
  transport = createFakeTransport({
    delayMs: 150,
    routes: {
      'GET /settings/public': { ok: true, status: 200, data: {} },
      'GET /users/me': { ok: true, status: 200, data: ana },
      'POST /auth/users/forgot': { ok: true, status: 200, data: { message: 'If this address has an account, a reset link is on its way' } },
    },
  });
  // The page's one session, on a scripted transport: no network in element tests.
  getSession({ transport, lazy: true });
});

afterEach(() => {
  document.querySelectorAll('fan-login').forEach((element) => element.remove());
});

async function mount(attributes: Record<string, string> = {}) {
  const element = document.createElement('fan-login');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  await element.rendered;
  return element;
}

const part = (element: Element, name: string) => element.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;
const parts = (element: Element, name: string) => [...(element.shadowRoot?.querySelectorAll<HTMLElement>(`[part~="${name}"]`) ?? [])];

function type(input: HTMLInputElement | null, value: string) {
  if (!input) throw new Error('no input');
  // React listens to input events; set the value the way a user would.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function signIn(element: HTMLElement, username: string, password: string) {
  type(element.shadowRoot?.querySelector('input[name="username"]') ?? null, username);
  type(element.shadowRoot?.querySelector('input[name="password"]') ?? null, password);
  part(element, 'submit')?.click();
}

describe('<fan-login>', () => {
  it('renders its form in pt-BR with parts, in an open shadow root', async () => {
    const element = await mount();
    expect(element.shadowRoot?.mode).toBe('open');
    expect(part(element, 'heading')?.textContent).toBe('Entrar');
    expect(parts(element, 'input')).toHaveLength(2);
    for (const name of ['root', 'form', 'field', 'label', 'remember', 'forgot-link', 'submit', 'register', 'register-link']) {
      expect(part(element, name), name).not.toBeNull();
    }
    expect(parts(element, 'register-link').map((link) => link.getAttribute('href'))).toEqual([
      'https://platform.test/auth/register',
      'https://platform.test/auth/register/creator',
    ]);
  });

  it('reflects heading and hide-register, and switches language and theme by attribute', async () => {
    const element = await mount({ heading: 'Apoie a Ana' });
    expect(part(element, 'heading')?.textContent).toBe('Apoie a Ana');
    element.hideRegister = true;
    expect(element.hasAttribute('hide-register')).toBe(true);
    await vi.waitFor(() => expect(part(element, 'register')).toBeNull());
    element.removeAttribute('heading');
    element.setAttribute('locale', 'en');
    element.setAttribute('data-theme', 'light');
    await vi.waitFor(() => expect(part(element, 'heading')?.textContent).toBe('Sign in'));
    expect(part(element, 'submit')?.textContent).toBe('Sign in');
    expect(part(element, 'root')?.getAttribute('data-theme')).toBe('light');
    expect(part(element, 'root')?.getAttribute('lang')).toBe('en');
  });

  it('shows a loading state, then the translated error, for wrong credentials', async () => {
    const element = await mount();
    signIn(element, 'ana.lima', 'wrong');
    await vi.waitFor(() => expect(part(element, 'submit')?.textContent).toBe('Entrando…'));
    expect((part(element, 'submit') as HTMLButtonElement).disabled).toBe(true);
    expect(part(element, 'form')?.getAttribute('aria-busy')).toBe('true');
    await vi.waitFor(() => expect(part(element, 'error')?.textContent).toBe('Credenciais incorretas!'));
    expect((part(element, 'submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends the neutral reset answer through the session', async () => {
    const element = await mount();
    part(element, 'forgot-link')?.click();
    await vi.waitFor(() => expect(part(element, 'heading')?.textContent).toBe('Recuperar senha'));
    type(element.shadowRoot?.querySelector('input[name="email"]') ?? null, 'ana@example.com');
    part(element, 'submit')?.click();
    await vi.waitFor(() =>
      expect(part(element, 'notice')?.textContent).toBe('Se este endereço tiver uma conta, um link de redefinição está a caminho.'),
    );
    expect(transport.calls.find((call) => call.path === '/auth/users/forgot')?.options?.body).toEqual({ email: 'ana@example.com' });
  });

  it('signs in: fires a composed fan-login with the user and no token, then shows the account', async () => {
    const element = await mount();
    const events: { event: FanLoginEvent; path: EventTarget[] }[] = [];
    const listener = (event: FanLoginEvent) => events.push({ event, path: event.composedPath() });
    document.addEventListener('fan-login', listener);
    try {
      signIn(element, 'ana.lima', 'right');
      await vi.waitFor(() => expect(events).toHaveLength(1));
      const [{ event, path } = { event: undefined, path: [] }] = events;
      expect(event).toBeInstanceOf(FanLoginEvent);
      expect(event?.bubbles && event.composed).toBe(true);
      expect(event?.target).toBe(element);
      expect(path).toContain(element.shadowRoot);
      expect(event?.detail).toEqual({ user: { _id: 'u1', name: 'Ana Lima', username: 'ana.lima', isPerformer: false } });
      await vi.waitFor(() => expect(part(element, 'name')?.textContent).toBe('Ana Lima'));
      expect(part(element, 'username')?.textContent).toBe('@ana.lima');
      expect(part(element, 'avatar')?.getAttribute('src')).toBe(ana.avatar);
      expect(part(element, 'logout')?.textContent).toBe('Sair');
    } finally {
      document.removeEventListener('fan-login', listener);
    }
  });

  it('shows the signed-in state at once in another element on the page, and logs out with fan-logout', async () => {
    const element = await mount();
    expect(part(element, 'account')?.getAttribute('aria-label')).toBe('Conectado como Ana Lima');
    const logouts: Event[] = [];
    const listener = (event: FanLogoutEvent) => logouts.push(event);
    document.addEventListener('fan-logout', listener);
    try {
      part(element, 'logout')?.click();
      await vi.waitFor(() => expect(part(element, 'logout')?.textContent).toBe('Saindo…'));
      await vi.waitFor(() => expect(logouts).toHaveLength(1));
      expect(logouts[0]).toBeInstanceOf(FanLogoutEvent);
      expect(logouts[0]?.target).toBe(element);
      await vi.waitFor(() => expect(part(element, 'heading')?.textContent).toBe('Entrar'));
    } finally {
      document.removeEventListener('fan-logout', listener);
    }
  });
});

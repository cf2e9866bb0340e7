import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { setLocale } from '../i18n/index.js';
import { LoginForm, type LoginSuccess } from './login-form.js';
import { wirePassword } from '../session/password.js';
import type { PublicSettings } from '../session/types.js';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let root: Root | undefined;
let host: HTMLElement | undefined;

function mount(onLogin?: (result: LoginSuccess) => void, wirePassword?: (password: string) => string) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(<LoginForm {...(onLogin ? { onLogin } : {})} {...(wirePassword ? { wirePassword } : {})} />);
}

async function fillAndSubmit(username: string, password: string, remember = false) {
  await userEvent.fill(page.getByLabelText('E-mail ou nome de usuário'), username);
  await userEvent.fill(page.getByLabelText('Senha'), password);
  if (remember) await userEvent.click(page.getByLabelText('Lembrar de mim'));
  await userEvent.click(page.getByRole('button', { name: 'Entrar' }));
}

beforeEach(async () => {
  await setLocale('pt-BR');
});

afterEach(() => {
  root?.unmount();
  root = undefined;
  host?.remove();
  vi.restoreAllMocks();
});

describe('LoginForm', () => {
  it('sends the MD5 hex of the password when the client-side hashing setting is on', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { status: 0, data: { token: 't' } }));
    const hashed = (password: string) => wirePassword(password, { hashPasswordOnClient: true } as PublicSettings);
    mount(undefined, hashed);
    await fillAndSubmit('fan1@fandeck.local', 'fandeck-demo');
    await expect.poll(() => fetchSpy.mock.calls.length).toBe(1);
    const body = JSON.parse(String(fetchSpy.mock.calls[0]![1]!.body));
    // md5('fandeck-demo'), computed independently.
    expect(body.password).toBe('10268485ce88e3705a30871afa7c864a');
  });

  it('renders its labels in pt-BR by default', async () => {
    mount();
    await expect.element(page.getByLabelText('E-mail ou nome de usuário')).toBeVisible();
    await expect.element(page.getByLabelText('Senha')).toHaveAttribute('type', 'password');
    await expect.element(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it('shows the translated "Incorrect credentials!" when the server gives no message', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(401, {}));
    mount();
    await fillAndSubmit('fan1@fandeck.local', 'wrong-password');
    await expect.element(page.getByRole('alert')).toHaveTextContent('Credenciais incorretas!');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'fan1@fandeck.local', password: 'wrong-password', remember: false });
  });

  it("shows the server's message when there is one", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(403, { statusCode: 403, message: 'Your account is suspended', error: 'Forbidden' }),
    );
    mount();
    await fillAndSubmit('fan1', 'secret-pass');
    await expect.element(page.getByRole('alert')).toHaveTextContent('Your account is suspended');
  });

  it("translates a server message the catalogue knows, like the server's 'Incorrect credentials!'", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(422, { statusCode: 422, message: 'Incorrect credentials!', error: 'Unprocessable Entity' }),
    );
    mount();
    await fillAndSubmit('fan1', 'wrong');
    await expect.element(page.getByRole('alert')).toHaveTextContent('Credenciais incorretas!');
  });

  it('falls back to the translated text when the network fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    mount();
    await fillAndSubmit('fan1', 'secret-pass');
    await expect.element(page.getByRole('alert')).toHaveTextContent('Credenciais incorretas!');
  });

  it('follows the active locale', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(401, {}));
    await setLocale('en');
    mount();
    await userEvent.fill(page.getByLabelText('Email or username'), 'fan1');
    await userEvent.fill(page.getByLabelText('Password'), 'nope');
    await userEvent.click(page.getByRole('button', { name: 'Sign in' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Incorrect credentials!');
  });

  it('asks for both fields before calling the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    mount();
    await userEvent.fill(page.getByLabelText('E-mail ou nome de usuário'), '   ');
    await userEvent.click(page.getByRole('button', { name: 'Entrar' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Informe seu e-mail ou nome de usuário e sua senha.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('hands the token and the remember choice to the page on success', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { status: 0, data: { token: 'tok-123' } }));
    const onLogin = vi.fn();
    mount(onLogin);
    await fillAndSubmit('  fan1@fandeck.local ', 'fandeck-demo', true);
    await vi.waitFor(() => expect(onLogin).toHaveBeenCalledWith({ token: 'tok-123', remember: true }));
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toMatchObject({ username: 'fan1@fandeck.local', remember: true });
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
  });
});

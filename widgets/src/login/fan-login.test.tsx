import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { signal } from '@preact/signals-core';
import { setLocale } from '../i18n/index.js';
import { failure, success, type Outcome } from '../session/outcome.js';
import { FanLogin, type FanLoginProps } from './fan-login.js';
import { LoginPortProvider, type LoginPort, type LoginUser } from './login-port.js';

const ana: LoginUser = { _id: 'u1', name: 'Ana Lima', username: 'ana.lima', avatar: null, isPerformer: true };

/** A port whose actions wait until the test settles them, so loading states can be seen. */
function fakePort(mode: LoginPort['mode'] = 'form') {
  const loggedIn = signal(false);
  const user = signal<LoginUser | null>(null);
  const pending: { resolve: (outcome: Outcome<unknown>) => void }[] = [];
  const defer = () => new Promise<Outcome<unknown>>((resolve) => pending.push({ resolve }));
  const port: LoginPort = {
    mode,
    loggedIn,
    user,
    login: vi.fn(defer),
    logout: vi.fn(defer),
    forgot: vi.fn(defer) as unknown as LoginPort['forgot'],
    platformUrl: (path) => new URL(path, 'https://platform.test').href,
  };
  const settle = async (outcome: Outcome<unknown>) => {
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.shift()?.resolve(outcome);
  };
  return { port, loggedIn, user, settle };
}

let root: Root | undefined;
let host: HTMLElement | undefined;

function mount(port: LoginPort, props: FanLoginProps = {}) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(
    <LoginPortProvider value={port}>
      <FanLogin {...props} />
    </LoginPortProvider>,
  );
}

async function fillAndSubmit(username: string, password: string) {
  await userEvent.fill(page.getByLabelText('E-mail ou nome de usuário'), username);
  await userEvent.fill(page.getByLabelText('Senha'), password);
  await userEvent.click(page.getByRole('button', { name: 'Entrar' }));
}

beforeEach(async () => {
  await setLocale('pt-BR');
});

afterEach(() => {
  root?.unmount();
  host?.remove();
  root = undefined;
});

describe('FanLogin', () => {
  it('shows the pt-BR form with forgot and register links on the platform origin', async () => {
    const { port } = fakePort();
    mount(port);
    await expect.element(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    await expect.element(page.getByLabelText('Senha')).toHaveAttribute('type', 'password');
    await expect.element(page.getByLabelText('Lembrar de mim')).not.toBeChecked();
    await expect.element(page.getByRole('button', { name: 'Esqueceu a senha?' })).toBeVisible();
    const fan = page.getByRole('link', { name: 'Cadastre-se como fã' });
    await expect.element(fan).toHaveAttribute('href', 'https://platform.test/auth/register');
    await expect.element(fan).toHaveAttribute('target', '_blank');
    await expect.element(page.getByRole('link', { name: 'Cadastre-se como criador' })).toHaveAttribute('href', 'https://platform.test/auth/register/creator');
  });

  it('takes a heading and can hide the register links', async () => {
    const { port } = fakePort();
    mount(port, { heading: 'Entre para apoiar a Ana', hideRegister: true });
    await expect.element(page.getByRole('heading', { name: 'Entre para apoiar a Ana' })).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'Cadastre-se como fã' })).not.toBeInTheDocument();
  });

  it('asks for both fields before calling the session', async () => {
    const { port } = fakePort();
    mount(port);
    await userEvent.click(page.getByRole('button', { name: 'Entrar' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Informe seu e-mail ou nome de usuário e sua senha.');
    expect(port.login).not.toHaveBeenCalled();
  });

  it("shows a loading state while signing in, then the text of the failure's code", async () => {
    const { port, settle } = fakePort();
    mount(port);
    await userEvent.click(page.getByLabelText('Lembrar de mim'));
    await fillAndSubmit(' ana.lima ', 'wrong');
    const busy = page.getByRole('button', { name: 'Entrando…' });
    await expect.element(busy).toBeDisabled();
    expect(host?.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    expect(port.login).toHaveBeenCalledWith({ username: 'ana.lima', password: 'wrong', remember: true });
    // The code decides, not the server's English message.
    await settle(
      failure({ status: 422, code: 'auth.incorrect_credentials', message: 'Incorrect credentials!', body: { statusCode: 422, message: 'Incorrect credentials!' } }),
    );
    await expect.element(page.getByRole('alert')).toHaveTextContent('Credenciais incorretas!');
    await expect.element(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it("shows the session's text for other codes, and 'Credenciais incorretas!' when there is none", async () => {
    const { port, settle } = fakePort();
    mount(port);
    await fillAndSubmit('ana.lima', 'x');
    await settle(failure({ status: 403, code: 'auth.account_inactive', message: 'Esta conta está inativa.', body: { code: 'auth.account_inactive' } }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Esta conta está inativa.');
    await userEvent.click(page.getByRole('button', { name: 'Entrar' }));
    await settle(failure({ status: 0, message: '' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Credenciais incorretas!');
  });

  it('says nothing when the fan closes the sign-in popup', async () => {
    const { port, settle } = fakePort();
    mount(port);
    await fillAndSubmit('ana.lima', 'x');
    await settle(failure({ status: -1, message: 'cancelled' }));
    await expect.element(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(host?.querySelector('[role="alert"]')).toBeNull();
  });

  it('calls onLogin with the user, without the token, once the session knows them', async () => {
    const { port, settle, loggedIn, user } = fakePort();
    const onLogin = vi.fn();
    mount(port, { onLogin });
    await fillAndSubmit('ana.lima', 'right');
    await settle(success({ token: 'secret-token' }));
    loggedIn.value = true;
    await expect.element(page.getByText('Carregando…')).toBeVisible();
    expect(onLogin).not.toHaveBeenCalled();
    user.value = ana;
    await vi.waitFor(() => expect(onLogin).toHaveBeenCalledTimes(1));
    expect(onLogin).toHaveBeenCalledWith({ _id: 'u1', name: 'Ana Lima', username: 'ana.lima', isPerformer: true });
    expect(JSON.stringify(onLogin.mock.calls)).not.toContain('secret-token');
  });

  it('shows the signed-in user with initials, and logs out with a loading state', async () => {
    const { port, settle, loggedIn, user } = fakePort();
    loggedIn.value = true;
    user.value = ana;
    const onLogout = vi.fn();
    const onLogin = vi.fn();
    mount(port, { onLogout, onLogin });
    await expect.element(page.getByRole('group', { name: 'Conectado como Ana Lima' })).toBeVisible();
    await expect.element(page.getByText('@ana.lima')).toBeVisible();
    await expect.element(page.getByRole('img', { name: 'Foto de Ana Lima' })).toHaveTextContent('AL');
    await userEvent.click(page.getByRole('button', { name: 'Sair' }));
    await expect.element(page.getByRole('button', { name: 'Saindo…' })).toBeDisabled();
    await settle(success(undefined));
    await vi.waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));
    loggedIn.value = false;
    user.value = null;
    await expect.element(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    // Being signed in already is not a sign-in made here.
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('shows the avatar image when the user has one', async () => {
    const { port, loggedIn, user } = fakePort();
    loggedIn.value = true;
    user.value = { ...ana, avatar: 'https://platform.test/files/avatar.jpg' };
    mount(port);
    await expect.element(page.getByRole('img', { name: 'Foto de Ana Lima' })).toHaveAttribute('src', 'https://platform.test/files/avatar.jpg');
  });

  it('asks for a reset link and shows the neutral answer in the active language', async () => {
    const { port, settle } = fakePort();
    mount(port);
    await userEvent.click(page.getByRole('button', { name: 'Esqueceu a senha?' }));
    await expect.element(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible();
    await userEvent.fill(page.getByLabelText('E-mail'), 'not-an-email');
    await userEvent.click(page.getByRole('button', { name: 'Enviar link' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Informe um e-mail válido.');
    expect(port.forgot).not.toHaveBeenCalled();

    await userEvent.fill(page.getByLabelText('E-mail'), ' ana@example.com ');
    await userEvent.click(page.getByRole('button', { name: 'Enviar link' }));
    await expect.element(page.getByRole('button', { name: 'Enviando…' })).toBeDisabled();
    expect(port.forgot).toHaveBeenCalledWith('ana@example.com');
    await settle(success('If this address has an account, a reset link is on its way'));
    await expect.element(page.getByRole('status')).toHaveTextContent('Se este endereço tiver uma conta, um link de redefinição está a caminho.');
    await userEvent.click(page.getByRole('button', { name: 'Voltar para entrar' }));
    await expect.element(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  });

  it('on a third-party page asks for no password: its button opens the platform popup through the session', async () => {
    const { port, settle } = fakePort('popup');
    mount(port);
    await expect.element(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    expect(host?.querySelector('input[type="password"]')).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Entrar' }));
    expect(port.login).toHaveBeenCalledWith({ username: '', password: '', remember: false });
    await settle(failure({ status: 0, message: '', body: { code: 'popup-blocked', message: 'The browser blocked the sign-in window' } }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('O navegador bloqueou a janela de entrada. Permita pop-ups e tente novamente.');
  });

  it('follows the active locale', async () => {
    await setLocale('en');
    const { port, settle } = fakePort();
    mount(port);
    await userEvent.fill(page.getByLabelText('Email or username'), 'ana');
    await userEvent.fill(page.getByLabelText('Password'), 'nope');
    await userEvent.click(page.getByRole('button', { name: 'Sign in' }));
    await settle(failure({ status: 401, message: '' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Incorrect credentials!');
  });
});

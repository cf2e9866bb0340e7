import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { FanLoginEvent, loginFormTag } from './login-form.element.js';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  document.querySelectorAll(loginFormTag).forEach((element) => element.remove());
  vi.restoreAllMocks();
});

async function submit(username: string, password: string) {
  await userEvent.fill(page.getByLabelText('E-mail ou nome de usuário'), username);
  await userEvent.fill(page.getByLabelText('Senha'), password);
  await userEvent.click(page.getByRole('button', { name: 'Entrar' }));
}

describe('<fan-login-form>', () => {
  it('renders the form in an open shadow root with its styles and parts', async () => {
    const element = document.createElement('fan-login-form');
    document.body.append(element);
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('[part="form"]')).toBeTruthy());
    expect(element.shadowRoot?.querySelector('style')?.textContent).toContain('.fan-login-form');
    expect(customElements.get('fan-login-form')).toBeDefined();
  });

  it('uses api-base and shows the translated error after a rejected login', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(401, { statusCode: 401, error: 'Unauthorized' }));
    const element = document.createElement('fan-login-form');
    element.setAttribute('api-base', 'https://platform.example/');
    document.body.append(element);
    await submit('fan1', 'wrong');
    await expect.element(page.getByRole('alert')).toHaveTextContent('Credenciais incorretas!');
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('https://platform.example/api/auth/login');
  });

  it('fires a composed fan-login event without the token on success', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { status: 0, data: { token: 'secret-token' } }));
    const seen: Event[] = [];
    const listener = (event: Event) => seen.push(event);
    document.addEventListener('fan-login', listener);
    try {
      document.body.append(document.createElement('fan-login-form'));
      await submit('fan1', 'fandeck-demo');
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      const event = seen[0];
      expect(event).toBeInstanceOf(FanLoginEvent);
      expect((event as FanLoginEvent).remember).toBe(false);
      expect(event?.target).toBe(document.querySelector('fan-login-form'));
      expect(JSON.stringify(event)).not.toContain('secret-token');
    } finally {
      document.removeEventListener('fan-login', listener);
    }
  });
});

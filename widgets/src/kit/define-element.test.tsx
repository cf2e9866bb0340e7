import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTranslation } from '../i18n/index.js';
import { getSession } from '../session/session.js';
import { defineElement, type FanElement } from './define-element.js';
import { setEmbedConfig } from './embed-config.js';
import { FanEvent, FanReadyEvent } from './events.js';
import { createFakeTransport } from './testing/fake-transport.js';

interface DemoProps {
  label?: string | undefined;
  count?: number | undefined;
  compact?: boolean | undefined;
  onPing?: ((times: number) => void) | undefined;
}

class FanPingEvent extends FanEvent<{ times: number }> {
  constructor(times: number) {
    super('fan-ping', { times });
  }
}

function Demo({ label, count, compact, onPing }: DemoProps) {
  const { t } = useTranslation();
  return (
    <div part="demo" data-compact={compact ? 'yes' : 'no'}>
      <span part="label">{label ?? 'none'}</span>
      <span part="count">{count === undefined ? 'none' : String(count)}</span>
      <button type="button" part="button" onClick={() => onPing?.(2)}>
        {t('login.submit')}
      </button>
    </div>
  );
}

const DemoElement = defineElement('fan-kit-demo', Demo, {
  attributes: { label: 'string', count: 'number', compact: 'boolean' },
  events: { onPing: (times) => new FanPingEvent(times) },
  styles: '.demo-marker { color: red; }',
});

type Demo = FanElement<Pick<DemoProps, 'label' | 'count' | 'compact'>>;

beforeAll(() => {
  getSession({ transport: createFakeTransport(), lazy: true });
});

afterEach(() => {
  document.querySelectorAll('fan-kit-demo').forEach((element) => element.remove());
  setEmbedConfig(undefined);
});

async function mount(attributes: Record<string, string> = {}): Promise<Demo> {
  const element = document.createElement('fan-kit-demo') as Demo;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  await element.rendered;
  return element;
}

const inner = (element: Element, part: string) => element.shadowRoot?.querySelector(`[part~="${part}"]`) ?? null;

describe('defineElement', () => {
  it('defines the tag once and returns the same class when asked again', () => {
    expect(customElements.get('fan-kit-demo')).toBe(DemoElement);
    expect(defineElement('fan-kit-demo', Demo)).toBe(DemoElement);
    expect(DemoElement.tag).toBe('fan-kit-demo');
  });

  it('renders in an open shadow root with the base and own styles adopted, and parts', async () => {
    const element = await mount();
    expect(element.shadowRoot?.mode).toBe('open');
    const css = element.shadowRoot?.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n');
    expect(css).toContain(':host');
    expect(css).toContain('.demo-marker');
    expect(inner(element, 'root')).toBeTruthy();
    expect(inner(element, 'button')).toBeTruthy();
  });

  it('shows its light DOM (the loader placeholder) until the view first renders', async () => {
    const element = document.createElement('fan-kit-demo') as Demo;
    const fallback = document.createElement('span');
    fallback.textContent = 'carregando';
    element.append(fallback);
    document.body.append(element);
    expect(element.shadowRoot?.querySelector('slot')).not.toBeNull();
    expect(fallback.assignedSlot).not.toBeNull();
    await element.rendered;
    expect(element.shadowRoot?.querySelector('slot')).toBeNull();
    expect(fallback.assignedSlot).toBeNull();
    expect(inner(element, 'root')).not.toBeNull();
  });

  it('parses attributes into typed props and reflects properties back to attributes', async () => {
    const element = await mount({ label: 'Ana', count: '3', compact: '' });
    expect(element.label).toBe('Ana');
    expect(element.count).toBe(3);
    expect(element.compact).toBe(true);
    expect(inner(element, 'demo')?.getAttribute('data-compact')).toBe('yes');

    element.label = 'Bia';
    element.count = 7;
    element.compact = false;
    expect(element.getAttribute('label')).toBe('Bia');
    expect(element.getAttribute('count')).toBe('7');
    expect(element.hasAttribute('compact')).toBe(false);
    await vi.waitFor(() => expect(inner(element, 'label')?.textContent).toBe('Bia'));
    expect(inner(element, 'count')?.textContent).toBe('7');
    expect(inner(element, 'demo')?.getAttribute('data-compact')).toBe('no');

    element.removeAttribute('label');
    element.setAttribute('count', 'not a number');
    expect(element.label).toBeUndefined();
    expect(element.count).toBeUndefined();
    await vi.waitFor(() => expect(inner(element, 'label')?.textContent).toBe('none'));
  });

  it('keeps properties a page set before the element was defined', async () => {
    const early = document.createElement('fan-kit-late') as HTMLElement & { label?: string; compact?: boolean };
    early.label = 'set early';
    early.compact = true;
    document.body.append(early);
    const Late = defineElement('fan-kit-late', Demo, { attributes: { label: 'string', compact: 'boolean' } });
    const element = early as InstanceType<typeof Late>;
    await element.rendered;
    expect(element.getAttribute('label')).toBe('set early');
    expect(element.hasAttribute('compact')).toBe(true);
    expect(inner(element, 'label')?.textContent).toBe('set early');
    element.remove();
  });

  it('turns callbacks into fan-* events that bubble, are composed and cross the shadow boundary', async () => {
    const element = await mount();
    const seen: Event[] = [];
    const paths: EventTarget[][] = [];
    const listener = (event: Event) => {
      seen.push(event);
      paths.push(event.composedPath());
    };
    document.addEventListener('fan-ping', listener);
    try {
      (inner(element, 'button') as HTMLButtonElement).click();
      expect(seen).toHaveLength(1);
      const event = seen[0] as FanPingEvent;
      expect(event).toBeInstanceOf(FanPingEvent);
      expect(event.bubbles && event.composed).toBe(true);
      expect(event.target).toBe(element);
      expect(event.detail).toEqual({ times: 2 });
      // Dispatched inside the shadow root: the path runs through it to the element and up.
      expect(paths[0]).toContain(element.shadowRoot);
      expect(paths[0]?.[0]).toBe(inner(element, 'root'));
      expect(paths[0]).toContain(document);
    } finally {
      document.removeEventListener('fan-ping', listener);
    }
  });

  it('fires fan-ready once, on first render, heard on document', async () => {
    const ready: FanReadyEvent[] = [];
    const listener = (event: FanReadyEvent) => ready.push(event);
    document.addEventListener('fan-ready', listener);
    try {
      const element = await mount();
      expect(ready).toHaveLength(1);
      expect(ready[0]?.detail).toEqual({ tag: 'fan-kit-demo' });
      expect(ready[0]?.target).toBe(element);
      element.remove();
      document.body.append(element);
      element.setAttribute('label', 'again');
      await vi.waitFor(() => expect(inner(element, 'label')?.textContent).toBe('again'));
      expect(ready).toHaveLength(1);
    } finally {
      document.removeEventListener('fan-ready', listener);
    }
  });

  it('is dark by default and follows data-theme, else the loader’s theme', async () => {
    const element = await mount();
    expect(inner(element, 'root')?.getAttribute('data-theme')).toBe('dark');
    element.setAttribute('data-theme', 'light');
    await vi.waitFor(() => expect(inner(element, 'root')?.getAttribute('data-theme')).toBe('light'));

    setEmbedConfig({ origin: location.origin, theme: 'light' });
    const second = await mount();
    expect(inner(second, 'root')?.getAttribute('data-theme')).toBe('light');
    const third = await mount({ 'data-theme': 'dark' });
    expect(inner(third, 'root')?.getAttribute('data-theme')).toBe('dark');
  });

  it('speaks pt-BR by default, its locale attribute first, else the loader’s data-locale', async () => {
    const element = await mount();
    expect(inner(element, 'button')?.textContent).toBe('Entrar');
    expect(inner(element, 'root')?.getAttribute('lang')).toBe('pt-BR');

    element.locale = 'en';
    expect(element.getAttribute('locale')).toBe('en');
    await vi.waitFor(() => expect(inner(element, 'button')?.textContent).toBe('Sign in'));
    expect(inner(element, 'root')?.getAttribute('lang')).toBe('en');

    setEmbedConfig({ origin: location.origin, locale: 'es' });
    const spanish = await mount();
    expect(inner(spanish, 'button')?.textContent).toBe('Iniciar sesión');
    const english = await mount({ locale: 'en' });
    expect(inner(english, 'button')?.textContent).toBe('Sign in');
    // Two languages side by side; the first element is untouched.
    expect(inner(element, 'button')?.textContent).toBe('Sign in');
  });

  it('matches a regional tag to its language and falls back to pt-BR for an unsupported one', async () => {
    const american = await mount({ locale: 'en-US' });
    expect(inner(american, 'button')?.textContent).toBe('Sign in');
    const french = await mount({ locale: 'fr' });
    expect(inner(french, 'button')?.textContent).toBe('Entrar');
  });
});

import type { EarningStats, SubscriptionDto } from '@fandeck/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSession, type Session } from '../session/session.js';
import { createFakeTransport, demoFan, fail, ok, type FakeTransport } from '../session/testing/fake-transport.js';
import { subscriptionDto } from '../subscribe/testing/subscribe-fixtures.js';
import { listen, part, parts, type } from '../wallet/testing/wallet-test-kit.js';
import { FanPayoutRequestedEvent } from './fan-creator-dashboard.element.js';
import { creatorAccount as creator, pendingPayoutRequest as request } from './testing/dashboard-fixtures.js';

const stats = (net: number): EarningStats => ({ totalGrossPrice: net * 1.25, totalSiteCommission: net * 0.25, totalNetPrice: net, paidPrice: 10, pendingPrice: 0, remainingPrice: net - 10 });
const subscriber = (id: string, overrides: Partial<SubscriptionDto>): SubscriptionDto =>
  subscriptionDto({ _id: id, userId: `fan-${id}`, userInfo: { _id: `fan-${id}`, name: `Fan ${id}`, username: null, avatar: 'http://platform.test/a.svg' }, ...overrides });

let transport: FakeTransport;
let session: Session;
let earned = 90;

// The machine running these may be busy: a flow gets five seconds, not the default one.
const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 20 });
const partSoon = (root: Element, name: string) =>
  waitFor(() => {
    const found = part(root, name);
    if (!found) throw new Error(`no [part~="${name}"] yet`);
    return found;
  });
const squash = (text: string | null | undefined) => text?.replace(/\s/g, ' ').trim() ?? null;
const figure = (element: Element, stat: string) => squash(part(element, 'stats')?.querySelector(`[data-stat="${stat}"] dd`)?.textContent);

/** The creator's reads as the platform answers them (tests that refuse them put these back). */
function scriptReads() {
  transport.respond('GET', '/performer/earning/stats', () => ok(stats(earned)));
  transport.respond('GET', '/performer/earning/timeline', (call) =>
    ok(
      call.options.query?.interval === 'month'
        ? [{ date: '2099-02-01T00:00:00.000Z', netPrice: 30, grossPrice: 37.5, count: 2 }, { date: '2099-03-01T00:00:00.000Z', netPrice: earned - 30, grossPrice: 75, count: 4 }]
        : [
            { date: '2099-03-01T00:00:00.000Z', netPrice: 0, grossPrice: 0, count: 0 },
            { date: '2099-03-02T00:00:00.000Z', netPrice: earned - 20, grossPrice: 87.5, count: 5 },
            { date: '2099-03-03T00:00:00.000Z', netPrice: 20, grossPrice: 25, count: 1 },
          ],
    ),
  );
  transport.respond(
    'GET',
    '/subscriptions/performer/search',
    ok({ data: [subscriber('a', {}), subscriber('b', { cancelledAt: '2099-03-10T12:00:00.000Z', willRenew: false }), subscriber('c', { status: 'deactivated', isActive: false })], total: 3 }),
  );
  transport.respond('GET', '/performer/earning/top-content', () => ok([{ type: 'video', sourceId: 'v1', title: 'Making of', netPrice: 40, count: 4 }, { type: 'subscription', sourceId: null, title: '', netPrice: 30, count: 3 }]));
}

beforeAll(async () => {
  transport = createFakeTransport({ credential: true });
  transport.respond('GET', '/settings/public', ok({ minPayoutAmount: 50 }));
  transport.respond('GET', '/users/me', ok(creator));
  scriptReads();
  transport.respond('POST', '/payout-requests/calculate', () => ok({ availableAmount: earned - 10, pendingAmount: 0, paidAmount: 10, minimumPayout: 50, canRequest: true }));
  transport.respond('GET', '/payout-requests/check/pending-review', ok({ pending: false, request: null }));
  session = getSession({ transport, lazy: true });
  await session.settings.load();
  await session.user.refresh();
  await waitFor(() => {
    if (!transport.channel) throw new Error('no live channel yet');
  });
  transport.channel?.setStatus('connected');
});

afterEach(() => {
  document.querySelectorAll('fan-creator-dashboard').forEach((element) => element.remove());
});

async function mount() {
  const element = document.createElement('fan-creator-dashboard');
  document.body.append(element);
  await element.rendered;
  return element;
}

describe('<fan-creator-dashboard>', () => {
  it('shows the creator’s totals, the earnings chart with its summary and table, subscribers with renewals and what earned most', async () => {
    const element = await mount();
    await waitFor(() => expect(figure(element, 'net')).toBe('R$ 90,00'));
    expect(part(element, 'heading')?.textContent).toBe('Painel do criador');
    expect(figure(element, 'available')).toBe('R$ 80,00');
    expect(figure(element, 'commission')).toBe('R$ 22,50');

    await partSoon(element, 'chart-svg');
    const bars = parts(element, 'bar');
    expect(bars).toHaveLength(3);
    expect(bars.map((bar) => Number(bar.getAttribute('height')))).toEqual([0, 58, expect.closeTo(16.57, 1)]);
    expect(squash(bars[1]?.querySelector('title')?.textContent)).toBe('2 de mar.: R$ 70,00');
    const summary = part(element, 'summary');
    expect(squash(summary?.textContent)).toBe('Ganhos por dia nos últimos 30 dias: R$ 90,00 no total; o maior foi R$ 70,00 em 2 de mar..');
    expect(part(element, 'chart-svg')?.getAttribute('aria-labelledby')).toBe(summary?.id);
    expect([...(part(element, 'table')?.querySelectorAll('tbody tr') ?? [])].map((row) => squash(row.textContent))).toEqual([
      '1 de mar.R$ 0,000',
      '2 de mar.R$ 70,005',
      '3 de mar.R$ 20,001',
    ]);

    await partSoon(element, 'subscriber');
    expect(parts(element, 'subscriber').map((row) => [row.dataset.state, squash(row.querySelector('[part~="renewal"]')?.textContent)])).toEqual([
      ['renews', 'Renova em 1 de abril de 2099'],
      ['cancelled', 'Cancelada, acesso até 1 de abril de 2099'],
      ['ended', 'Encerrada'],
    ]);
    expect(part(element, 'subscribers-total')?.textContent).toBe('Total: 3');
    expect(parts(element, 'top-item').map((row) => [...row.children].map((cell) => squash(cell.textContent)))).toEqual([
      ['Making of · Vídeo', 'Vendas: 4', 'R$ 40,00'],
      ['Assinaturas', 'Vendas: 3', 'R$ 30,00'],
    ]);
  });

  it('switches the chart to months', async () => {
    const element = await mount();
    const month = await waitFor(() => {
      const found = parts(element, 'interval').find((button) => button.textContent === 'Mês');
      if (!found) throw new Error('no month switch yet');
      return found;
    });
    month.click();
    await waitFor(() => expect(month.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(parts(element, 'bar')).toHaveLength(2));
    expect(squash(part(element, 'summary')?.textContent)).toBe('Ganhos por mês nos últimos 12 meses: R$ 90,00 no total; o maior foi R$ 60,00 em mar. de 2099.');
    expect(transport.calls.filter((call) => call.path === '/performer/earning/timeline').at(-1)?.options.query).toMatchObject({ interval: 'month' });
  });

  it('refreshes live when a sale credits the creator’s earnings', async () => {
    const element = await mount();
    await waitFor(() => expect(figure(element, 'net')).toBe('R$ 90,00'));
    earned = 140;
    try {
      transport.channel?.serverEmit('update_balance', { token: 50, balance: 140, account: 'earnings' });
      await waitFor(() => expect(figure(element, 'net')).toBe('R$ 140,00'));
      await waitFor(() => expect(squash(part(element, 'available')?.textContent)).toBe('Disponível para saque: R$ 130,00'));
    } finally {
      earned = 90;
    }
  });

  it('requests a payout within the minimum and what is available, fires fan-payout-requested, and shows the open request', async () => {
    const heard = listen<FanPayoutRequestedEvent>('fan-payout-requested');
    try {
      const element = await mount();
      const input = (await partSoon(element, 'amount-input')) as HTMLInputElement;
      expect(input.value).toBe('80');
      expect(squash(part(element, 'minimum')?.textContent)).toBe('Saque mínimo: R$ 50,00');
      type(input, '40');
      await waitFor(() => expect(squash(part(element, 'amount-error')?.textContent)).toBe('O valor mínimo é R$ 50,00.'));
      part(element, 'submit')?.click();
      expect(transport.calls.some((call) => call.path === '/payout-requests')).toBe(false);

      type(input, '60');
      transport.respond('POST', '/payout-requests', fail(409, { statusCode: 409, code: 'payouts.already_pending', message: 'A payout request is already pending', error: 'Conflict' }));
      await waitFor(() => expect(squash(part(element, 'submit')?.textContent)).toBe('Pedir saque de R$ 60,00'));
      part(element, 'submit')?.click();
      await waitFor(() => expect(part(element, 'error')?.textContent).toBe('Você já tem um pedido de saque em análise.'));

      transport.respond('POST', '/payout-requests', () => {
        transport.respond('GET', '/payout-requests/check/pending-review', ok({ pending: true, request }));
        return ok(request);
      });
      part(element, 'submit')?.click();
      await waitFor(() => expect(heard.events).toHaveLength(1));
      expect(heard.events[0]?.detail).toEqual({ requestId: 'payout-1', amount: 60 });
      expect(transport.calls.filter((call) => call.path === '/payout-requests').at(-1)?.options.body).toEqual({ requestAmount: 60, paymentAccountType: 'pix' });
      await waitFor(() => expect(part(element, 'sent')?.textContent).toBe('Pedido de saque enviado. Ele será analisado pela equipe.'));
      expect(squash(part(element, 'pending')?.textContent)).toBe('Pedido de R$ 60,00 de 5 de março de 2099: em análise.');
      expect(part(element, 'form')).toBeNull();
    } finally {
      heard.stop();
      transport.respond('GET', '/payout-requests/check/pending-review', ok({ pending: false, request: null }));
    }
  });

  it('on a site the creator has not listed, says so once instead of failing every section', async () => {
    transport.respond('GET', '/performer/earning/stats', fail(403, { statusCode: 403, code: 'embeds.origin_not_owned', message: 'Origin not owned', error: 'Forbidden' }));
    try {
      const element = await mount();
      await waitFor(() => expect(parts(element, 'error').map((error) => error.textContent)).toEqual(['Este site não está na lista de sites do criador.']));
      expect(part(element, 'stats')).toBeNull();
      expect(part(element, 'payout')).toBeNull();
      expect(session.auth.loggedIn.value).toBe(true);
    } finally {
      transport.respond('GET', '/performer/earning/stats', () => ok(stats(earned)));
    }
  });

  it('tells a fan’s account plainly that the dashboard is for creators, without asking for a creator’s data', async () => {
    transport.respond('GET', '/users/me', ok(demoFan));
    await session.user.refresh();
    try {
      transport.calls.length = 0;
      const element = await mount();
      await waitFor(() => expect(part(element, 'not-creator')?.textContent).toBe('Este painel é para criadores. Você entrou com uma conta de fã, que não tem ganhos nem saques.'));
      expect(part(element, 'error')).toBeNull();
      expect(transport.calls.map((call) => call.path)).toEqual([]);
    } finally {
      transport.respond('GET', '/users/me', ok(creator));
      await session.user.refresh();
    }
  });

  it('signed out, offers the sign-in', async () => {
    await session.auth.logout();
    try {
      const element = await mount();
      await waitFor(() => expect(part(element, 'sign-in')?.textContent).toContain('Entre com sua conta de criador para ver seus ganhos.'));
      expect(part(element, 'sign-in-button')).not.toBeNull();
    } finally {
      await session.auth.login({ username: 'ana.lima', password: 'pw' });
    }
  });
});

describe('<fan-creator-dashboard creator> for staff', () => {
  const admin = { ...demoFan, _id: 'admin-1', name: 'Admin', username: 'admin.fandeck', email: 'admin@fandeck.local', role: 'admin' as const };
  const manager = { ...admin, _id: 'manager-1', name: 'Maria Gestora', username: 'manager', role: 'manager' as const };
  const scopedReads = () => transport.calls.filter((call) => /^\/(performer\/earning|subscriptions)\//.test(call.path));

  async function signInAs(user: Record<string, unknown>) {
    transport.respond('GET', '/users/me', ok(user));
    await session.user.refresh();
  }

  async function mountFor(creator: string | null) {
    const element = document.createElement('fan-creator-dashboard');
    if (creator !== null) element.setAttribute('creator', creator);
    document.body.append(element);
    await element.rendered;
    return element;
  }

  beforeAll(() => {
    transport.respond('GET', '/performers/ana.lima', ok({ _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima', avatar: 'http://platform.test/a.svg' }));
  });

  afterEach(async () => {
    transport.respond('GET', '/users/me', ok(creator));
    await session.user.refresh();
  });

  it('shows the named creator’s figures read with performerId, her balances and who requests payouts, and no payout form', async () => {
    await signInAs(admin);
    transport.calls.length = 0;
    const element = await mountFor('ana.lima');
    await waitFor(() => expect(figure(element, 'net')).toBe('R$ 90,00'));
    expect(part(element, 'heading')?.textContent).toBe('Painel do criador: Ana Lima');
    expect(part(element, 'dashboard')?.dataset.state).toBe('staff');
    await partSoon(element, 'subscriber');
    await partSoon(element, 'top-item');
    await partSoon(element, 'chart-svg');

    expect(scopedReads().length).toBeGreaterThanOrEqual(4);
    for (const call of scopedReads()) expect(call.options.query, call.path).toMatchObject({ performerId: 'creator-1' });
    expect(transport.calls.filter((call) => call.path.startsWith('/payout-requests'))).toEqual([]);

    const balances = await partSoon(element, 'balances');
    expect([...balances.querySelectorAll('[part~="balance"]')].map((row) => [(row as HTMLElement).dataset.stat, squash(row.querySelector('dd')?.textContent)])).toEqual([
      ['available', 'R$ 80,00'],
      ['pending', 'R$ 0,00'],
      ['paid', 'R$ 10,00'],
    ]);
    expect(part(element, 'payout-by-creator')?.textContent).toBe('Os saques são pedidos pelo próprio criador.');
    expect(part(element, 'form')).toBeNull();
    expect(part(element, 'amount-input')).toBeNull();
    expect(part(element, 'submit')).toBeNull();
  });

  it('asks staff to choose a creator without the attribute, and shows the dashboard once it is set', async () => {
    await signInAs(manager);
    transport.calls.length = 0;
    const element = await mountFor(null);
    await waitFor(() => expect(part(element, 'choose-creator')?.textContent).toBe('Escolha um criador para ver o painel dele.'));
    expect(part(element, 'heading')?.textContent).toBe('Painel do criador');
    expect(scopedReads()).toEqual([]);

    element.setAttribute('creator', 'ana.lima');
    await waitFor(() => expect(part(element, 'heading')?.textContent).toBe('Painel do criador: Ana Lima'));
    await waitFor(() => expect(figure(element, 'net')).toBe('R$ 90,00'));
    expect(part(element, 'choose-creator')).toBeNull();
  });

  it('tells staff without the permission so, once, in the page’s language', async () => {
    const denied = fail(403, { statusCode: 403, code: 'auth.permission_denied', message: 'You do not have permission for this', error: 'Forbidden' });
    const paths = ['/performer/earning/stats', '/performer/earning/timeline', '/performer/earning/top-content', '/subscriptions/performer/search'];
    for (const path of paths) transport.respond('GET', path, denied);
    try {
      await signInAs(manager);
      const element = await mountFor('ana.lima');
      await waitFor(() => expect(parts(element, 'error').map((error) => error.textContent)).toEqual(['Sua conta não tem permissão para ver os ganhos dos criadores.']));
      expect(part(element, 'error')?.dataset.problem).toBe('no-permission');
      expect(part(element, 'stats')).toBeNull();
      expect(part(element, 'payout')).toBeNull();
      expect(session.auth.loggedIn.value).toBe(true);

      element.setAttribute('locale', 'en');
      await waitFor(() => expect(part(element, 'error')?.textContent).toBe('Your account does not have permission to see creators’ earnings.'));
    } finally {
      scriptReads();
    }
  });

  it('a creator’s account ignores the attribute and sees her own dashboard with the form', async () => {
    transport.calls.length = 0;
    const element = await mountFor('bruno.costa');
    await partSoon(element, 'form');
    expect(part(element, 'heading')?.textContent).toBe('Painel do criador');
    expect(scopedReads().some((call) => call.options.query && 'performerId' in call.options.query)).toBe(false);
    expect(transport.calls.some((call) => call.path.startsWith('/performers/'))).toBe(false);
  });
});

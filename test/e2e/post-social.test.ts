import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, signInApi } from '../support/api.js';
import { openPage } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { demo, demoPassword, signIn, waitForPath } from './host-flows.js';

/** The demo creator publishes a free text post through the API. */
async function publishTextPost(origin: string, token: string, text: string): Promise<string> {
  const created = await fetch(`${origin}/api/performer/feeds`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'text', text, isSale: false, fileIds: [] }),
  });
  expect(created.status, await created.clone().text()).toBe(200);
  return ((await created.json()) as { data: { _id: string } }).data._id;
}

const likeCount = async (card: Locator) => Number(await card.getByTestId('like-count').textContent());

describe('the social parts of a post', () => {
  const e2e = useServerAndBrowser();

  it('a fan likes, saves and comments; the creator pins the comment and blocks the fan, then unblocks them from the studio', async () => {
    const creatorToken = await signInApi(e2e.server.origin, demo.creator.email, demoPassword);
    const postId = await publishTextPost(e2e.server.origin, creatorToken, 'Bom dia, fãs!');
    const fanToken = await signInApi(e2e.server.origin, demo.fan.email, demoPassword);
    const fanId = (await apiGet<{ _id: string }>(e2e.server.origin, '/users/me', fanToken)).body!.data!._id;

    const fan = await openPage(e2e.browser, e2e.server.origin);
    const creator = await openPage(e2e.browser, e2e.server.origin);
    try {
      // The fan likes, saves and comments.
      await signIn(fan.page, demo.fan.email);
      await waitForPath(fan.page, '/home');
      await fan.page.goto(`/${demo.creator.username}`);
      const card = fan.page.locator(`[data-feed="${postId}"]`);
      await card.waitFor();
      const like = card.getByRole('button', { name: /^Curtir/ });
      expect(await like.getAttribute('aria-pressed')).toBe('false');
      expect(await likeCount(card)).toBe(0);
      await like.click();
      expect(await like.getAttribute('aria-pressed')).toBe('true');
      expect(await likeCount(card)).toBe(1);
      const save = card.getByRole('button', { name: 'Salvar' });
      await save.click();
      await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
      // Both are on the server.
      await expect
        .poll(async () => (await apiGet<{ data: { _id: string; isLiked: boolean; totalLike: number }[] }>(e2e.server.origin, `/user/feeds/search/${demo.creator.username}?limit=50`, fanToken)).body!.data!.data.find((p) => p._id === postId))
        .toMatchObject({ isLiked: true, totalLike: 1 });

      await card.getByRole('button', { name: /^Comentários/ }).click();
      const comments = card.getByTestId('comments');
      await comments.getByText('Nenhum comentário ainda.').waitFor();
      await comments.getByLabel('Escreva um comentário').fill('Que foto linda!');
      await comments.getByRole('button', { name: 'Comentar' }).click();
      const mine = comments.locator('li[data-comment]', { hasText: 'Que foto linda!' });
      await mine.waitFor();
      await card.getByRole('button', { name: 'Comentários (1)' }).waitFor();

      // The saved post is on the fan's bookmarks page, linked from the header.
      await fan.page.getByRole('link', { name: 'Salvos' }).click();
      await waitForPath(fan.page, '/user/bookmarks');
      await fan.page.getByTestId('bookmarks').locator(`[data-feed="${postId}"]`).waitFor();

      // The creator pins the comment, then blocks its author from the comment's menu.
      await signIn(creator.page, demo.creator.email);
      await waitForPath(creator.page, `/${demo.creator.username}`);
      const own = creator.page.locator(`[data-feed="${postId}"]`);
      await own.getByRole('button', { name: /^Comentários/ }).click();
      const fanComment = own.locator('li[data-comment]', { hasText: 'Que foto linda!' });
      await fanComment.waitFor();
      const menu = fanComment.getByRole('button', { name: 'Ações do comentário de Fã Um' });
      await menu.click();
      await fanComment.getByRole('button', { name: 'Fixar no topo' }).click();
      await fanComment.getByText('Fixado', { exact: true }).waitFor();
      expect(await fanComment.getAttribute('data-pinned')).toBe('true');

      await menu.click();
      await fanComment.getByRole('button', { name: 'Bloquear este fã' }).click();
      await fanComment.getByText(/^Bloquear Fã Um\?/).waitFor();
      await fanComment.getByRole('button', { name: 'Bloquear', exact: true }).click();
      await fanComment.getByText('Bloqueado', { exact: true }).waitFor();
      const blocked = await apiGet<{ data: { _id: string }[] }>(e2e.server.origin, '/block/users', creatorToken);
      expect(blocked.body!.data!.data.map((user) => user._id)).toEqual([fanId]);

      // The blocked fan no longer finds the creator or their posts.
      await fan.page.goto(`/${demo.creator.username}`);
      await fan.page.getByTestId('profile-not-found').waitFor();
      expect(await fan.page.locator(`[data-feed="${postId}"]`).count()).toBe(0);
      await fan.page.goto('/user/bookmarks');
      await fan.page.getByText('Você ainda não salvou nenhuma publicação.').waitFor();

      // The creator unblocks the fan from the studio's blocked tab.
      await creator.page.getByRole('link', { name: 'Minhas publicações' }).click();
      await waitForPath(creator.page, '/creator/posts');
      await creator.page.getByRole('tab', { name: 'Bloqueados' }).click();
      const row = creator.page.locator(`[data-blocked-user="${fanId}"]`);
      await row.getByText('Fã Um').waitFor();
      await row.getByRole('button', { name: 'Desbloquear Fã Um' }).click();
      await row.waitFor({ state: 'detached' });
      await creator.page.getByText('Você não bloqueou ninguém.').waitFor();

      // The fan sees the creator again, with the comment still pinned on top.
      await fan.page.goto(`/${demo.creator.username}`);
      const again = fan.page.locator(`[data-feed="${postId}"]`);
      await again.waitFor();
      expect(await again.getByRole('button', { name: /^Curtir/ }).getAttribute('aria-pressed')).toBe('true');
      await again.getByRole('button', { name: /^Comentários/ }).click();
      await again.locator('li[data-comment][data-pinned]', { hasText: 'Que foto linda!' }).waitFor();
    } finally {
      await fan.context.close();
      await creator.context.close();
    }
  });

  it('a fan reports a post once; a second report says it was reported already', async () => {
    const creatorToken = await signInApi(e2e.server.origin, demo.creator.email, demoPassword);
    const postId = await publishTextPost(e2e.server.origin, creatorToken, 'Post para denunciar');
    const { context, page } = await openPage(e2e.browser, e2e.server.origin);
    try {
      await signIn(page, demo.fan.email);
      await waitForPath(page, '/home');
      await page.goto(`/${demo.creator.username}`);
      const card = page.locator(`[data-feed="${postId}"]`);
      await card.getByRole('button', { name: 'Denunciar' }).click();
      const form = card.getByTestId('report-form');
      await form.getByLabel('Motivo da denúncia').fill('Spam');
      await form.getByRole('button', { name: 'Enviar denúncia' }).click();
      await card.getByRole('status').filter({ hasText: 'Obrigado. Nossa equipe vai analisar a denúncia.' }).waitFor();

      await page.reload();
      await card.getByRole('button', { name: 'Denunciar' }).click();
      await form.getByLabel('Motivo da denúncia').fill('Spam de novo');
      await form.getByRole('button', { name: 'Enviar denúncia' }).click();
      await form.getByRole('alert').filter({ hasText: 'Você já denunciou este conteúdo.' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

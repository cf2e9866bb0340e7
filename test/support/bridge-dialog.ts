/**
 * Confirming in the bridge's dialog the way a fan does with a mouse: once the dialog is
 * on screen and still, the hand moves the cursor over it onto Confirm (real pointer
 * movement, in steps), rests there until the dialog has armed for the cursor where it
 * is, then clicks. The bridge takes a mouse click only after real movement over the
 * dialog since it last became visible (confirm-arming.ts): a cursor that merely rests
 * where a frame arrives never arms it.
 */
import type { FrameLocator, Page } from 'playwright-core';

export const CONFIRM_LABEL = 'Confirmar';

export interface Point {
  x: number;
  y: number;
}

/** Moves the mouse like a hand: to a point beside the target, then onto it, in steps (each a real pointermove). */
export async function moveLikeAHand(page: Page, target: Point): Promise<void> {
  await page.mouse.move(target.x - 40, target.y - 12, { steps: 4 });
  await page.mouse.move(target.x, target.y, { steps: 8 });
}

/**
 * Moves the cursor onto Confirm once the dialog is visible and still, and waits until a
 * click there would count. Returns where the cursor rests (page coordinates).
 */
export async function armConfirm(bridge: FrameLocator, label = CONFIRM_LABEL): Promise<Point> {
  const page = bridge.owner().page();
  const confirm = bridge.getByRole('button', { name: label });
  // Movement before the dialog's last visibility report does not count: wait for it first.
  await bridge.locator('[role="alertdialog"][data-visible="true"]').waitFor();
  await bridge.locator('button.fd-confirm[data-state="armed"]').waitFor();
  const box = (await confirm.boundingBox())!;
  const target = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await moveLikeAHand(page, target);
  await bridge.locator('button.fd-confirm[data-pointer="armed"]').waitFor();
  return target;
}

export async function confirmWhenArmed(bridge: FrameLocator, label = CONFIRM_LABEL): Promise<void> {
  await armConfirm(bridge, label);
  const page = bridge.owner().page();
  await page.mouse.down();
  await page.mouse.up();
}

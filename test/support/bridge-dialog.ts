/**
 * Confirming in the bridge's dialog the way a fan does: the cursor rests on Confirm
 * until the dialog has armed for the cursor where it is, then clicks. (A click that
 * arrives with the first pointer event the frame ever saw does not count: the bridge
 * cannot know yet that the frame was not just moved under the cursor.)
 */
import type { FrameLocator } from 'playwright-core';

export const CONFIRM_LABEL = 'Confirmar';

export async function confirmWhenArmed(bridge: FrameLocator, label = CONFIRM_LABEL): Promise<void> {
  const confirm = bridge.getByRole('button', { name: label });
  await confirm.hover();
  await bridge.locator('button.fd-confirm[data-pointer="seen"][data-state="armed"]').waitFor();
  await confirm.click();
}

import { describe, expect, it } from 'vitest';
import { ConfirmArming, type PointerFacts } from './confirm-arming.js';

const DELAY = 600;

function setup() {
  let now = 10_000;
  const arming = new ConfirmArming(DELAY, () => now);
  return {
    arming,
    advance: (ms: number) => (now += ms),
  };
}

/**
 * The pointer at client point (cx, cy) of a frame whose top-left sits at (fx, fy) on screen;
 * `movement` is what a pointermove carries (0 when the pointer itself did not move).
 */
const at = (fx: number, fy: number, cx = 200, cy = 300, movement = 0): PointerFacts => ({
  screenX: fx + cx,
  screenY: fy + cy,
  clientX: cx,
  clientY: cy,
  movementX: movement,
  movementY: 0,
  detail: 1,
  pointerType: 'mouse',
});
/** A real move of the fan's pointer to (cx, cy). */
const moveTo = (fx: number, fy: number, cx = 200, cy = 300) => at(fx, fy, cx, cy, 3);
const keyboard: PointerFacts = { screenX: 0, screenY: 0, clientX: 0, clientY: 0, detail: 0 };
const tap = (fx: number, fy: number, cx = 200, cy = 300): PointerFacts => ({ ...at(fx, fy, cx, cy), pointerType: 'touch' });

/** Visible, still for the delay, and the fan's pointer moved in at (100, 50) + (200, 300). */
function armedByMovement() {
  const context = setup();
  context.arming.setVisible(true);
  context.advance(DELAY);
  context.arming.notePointer(moveTo(100, 50, 190, 300), 'move');
  context.arming.notePointer(moveTo(100, 50), 'move');
  context.advance(DELAY);
  return context;
}

describe('arming the confirm dialog', () => {
  it('takes no key until the dialog has been visible and still for the delay', () => {
    const { arming, advance } = setup();
    expect(arming.isArmed()).toBe(false);
    expect(arming.msUntilArmed()).toBeNull();
    advance(5_000);
    expect(arming.acceptsClick(keyboard)).toBe(false);
    arming.setVisible(true);
    expect(arming.msUntilArmed()).toBe(DELAY);
    advance(DELAY - 1);
    expect(arming.acceptsClick(keyboard)).toBe(false);
    advance(1);
    expect(arming.isArmed()).toBe(true);
    // A pointer that was never seen does not block the keyboard.
    expect(arming.acceptsClick(keyboard)).toBe(true);
  });

  it('re-arms on every change of position, size or visibility', () => {
    const { arming, advance } = setup();
    arming.setVisible(true);
    advance(DELAY);
    expect(arming.isArmed()).toBe(true);
    arming.rearm();
    expect(arming.isArmed()).toBe(false);
    expect(arming.msUntilArmed()).toBe(DELAY);
    advance(DELAY);
    arming.setVisible(false);
    advance(10_000);
    expect(arming.isArmed()).toBe(false);
    expect(arming.acceptsClick(keyboard)).toBe(false);
    arming.setVisible(true);
    advance(DELAY - 10);
    expect(arming.isArmed()).toBe(false);
  });

  it('takes a mouse click only after real movement in the dialog, the delay after it began, where the last move left the pointer', () => {
    const { arming, advance } = setup();
    arming.setVisible(true);
    advance(DELAY * 3);
    expect(arming.msUntilPointerArmed()).toBeNull();
    // Never moved here: the click itself is the first the dialog hears of the pointer.
    expect(arming.acceptsClick(at(100, 50))).toBe(false);
    arming.notePointer(moveTo(100, 50, 180, 290), 'move');
    expect(arming.pointerSeen).toBe(true);
    expect(arming.msUntilPointerArmed()).toBe(DELAY);
    advance(DELAY / 2);
    arming.notePointer(moveTo(100, 50), 'move');
    // Moving on inside a frame that stays put does not restart the delay.
    expect(arming.msUntilPointerArmed()).toBe(DELAY / 2);
    expect(arming.acceptsClick(at(100, 50))).toBe(false);
    advance(DELAY / 2);
    expect(arming.msUntilPointerArmed()).toBe(0);
    expect(arming.acceptsClick(at(100, 50))).toBe(true);
  });

  it('does not arm on boundary events or moves without movement (a frame arriving under a still cursor)', () => {
    const { arming, advance } = setup();
    arming.setVisible(true);
    // Chromium's pointerover right after the dialog is created, at the frame's previous offset.
    arming.notePointer(at(100, 50), 'boundary');
    arming.notePointer(at(100, 50), 'move');
    advance(DELAY * 5);
    expect(arming.pointerSeen).toBe(false);
    expect(arming.msUntilPointerArmed()).toBeNull();
    // The page brings the frame back to that offset: the still cursor's click does not count, now or later.
    expect(arming.acceptsClick(at(100, 50))).toBe(false);
    advance(DELAY * 2);
    expect(arming.acceptsClick(at(100, 50))).toBe(false);
    expect(arming.isArmed()).toBe(true);
  });

  it('counts only movement after the dialog last became visible or was last moved', () => {
    const { arming, advance } = armedByMovement();
    expect(arming.msUntilPointerArmed()).toBe(0);
    arming.setVisible(false);
    arming.setVisible(true);
    advance(DELAY * 2);
    expect(arming.pointerSeen).toBe(false);
    expect(arming.acceptsClick(at(100, 50))).toBe(false);
    arming.notePointer(moveTo(100, 50), 'move');
    advance(DELAY);
    arming.rearm();
    advance(DELAY);
    expect(arming.acceptsClick(at(100, 50))).toBe(false);
  });

  it('keeps the movement when a boundary event comes before the real move to the same point', () => {
    const { arming, advance } = armedByMovement();
    // Onto Confirm: pointerover, then the move that caused it.
    arming.notePointer(moveTo(100, 50, 260, 320), 'boundary');
    expect(arming.msUntilPointerArmed()).toBeNull();
    arming.notePointer(moveTo(100, 50, 260, 320), 'move');
    expect(arming.msUntilPointerArmed()).toBe(0);
    arming.notePointer(at(100, 50, 260, 320), 'down');
    expect(arming.acceptsClick(at(100, 50, 260, 320))).toBe(true);
    advance(1);
  });

  it('disarms on a boundary event no move explains, and arms again only after fresh movement', () => {
    const { arming, advance } = armedByMovement();
    // The page swapped frames or moved this one: the still cursor is now over Confirm at (300, 320).
    arming.notePointer(at(0, 30, 300, 320), 'boundary');
    arming.notePointer(at(0, 30, 300, 320), 'down');
    expect(arming.acceptsClick(at(0, 30, 300, 320))).toBe(false);
    advance(DELAY * 2);
    expect(arming.acceptsClick(at(0, 30, 300, 320))).toBe(false);
    // The fan moves: that counts, from now.
    arming.notePointer(moveTo(0, 30, 302, 320), 'move');
    advance(DELAY - 1);
    expect(arming.acceptsClick(at(0, 30, 302, 320))).toBe(false);
    advance(1);
    expect(arming.acceptsClick(at(0, 30, 302, 320))).toBe(true);
  });

  it('refuses a click somewhere the last move did not leave the pointer (frame moved in between), and disarms', () => {
    const { arming, advance } = armedByMovement();
    // Nothing reported the move; the click's own coordinates show the frame is 120 px further right.
    expect(arming.acceptsClick(at(220, 50, 80, 300))).toBe(false);
    expect(arming.pointerSeen).toBe(false);
    // Moved back: still no movement, so still nothing.
    advance(DELAY);
    expect(arming.acceptsClick(at(100, 50))).toBe(false);
  });

  it('disarms on a pointerdown or a move without movement at another point', () => {
    const first = armedByMovement();
    first.arming.notePointer(at(150, 50, 150, 300), 'down');
    expect(first.arming.pointerSeen).toBe(false);
    expect(first.arming.acceptsClick(at(150, 50, 150, 300))).toBe(false);

    const second = armedByMovement();
    second.arming.notePointer(at(160, 70, 140, 280), 'move');
    expect(second.arming.pointerSeen).toBe(false);
    expect(second.arming.acceptsClick(at(160, 70, 140, 280))).toBe(false);
  });

  it('restarts the delay when a real move shows the frame at a new offset', () => {
    const { arming, advance } = armedByMovement();
    arming.notePointer(moveTo(101.5, 48.5, 198.5, 301.5), 'move');
    // Rounding: the same offset.
    expect(arming.msUntilPointerArmed()).toBe(0);
    arming.notePointer(moveTo(100, 60, 210, 300), 'move');
    expect(arming.msUntilPointerArmed()).toBe(DELAY);
    advance(DELAY);
    expect(arming.acceptsClick(at(100, 60, 210, 300))).toBe(true);
  });

  it('disarms when the pointer leaves the dialog for the backdrop', () => {
    const { arming, advance } = armedByMovement();
    arming.notePointer(moveTo(100, 50, 20, 20), 'move', false);
    expect(arming.pointerSeen).toBe(false);
    arming.notePointer(moveTo(100, 50), 'move');
    expect(arming.acceptsClick(at(100, 50))).toBe(false);
    advance(DELAY);
    expect(arming.acceptsClick(at(100, 50))).toBe(true);
  });

  it('takes a tap at an offset an earlier tap showed, unchanged, for the delay; mouse boundary events do not count', () => {
    const { arming, advance } = setup();
    arming.setVisible(true);
    arming.notePointer(at(100, 50), 'boundary');
    advance(DELAY * 2);
    arming.notePointer(tap(100, 50), 'down');
    expect(arming.acceptsClick(tap(100, 50))).toBe(false);
    advance(DELAY);
    arming.notePointer(tap(100, 50, 210, 310), 'down');
    expect(arming.acceptsClick(tap(100, 50, 210, 310))).toBe(true);
    // A tap on a frame moved since is refused, and its offset has to wait out the delay.
    expect(arming.acceptsClick(tap(220, 50))).toBe(false);
    advance(DELAY);
    expect(arming.acceptsClick(tap(220, 50))).toBe(true);
  });
});

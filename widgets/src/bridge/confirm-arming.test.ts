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

/** A pointer event at client point (cx, cy) in a frame whose top-left sits at (fx, fy) on screen. */
const at = (fx: number, fy: number, cx = 200, cy = 300, detail = 1): PointerFacts => ({ screenX: fx + cx, screenY: fy + cy, clientX: cx, clientY: cy, detail });
const keyboard: PointerFacts = { screenX: 0, screenY: 0, clientX: 0, clientY: 0, detail: 0 };

describe('arming the confirm dialog', () => {
  it('takes nothing until the dialog has been visible and still for the delay', () => {
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

  it('counts a pointer click only at an offset seen, unchanged, for the delay before it', () => {
    const { arming, advance } = setup();
    arming.setVisible(true);
    advance(DELAY * 3);
    // The first pointer event ever is the click itself: too new to trust.
    expect(arming.acceptsClick(at(100, 50))).toBe(false);
    advance(DELAY - 1);
    expect(arming.acceptsClick(at(100, 50, 210, 310))).toBe(false);
    advance(1);
    // The cursor may move inside a still frame: the offset stays the same.
    expect(arming.acceptsClick(at(100, 50, 250, 330))).toBe(true);
  });

  it('refuses the click after the page moved the frame under the cursor, and re-arms', () => {
    const { arming, advance } = setup();
    arming.setVisible(true);
    arming.notePointer(at(100, 50));
    advance(DELAY * 5);
    expect(arming.isArmed()).toBe(true);
    // Nothing reported the move; the click's own coordinates show the frame is 120 px further right.
    expect(arming.acceptsClick(at(220, 50))).toBe(false);
    expect(arming.isArmed()).toBe(false);
    // Keyboard activation waits out the re-arm as well.
    expect(arming.acceptsClick(keyboard)).toBe(false);
    advance(DELAY);
    expect(arming.acceptsClick(at(220, 50, 10, 10))).toBe(true);
  });

  it('re-arms when a pointer move reveals a new offset, and tolerates rounding', () => {
    const { arming, advance } = setup();
    arming.setVisible(true);
    arming.notePointer(at(100, 50));
    advance(DELAY);
    arming.notePointer(at(101.5, 48.5));
    expect(arming.isArmed()).toBe(true);
    arming.notePointer(at(100, 60));
    expect(arming.isArmed()).toBe(false);
    expect(arming.msUntilArmed()).toBe(DELAY);
    advance(DELAY / 2);
    // Moved back: still a change, the delay restarts again.
    arming.notePointer(at(100, 50));
    advance(DELAY / 2);
    expect(arming.isArmed()).toBe(false);
    advance(DELAY / 2);
    expect(arming.acceptsClick(at(100, 50))).toBe(true);
  });

  it('keeps keyboard activation independent of where the pointer was', () => {
    const { arming, advance } = setup();
    arming.setVisible(true);
    advance(DELAY);
    // A pointer that was never seen does not block the keyboard.
    expect(arming.acceptsClick(keyboard)).toBe(true);
  });
});

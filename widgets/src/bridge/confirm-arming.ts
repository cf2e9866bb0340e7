/**
 * When the confirm dialog may take the fan's click: the clickjacking rule, kept free of
 * the DOM so it can be tested with a fake clock.
 *
 * A page cannot click inside the bridge's frame, but it can move, resize, hide or cover
 * the frame so that the fan's next click, meant for the page, lands on Confirm. So
 * Confirm counts only once the dialog has been visible and STILL for `delayMs`:
 *
 * - any change of position, size or visibility the browser reports re-arms (Confirm is
 *   off again and the delay restarts);
 * - the page can also move the frame without any event reaching it, so every pointer
 *   event is read for the frame's offset on screen (`screenX - clientX`): a new offset
 *   re-arms, and a pointer click counts only when its offset is one seen, unchanged,
 *   for at least `delayMs` before the click;
 * - keyboard activation (a click with `detail === 0`) counts when armed: the keys reach
 *   the frame only while it has focus, whatever the page does with its box.
 */

/** What a click or pointer event says about where the frame is. */
export interface PointerFacts {
  screenX: number;
  screenY: number;
  clientX: number;
  clientY: number;
  /** 0 for a click made with the keyboard. */
  detail?: number;
}

/** Offsets this close are the same position (screen and client coordinates round separately). */
const SAME_OFFSET_PX = 2;

export class ConfirmArming {
  private visible = false;
  private stillSince: number;
  private offset: { x: number; y: number; since: number } | null = null;

  constructor(
    private readonly delayMs: number,
    private readonly now: () => number,
  ) {
    this.stillSince = now();
  }

  /** The browser says whether the whole dialog is on screen and unobscured; every report re-arms. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.rearm();
  }

  /** The frame or dialog moved, was resized, or its visibility changed. */
  rearm(): void {
    this.stillSince = this.now();
  }

  /** A pointer event inside the frame: a changed offset means the page moved the frame. */
  notePointer(facts: PointerFacts): void {
    const x = facts.screenX - facts.clientX;
    const y = facts.screenY - facts.clientY;
    if (this.offset && Math.abs(this.offset.x - x) <= SAME_OFFSET_PX && Math.abs(this.offset.y - y) <= SAME_OFFSET_PX) return;
    const first = this.offset === null;
    this.offset = { x, y, since: this.now() };
    if (!first) this.rearm();
  }

  /** Whether any pointer event has told where the frame is. */
  get pointerSeen(): boolean {
    return this.offset !== null;
  }

  /** Visible and still long enough; a pointer offset, once known, must have been steady as long. */
  isArmed(): boolean {
    return this.msUntilArmed() === 0;
  }

  /** How long until armed if nothing changes; null while not visible (only a report can arm it then). */
  msUntilArmed(): number | null {
    if (!this.visible) return null;
    const now = this.now();
    const since = Math.max(this.stillSince, this.offset?.since ?? -Infinity);
    return Math.max(0, since + this.delayMs - now);
  }

  /** Whether this click confirms. A pointer click is read for its offset first, so a moved frame never counts. */
  acceptsClick(facts: PointerFacts): boolean {
    if (facts.detail === 0) return this.visible && this.now() - this.stillSince >= this.delayMs;
    this.notePointer(facts);
    return this.isArmed();
  }
}

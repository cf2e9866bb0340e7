/**
 * When the confirm dialog may take the fan's click: the clickjacking rule, kept free of
 * the DOM so it can be tested with a fake clock.
 *
 * A page cannot click inside the bridge's frame, but it can move, resize, hide, cover or
 * swap the frame so that the fan's next click, meant for the page, lands on Confirm. The
 * frame cannot see where it is on the page, and moving a frame that stays fully visible
 * fires no observer at all; Chromium even sends a frame that arrives under a still cursor
 * boundary events (`pointerover`) carrying stale coordinates. So:
 *
 * - the dialog must have been visible and STILL for `delayMs` (any change of position,
 *   size or visibility the browser reports starts that over). That alone arms the
 *   keyboard: keys reach the frame only while it has focus, whatever the page does;
 * - a mouse click counts only after the fan moved the pointer inside the dialog: real
 *   `pointermove`s (non-zero movement), the first of them after the dialog's last report,
 *   at least `delayMs` before the click, in a frame that stayed put meanwhile (the offset
 *   `screen - client` of every move is the same), and the click lands exactly where the
 *   last move left the pointer. A frame moved under a still cursor shows up as a boundary
 *   event or a click at other coordinates, with no move there: that disarms, and only
 *   fresh movement arms again;
 * - a touch has no hover: a tap counts at an offset seen, unchanged, in an earlier touch
 *   for `delayMs` (the fan's first tap arms, a second one confirms).
 */

/** What a pointer, mouse or click event says about where the pointer is. */
export interface PointerFacts {
  screenX: number;
  screenY: number;
  clientX: number;
  clientY: number;
  /** Non-zero only when the pointer itself moved (Chromium: from screen positions). */
  movementX?: number;
  movementY?: number;
  /** 0 for a click made with the keyboard. */
  detail?: number;
  /** `mouse`, `pen` or `touch` on pointer events; absent on plain mouse events. */
  pointerType?: string;
}

/**
 * - `move`: pointermove / mousemove;
 * - `boundary`: pointerover / pointerenter / mouseover / mouseenter, which the browser also
 *   sends, with no movement, when the page brings the frame under a still cursor;
 * - `down`: pointerdown / mousedown.
 */
export type PointerKind = 'move' | 'boundary' | 'down';

/** Coordinates this close are the same point (screen and client coordinates round separately). */
const SAME_PX = 2;

interface Streak {
  /** When the fan's real movement inside the dialog began. */
  since: number;
  /** Where the last real move left the pointer. */
  last: PointerFacts;
}

const near = (a: number, b: number) => Math.abs(a - b) <= SAME_PX;
const samePoint = (a: PointerFacts, b: PointerFacts) => near(a.clientX, b.clientX) && near(a.clientY, b.clientY) && near(a.screenX, b.screenX) && near(a.screenY, b.screenY);
const sameOffset = (a: PointerFacts, b: PointerFacts) => near(a.screenX - a.clientX, b.screenX - b.clientX) && near(a.screenY - a.clientY, b.screenY - b.clientY);
const moved = (facts: PointerFacts) => (facts.movementX ?? 0) !== 0 || (facts.movementY ?? 0) !== 0;

export class ConfirmArming {
  private visible = false;
  private stillSince: number;
  private streak: Streak | null = null;
  /** A boundary event not yet explained by a real move to the same point. */
  private boundary: PointerFacts | null = null;
  private touch: { facts: PointerFacts; since: number } | null = null;

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

  /** The frame or dialog moved, was resized, or its visibility changed: all arming starts over. */
  rearm(): void {
    this.stillSince = this.now();
    this.disarmPointer();
    this.touch = null;
  }

  /**
   * A trusted pointer or mouse event inside the frame. `inDialog` says whether it is over
   * the dialog itself (not the backdrop around it).
   */
  notePointer(facts: PointerFacts, kind: PointerKind, inDialog = true): void {
    if (facts.pointerType === 'touch') {
      if (kind === 'down') this.noteTouch(facts);
      return;
    }
    if (kind === 'boundary') {
      // Sent before the real move that crosses into an element, at that move's point; or with
      // no move at all, when the page brought the frame under the cursor. The move decides.
      if (!(this.streak && samePoint(facts, this.streak.last))) this.boundary ??= facts;
      return;
    }
    const unexplained = this.boundary !== null && !(kind === 'move' && moved(facts) && samePoint(facts, this.boundary));
    this.boundary = null;
    if (unexplained) this.disarmPointer();
    if (kind === 'down') {
      if (this.streak && !samePoint(facts, this.streak.last)) this.disarmPointer();
      return;
    }
    if (!inDialog) return this.disarmPointer();
    if (!moved(facts)) {
      // No movement, yet somewhere else in the frame: the frame moved under a still pointer.
      if (this.streak && !samePoint(facts, this.streak.last)) this.disarmPointer();
      return;
    }
    if (this.streak && sameOffset(facts, this.streak.last)) this.streak.last = facts;
    else this.streak = { since: this.now(), last: facts };
  }

  /** Whether the fan has moved the pointer in the dialog since the last report (armed or not yet). */
  get pointerSeen(): boolean {
    return this.streak !== null && this.boundary === null;
  }

  /** Visible and still long enough for a keyboard activation. */
  isArmed(): boolean {
    return this.msUntilArmed() === 0;
  }

  /** How long until the keyboard is armed if nothing changes; null while not visible (only a report can arm it then). */
  msUntilArmed(): number | null {
    if (!this.visible) return null;
    return Math.max(0, this.stillSince + this.delayMs - this.now());
  }

  /** How long until a mouse click where the pointer is would count; null until the fan moves it in the dialog. */
  msUntilPointerArmed(): number | null {
    const keyboard = this.msUntilArmed();
    if (keyboard === null || !this.pointerSeen) return null;
    return Math.max(keyboard, this.streak!.since + this.delayMs - this.now());
  }

  /** Whether this click confirms; a refused click at another point than the last move disarms the pointer. */
  acceptsClick(facts: PointerFacts): boolean {
    if (facts.detail === 0) return this.isArmed();
    if (facts.pointerType === 'touch') {
      const touch = this.touch;
      this.noteTouch(facts);
      return this.isArmed() && touch !== null && sameOffset(touch.facts, facts) && this.now() - touch.since >= this.delayMs;
    }
    const streak = this.streak;
    if (!streak || this.boundary !== null || !samePoint(facts, streak.last)) {
      this.disarmPointer();
      return false;
    }
    return this.msUntilPointerArmed() === 0;
  }

  private disarmPointer(): void {
    this.streak = null;
    this.boundary = null;
  }

  /** A tap: its offset counts once seen, unchanged, for the delay. */
  private noteTouch(facts: PointerFacts): void {
    if (this.touch && sameOffset(this.touch.facts, facts)) return;
    this.touch = { facts, since: this.now() };
  }
}

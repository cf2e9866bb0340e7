/**
 * Preloaded into a server (`NODE_OPTIONS=--import <this file>`) that should live at another
 * time: `new Date()` and `Date.now()` run `FANDECK_E2E_CLOCK_SHIFT_MS` milliseconds off the
 * real clock. A test starts the real server this way on a data folder to make what only time
 * makes (a subscription whose period ran out), then starts it again on the same folder at
 * the real time, where the server's own jobs take it from there. Nothing else is changed.
 */
const shift = Number(process.env.FANDECK_E2E_CLOCK_SHIFT_MS ?? 0);
if (Number.isFinite(shift) && shift !== 0) {
  const RealDate = globalThis.Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...args);
    }
    static now() {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate;
}

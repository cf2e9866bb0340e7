import type { ReactNode } from 'react';
import type { SectionState } from './section-state.js';

/**
 * Under a section's fields: a refusal that names no field, or the saved text (with what
 * may follow it, such as a link onwards); nothing while idle or saving.
 */
export function SectionOutcome<F extends string>({ state, children, testId }: { state: SectionState<F>; children?: ReactNode; testId?: string }) {
  if (state.status === 'failed' && state.message) {
    return (
      <p className="error" role="alert">
        {state.message}
      </p>
    );
  }
  if (state.status !== 'saved') return null;
  return (
    <p className="success" role="status" data-testid={testId}>
      {state.message}
      {children}
    </p>
  );
}

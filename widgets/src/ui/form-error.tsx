import type { ReactNode } from 'react';

export interface FormErrorProps {
  /** Nothing to say: nothing rendered. */
  children?: ReactNode;
  /** The `part` embedders style (`error`, `amount-error`, `coupon-error`, …). */
  part?: string | undefined;
  id?: string | undefined;
  /** Extra data attributes the tests and CSS read (`data-problem`). */
  problem?: string | undefined;
}

/** A form's failure line, announced as an alert. Every feature's error text goes through this one. */
export function FormError({ children, part = 'error', id, problem }: FormErrorProps) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <p id={id} className="fan-error" part={part} role="alert" data-problem={problem}>
      {children}
    </p>
  );
}

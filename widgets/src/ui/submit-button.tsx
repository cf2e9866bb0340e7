import type { ReactNode } from 'react';

export interface SubmitButtonProps {
  /** While the action runs: disabled, `aria-busy`, with a spinner before the text. */
  busy?: boolean | undefined;
  disabled?: boolean | undefined;
  children: ReactNode;
  /** Default `submit`: the part every feature's form exposes for its main button. */
  part?: string | undefined;
  /** `button` for an action that is not the form's submit (sign in from a prompt). */
  type?: 'submit' | 'button' | undefined;
  onClick?: (() => void) | undefined;
  /** `secondary` for the quieter buttons (retry, back). */
  variant?: 'primary' | 'secondary' | undefined;
}

/** A form's main button. A busy button cannot be pressed twice, so an action never runs twice from one form. */
export function SubmitButton({ busy = false, disabled = false, children, part = 'submit', type = 'submit', onClick, variant = 'primary' }: SubmitButtonProps) {
  return (
    <button
      type={type}
      part={part}
      className={variant === 'primary' ? 'fan-button fan-button--primary' : 'fan-button'}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy ? <span className="fan-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

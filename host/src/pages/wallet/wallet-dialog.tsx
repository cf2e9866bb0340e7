import { useEffect, useRef, type ReactNode } from 'react';

export interface WalletDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** The buttons under the text. */
  actions: ReactNode;
  testId?: string;
}

/**
 * The page's own modal dialog (a native `<dialog>` shown with `showModal`, so focus is held
 * inside and Escape closes it): receipts, removing a card and a card's extra step, never the
 * browser's `confirm()`.
 */
export function WalletDialog({ title, open, onClose, children, actions, testId }: WalletDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="wallet-dialog" aria-labelledby={`${testId ?? 'wallet'}-dialog-title`} data-testid={testId} onClose={onClose}>
      <h2 id={`${testId ?? 'wallet'}-dialog-title`}>{title}</h2>
      <div className="wallet-dialog__body">{children}</div>
      <div className="wallet-dialog__actions">{actions}</div>
    </dialog>
  );
}

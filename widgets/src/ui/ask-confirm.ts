/**
 * Asks the user a plain yes-or-no question in the platform's own dialog (the one that
 * confirms payments, bridge/confirm-dialog.ts), never the browser's `confirm()`: a delete,
 * a refusal, a cancellation. The dialog's code comes with the first question.
 */
export interface AskConfirmOptions {
  /** The yes button's text; default "Confirm" in the page's language. */
  confirmText?: string;
  /** `danger` for what cannot be undone. */
  tone?: 'danger';
}

export async function askConfirm(question: string, options: AskConfirmOptions = {}): Promise<boolean> {
  const { showQuestionDialog } = await import('../bridge/confirm-dialog.js');
  const locale = document.documentElement.lang || navigator.language;
  return await showQuestionDialog({ question, locale, ...options });
}

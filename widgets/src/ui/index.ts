/**
 * Form pieces every feature shares, so a form looks and behaves the same in the login,
 * the tip and the top-up: fields, the money input, the busy submit button, the error
 * line and the sign-in prompt. Elements add `form-controls.css` to their styles.
 *
 * `inline-top-up.tsx` (the wallet top-up inside a paying element) is imported lazily by
 * its path, not from here: this index is one chunk every element loads, and the top-up is
 * needed only when a payment runs short. `use-media-url.ts` is imported by its path too: only
 * the views that show signed media need it, and every element's budget counts this chunk.
 * `subscribers-only-box.tsx` likewise: re-exported here it would sit in this chunk for every element.
 */
export { useErrorText } from './error-text.js';
export { FormError, type FormErrorProps } from './form-error.js';
export { MoneyInput, useAmountMessage, type MoneyInputProps } from './money-input.js';
export { SignInPrompt } from './sign-in-prompt.js';
export { signInFailureText } from './sign-in-text.js';
export { SubmitButton, type SubmitButtonProps } from './submit-button.js';
export { TextField, type TextFieldParts, type TextFieldProps } from './text-field.js';
export { useModel } from './use-model.js';
export { UnlockBox, type UnlockBoxProps } from './unlock-box.js';
export { VideoView, VideoProcessing, type VideoFile, type VideoViewProps } from './video/video-player.js';
export { VIDEO_STATUS_POLL_MS } from './video/video-status.model.js';

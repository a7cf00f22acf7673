import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'info';

/**
 * The toast: how the portal tells of a success or a notice that needs no answer. The rule for every
 * screen (docs/web-messages.md): a success is a toast, a field error is inline at its field, an
 * error that blocks the customer or needs a decision is the dialog (useAlert), a failed part of a
 * page that can be tried again there is an inline ActionAlert; where the spec names a popup for a
 * message it stays one. The spec's quoted texts are shown word for word whichever way they show.
 */
export interface ToastApi {
  /**
   * Shows a brief notice that needs no answer ('Update success' after Edit Comments, 'Add success',
   * 'Cancel deletion', a refund requested, an order saved for later), replacing any toast on screen.
   * Screen readers announce it politely; it closes by itself, and stays over a change of route, so
   * a message about what led to a page (Save for later's, registration's on /login) shows on that
   * page. It stays as long as its text takes to read (toast-duration.ts), at least the spec's 10.5 s.
   * A line break in the text shows as one (a first line as a heading).
   */
  show: (text: string, severity?: ToastSeverity) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}

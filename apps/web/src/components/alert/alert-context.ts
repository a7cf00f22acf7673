import { createContext, useContext } from 'react';

export type AlertIcon = 'success' | 'error' | 'warning' | 'info' | 'question';

export interface AlertOptions {
  icon?: AlertIcon;
  title?: string;
  text: string;
  /** Label of the confirming button (default OK). */
  confirmText?: string;
  /** A second, dismissing button: the alert then asks a question and does not close by itself. */
  cancelText?: string;
}

/**
 * The dialog: for what stops the customer or needs their answer. How the portal tells the customer,
 * one rule for every screen (docs/web-messages.md):
 * - a success or a notice that needs no answer is a toast (useToast), never this dialog;
 * - an error of one field (a value, an unticked box, nothing selected) is said inline at the field;
 * - an error that blocks what the customer asked for, or a question, is this dialog: `confirm`
 *   before a deletion or a refund, `show` for a refusal or a failed call, `retry` for an action
 *   that failed and may be tried again (a payment that did not start, on every payment screen);
 * - a part of a page that failed to load and can be tried again there stays an inline ActionAlert;
 * - where the spec names a popup or dialog for a message, it is this dialog, whatever it says.
 */
export interface AlertApi {
  /** Shows the alert, replacing any open one; resolves true when confirmed, false otherwise. */
  show: (options: AlertOptions) => Promise<boolean>;
  /** Asks a question answered CONFIRM or CANCEL (the spec's buttons before a deletion or a refund). */
  confirm: (options: Omit<AlertOptions, 'confirmText' | 'cancelText'>) => Promise<boolean>;
  /**
   * Tells of an action that failed and asks whether to try it again: TRY AGAIN or CLOSE (resolves
   * true for TRY AGAIN). The one way a payment that did not start is told, wherever it was.
   */
  retry: (options: Omit<AlertOptions, 'icon' | 'confirmText' | 'cancelText'>) => Promise<boolean>;
  /** Closes the open alert, if any, as dismissed. */
  close: () => void;
}

export const AlertContext = createContext<AlertApi | null>(null);

export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlert must be used inside AlertProvider');
  return api;
}

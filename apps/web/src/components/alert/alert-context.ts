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

export interface AlertApi {
  /** Shows the alert, replacing any open one; resolves true when confirmed, false otherwise. */
  show: (options: AlertOptions) => Promise<boolean>;
  /** Asks a question answered CONFIRM or CANCEL (the spec's buttons before a deletion or a refund). */
  confirm: (options: Omit<AlertOptions, 'confirmText' | 'cancelText'>) => Promise<boolean>;
  /** Closes the open alert, if any, as dismissed. */
  close: () => void;
}

/**
 * Navigation state that carries the open alert over to the new route (a message about what led
 * there, e.g. Save for later's); any other navigation to a new route closes the open alert.
 */
export const KEEP_ALERT_STATE = { keepAlert: true } as const;

export const keepsAlert = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { keepAlert?: unknown }).keepAlert === true;

export const AlertContext = createContext<AlertApi | null>(null);

export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlert must be used inside AlertProvider');
  return api;
}

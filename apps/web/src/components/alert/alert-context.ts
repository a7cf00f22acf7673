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
  /** Closes the open alert, if any, as dismissed. */
  close: () => void;
}

export const AlertContext = createContext<AlertApi | null>(null);

export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlert must be used inside AlertProvider');
  return api;
}

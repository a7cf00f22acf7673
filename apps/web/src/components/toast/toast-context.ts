import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'info';

export interface ToastApi {
  /**
   * Shows a brief notice that needs no answer (a success the spec does not quote as a dialog,
   * e.g. 'Add success', 'Cancel deletion'), replacing any toast on screen. Screen readers
   * announce it politely; it closes by itself. Anything needing a decision stays an alert.
   */
  show: (text: string, severity?: ToastSeverity) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}

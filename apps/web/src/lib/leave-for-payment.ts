/** Leaves the app for the payment provider's approval page (its own module so tests can watch it). */
export function leaveForPayment(url: string): void {
  window.location.assign(url);
}

/**
 * Leaves the app for the payment provider's approval page (the label page's redirectURL, a
 * pickup's paymentUrl). Its own module so tests can watch it: jsdom's location cannot be spied on.
 */
export function leaveForPayment(url: string): void {
  window.location.assign(url);
}

/**
 * Leaving the app for the payment provider's approval page (the label page's redirectURL, a
 * pickup's or a membership's paymentUrl). A method of an object so that tests can watch it with
 * vi.spyOn (watchLeavingForPayment in testing/test-utils): jsdom's location cannot be spied on,
 * and replacing a module (vi.mock) would make the test file load the whole app again on its own.
 */
export const paymentPage = {
  leaveFor(url: string): void {
    window.location.assign(url);
  },
};

/** The page's own texts (the spec leaves the label-purchase page to a separate app); the spec's are in the contract. */
export const LABEL_PURCHASE_TEXT = {
  subtitle: 'Where it goes from and to, the package, then pick a carrier and pay.',
  leaveQuestion: 'The system may not save your changes. Use Save for later to keep this label as an order in progress.',
  orderNotFound: 'This order in progress no longer exists. You can start a new label here.',
  unpaid: 'This label is not paid for, so nothing was charged. Everything is as you chose it: pay now, or go back a step to change it.',
  unpaidConfirming: 'PayPal is still confirming your payment for this label. It moves to Purchased Labels once the payment is confirmed.',
  unpaidNotFound: 'This label is no longer unpaid: it was paid (see Purchased Labels) or deleted. You can start a new label here.',
  shipAgain: (orderNo: string) =>
    `Shipping again as order ${orderNo}: its addresses, package and service are filled in, with today's rates. Go back a step to change anything.`,
  shipAgainNotFound: 'That label is not among your labels, so nothing was filled in. You can start a new label here.',
  noRates: 'No carrier offers a service for this package between these addresses. Check the addresses, the size and the weight.',
  carrierRefused: 'The carrier refused this shipment:',
  ratesRefreshed: 'The prices have changed since they were shown, so they were refreshed. Please check your choice and pay again.',
  chooseRate: 'Please choose a service',
  notifyNeedsEmail: "Add the recipient's e-mail on the To step to send them a tracking link",
} as const;

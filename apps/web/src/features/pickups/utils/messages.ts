/** The pickup screens' own texts; the spec's (PICKUP_MESSAGES, SHIPMENT_MESSAGES) are in the contract. */
export const PICKUP_TEXT = {
  wizardTitle: 'Schedule a pickup',
  subtitle: (orderNo: string, carrier: string) => `Order ${orderNo}: the ${carrier} driver comes to get the package.`,
  cancelQuestion: 'Stop scheduling this pickup? What you entered is not kept.',
  leaveQuestion: 'The system may not save your changes. Your pickup is not scheduled yet.',
  shipFromChoice: "The label's ship-from address",
  lockerChoice: 'My locker',
  contactsChoice: 'Pick from My Contacts',
  typeAddress: 'Or type where the driver comes:',
  lockerContact: 'The driver asks for you at the locker.',
  uspsNoTimes: 'USPS comes on its delivery round that day, so there is no time window to choose.',
  checking: 'Checking the pickup address',
  asking: 'Asking the carrier for a pickup',
  paying: 'Opening the payment',
  scheduling: 'Scheduling the pickup with USPS',
  chooseRate: 'Please choose a pickup service',
  agreeTerms: 'I agree to the Terms of Use',
  agreeNotRefundable: 'I understand a pickup is not refundable once booked',
  agreePackageReady: 'My package is labelled, packed and ready for the driver',
  paypal: 'Pay with PayPal',
  payNote: 'You pay with PayPal; the pickup is booked with the carrier once the payment is confirmed.',
  scheduledNote: 'Leave the package where you said on that day; USPS picks it up on its delivery round.',
  cancelPickupQuestionPaid:
    'Cancel this pickup? As agreed when you booked it, a pickup is not refundable: the amount paid is not refunded.',
  cancelPickupQuestion: 'Cancel this pickup? The driver will not come.',
  cancelled: 'Your pickup was cancelled.',
  dropoffCodeHelp: 'Enter this code at your locker to open a door and leave the package there for the driver.',
  detailsFailed: 'The pickup could not be loaded. Please try again.',
  changeTitle: 'Change the pickup',
  changeDescription: 'Keep its day or choose another, and tell the driver where the package waits.',
  scheduleNew: 'SCHEDULE NEW PICKUP',
  joined: (packages: number) =>
    `You already had a USPS pickup at this address that day: this label joins it, and USPS comes once for all ${packages} packages. The package location and instructions of that pickup stay; change them in its details.`,
  labelsInPickup: 'Labels in this pickup',
  /** One USPS pickup for several labels (issue 25 item 2). */
  labelsTitle: (labels: number) => `${labels} USPS labels, one pickup`,
  labelsSubtitle: (labels: number) => `${labels} USPS labels: the driver comes once for all of them.`,
  labelsNote: 'USPS is told one package a label, by its service, and the labels\' weights added up.',
  cancelLabelQuestion: (others: number) =>
    `Take this label off the pickup? USPS still comes for the ${others === 1 ? 'other label' : `other ${others} labels`}.`,
  cancelWholeQuestion: (labels: number) => `Cancel this pickup${labels > 1 ? ` for all ${labels} labels` : ''}? The driver will not come.`,
  listTitle: 'Pickups',
  onItsRound: 'USPS comes on its delivery round',
  listEmpty: 'You have no pickups. Schedule one from a label in Purchased Labels.',
} as const;

/** A pickup's state (the contract's PICKUP_STATES) in words; a state not listed shows as it is. */
export const PICKUP_STATUS_TEXT: Readonly<Record<string, string>> = {
  quoted: 'not paid',
  paying: 'waiting for payment',
  booking: 'being booked with the carrier',
  scheduled: 'scheduled',
  canceled: 'cancelled',
  failed: 'failed',
};

/** Every text the spec quotes, word for word (spec 01 §5, §8). */
export const MESSAGES = {
  oopsTitle: 'Oops...',
  serviceException: 'Service exception',
  wrongCredentials: 'Wrong email or password',
  notActivated: 'Your account has not been activated.Please activate your account via email.',
  resendSuccess: 'Send Email Successfully！',
  pendingBusiness: (brand: string) => `Please contact ${brand} support to activate your business account!`,
  activated: 'Your account has been successfully activated. Thank you.',
  activationUserMissing: 'User dose not exist',
  internalError: 'Internal system error',
  errorTitle: 'Error',
  linkInvalid: 'Link is invalid or has expired.',
  forgotNeutral: 'If an account exists with the provided email, a link has been sent to reset your password.',
  resetSuccess: 'Reset password successfully!.',
  resetServerError: 'Server internal error.',
  resetTimeout: 'This link time out',
  resetIllegal: 'You have made an illegal operation.',
  somethingWrongTitle: 'Something Wrong',
  somethingWrongText: 'Something went wrong.',
  invalidEmail: 'Invalid email',
  resetPasswordRule:
    'The password must be no less than 8 digits, consisting of upper and lower case letters and numbers.!',
  savedOrder:
    'Your order has been saved successfully. You may access your saved orders anytime under My Shipments → Orders In Progress.',
  paySuccess: 'Pay Success!',
  payCancel: 'Pay Cancel!',
  // Texts the spec does not quote; ours, kept in one place.
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordTooShort: 'Password must be at least 8 characters',
  fieldTooLong: 'Must be at most 255 characters',
  nulCharacter: 'Must not contain the NUL character (U+0000)',
  passwordsDoNotMatch: 'Passwords do not match',
  retypePassword: 'Please retype your password',
  logoutConfirm: 'Are you sure you want to log out?',
  sessionEnded: 'Your session has ended. Please log in again.',
  forbidden: 'You are not allowed to do that.',
  notFound: 'Not found.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  tooManyFailures: 'Too many failed sign-in attempts for this account. Please try again later or reset your password.',
  signInsBusy: 'Too many sign-ins right now. Please try again in a moment.',
  barcodesBusy: 'Too many barcodes are being drawn right now. Please try again in a moment.',
  invalidRequest: 'The request is not valid.',
  requestTooLarge: 'The request is too large.',
  foreignOrigin: 'Requests from other sites are refused.',
  savedOrdersFull: (max: number) =>
    `You have ${max} saved orders, the most we keep. Delete some under My Shipments → Orders In Progress before saving another.`,
  contactsFull: (max: number) => `You have ${max} contacts, the most we keep. Delete some under My Contacts before adding another.`,
  carrierCallsUsedUp: (minutes: number) =>
    `You have checked addresses and asked for rates as often as one account may in an hour. Please try again in ${minutesText(minutes)}.`,
  checkoutsUsedUp: (minutes: number) => `You have started as many payments as one account may in an hour. Please try again in ${minutesText(minutes)}.`,
  walletPassesUsedUp: (minutes: number) =>
    `You have asked for as many Apple Wallet passes as one account may in an hour. Please try again in ${minutesText(minutes)}.`,
} as const;

function minutesText(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

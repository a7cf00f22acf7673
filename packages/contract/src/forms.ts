import { confirmPasswordFormSchema, profileFormSchema } from './account-calls.js';
import { forgotPasswordFormSchema, loginFormSchema, resetPasswordFormSchema } from './auth.js';
import { contactFormSchema } from './contacts.js';
import {
  pickupAddressStepSchema,
  pickupDateStepSchema,
  pickupPaymentStepSchema,
  uspsPickupAddressStepSchema,
  uspsPickupDateStepSchema,
} from './pickups-calls.js';
import {
  accountStepSchema,
  addressStepSchema,
  companyStepSchema,
  enterpriseAccountStepSchema,
  invitationStepSchema,
  zipStepSchema,
} from './registration.js';
import { labelCustomsStepSchema } from './customs.js';
import { sendReturnLabelFormSchema } from './label-returns.js';
import { savePackageFormSchema } from './saved-packages-calls.js';
import { vacationHoldFormSchema } from './vacation-holds-calls.js';
import {
  editCommentsFormSchema,
  labelFromStepSchema,
  labelOptionsStepSchema,
  labelPackageStepSchema,
  labelToStepSchema,
} from './shipments-calls.js';

/**
 * Every form schema of the contract by its export name, as ALL_CALLS is for the calls: the web
 * app loads the two together, lazily, so zod stays out of its first page. A contract test fails
 * when a new `…FormSchema` or `…StepSchema` is missing here.
 */
export const FORM_SCHEMAS = {
  loginFormSchema,
  forgotPasswordFormSchema,
  resetPasswordFormSchema,
  zipStepSchema,
  invitationStepSchema,
  accountStepSchema,
  enterpriseAccountStepSchema,
  addressStepSchema,
  companyStepSchema,
  profileFormSchema,
  confirmPasswordFormSchema,
  contactFormSchema,
  editCommentsFormSchema,
  labelFromStepSchema,
  labelToStepSchema,
  labelPackageStepSchema,
  labelOptionsStepSchema,
  labelCustomsStepSchema,
  savePackageFormSchema,
  sendReturnLabelFormSchema,
  vacationHoldFormSchema,
  pickupAddressStepSchema,
  uspsPickupAddressStepSchema,
  pickupDateStepSchema,
  uspsPickupDateStepSchema,
  pickupPaymentStepSchema,
};

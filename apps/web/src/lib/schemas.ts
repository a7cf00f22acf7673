/**
 * Every zod schema the web app uses from the contract: the call descriptors, the error shape and
 * codes, the form schemas and their resolver. Loaded on demand through `loadSchemas()` so zod stays out of the login
 * route's first load; the first validation or call brings it in.
 */
export {
  API_ERRORCODE,
  accountStepSchema,
  addressStepSchema,
  apiErrorSchema,
  buildingListCall,
  campusListCall,
  companyInfoCall,
  companyListCall,
  companyStepSchema,
  enterpriseAccountStepSchema,
  firstLoginCall,
  getBoxidCall,
  getLockerInfoByBuildingCall,
  getLockerInfoByModeCall,
  invitationStepSchema,
  registerCall,
  unitListCall,
  verifyInvitationCodeCall,
  zipStepSchema,
  carrierServiceRenamingCall,
  checkUserCall,
  forgotPasswordFormSchema,
  genCode128Call,
  getAdvertisementsCall,
  getThirdPartyOrdersCall,
  getUnPickupsByIdCall,
  getUserByUserIdCall,
  loginCall,
  loginFormSchema,
  logoutCall,
  resendRegisterEmailCall,
  resetPasswordCall,
  resetPasswordFormSchema,
  userActivateCall,
} from '@airbox/contract';

export { zodResolver } from '@hookform/resolvers/zod';

// The signed-in account screens of spec 03 (profile, AirBox ID, QR code, contacts, memberships,
// transactions, messages).
export {
  addUserShipmentAddressCall,
  appleWalletPassCall,
  buyMembershipCall,
  confirmPasswordFormSchema,
  contactFormSchema,
  deleteAllMessageCall,
  deleteMessageCall,
  deleteUserShipmentAddressCall,
  getCarrierListCall,
  getLockerInfoByUserCall,
  getMembershipsCall,
  getStatesCall,
  getUserMessageCall,
  getUserOperationsCall,
  getUserQrCodeCall,
  getUserShipmentAddressCall,
  profileFormSchema,
  updateSelfUserInfoCall,
  updateUserShipmentAddressCall,
  verifyPasswordCall,
} from '@airbox/contract';

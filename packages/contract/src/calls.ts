import type { z } from 'zod';
import {
  appleWalletPassCall,
  getLockerInfoByUserCall,
  getStatesCall,
  getUserQrCodeCall,
  updateSelfUserInfoCall,
  verifyPasswordCall,
} from './account-calls.js';
import {
  type CallDescriptor,
  carrierServiceRenamingCall,
  checkUserCall,
  genCode128Call,
  getAdvertisementsCall,
  getThirdPartyOrdersCall,
  getUnPickupsByIdCall,
  getUserByUserIdCall,
  loginCall,
  logoutCall,
  resendRegisterEmailCall,
  resetPasswordCall,
  userActivateCall,
} from './api.js';
import {
  addUserShipmentAddressCall,
  deleteUserShipmentAddressCall,
  getUserShipmentAddressCall,
  updateUserShipmentAddressCall,
} from './contacts.js';
import { lockerEventCall } from './locker-events.js';
import { buyMembershipCall, getMembershipsCall } from './memberships.js';
import { deleteAllMessageCall, deleteMessageCall, getCarrierListCall, getUserMessageCall } from './messages-calls.js';
import { getMyOperationsCall, getUserOperationsCall } from './operations.js';
import {
  buildingListCall,
  campusListCall,
  companyInfoCall,
  companyListCall,
  firstLoginCall,
  getBoxidCall,
  getLockerInfoByBuildingCall,
  getLockerInfoByModeCall,
  registerCall,
  unitListCall,
  verifyInvitationCodeCall,
} from './registration-calls.js';

/**
 * Every call of the contract by the name of its descriptor, for checks that must cover them all
 * (the server's hostile-input test). A contract test fails when a new descriptor is missing here.
 */
export const ALL_CALLS = {
  loginCall,
  logoutCall,
  carrierServiceRenamingCall,
  resendRegisterEmailCall,
  getUserByUserIdCall,
  getUnPickupsByIdCall,
  checkUserCall,
  userActivateCall,
  resetPasswordCall,
  genCode128Call,
  getAdvertisementsCall,
  getThirdPartyOrdersCall,
  verifyPasswordCall,
  updateSelfUserInfoCall,
  getUserQrCodeCall,
  appleWalletPassCall,
  getLockerInfoByUserCall,
  getStatesCall,
  registerCall,
  firstLoginCall,
  getBoxidCall,
  verifyInvitationCodeCall,
  companyInfoCall,
  companyListCall,
  campusListCall,
  buildingListCall,
  unitListCall,
  getLockerInfoByBuildingCall,
  getLockerInfoByModeCall,
  getUserShipmentAddressCall,
  addUserShipmentAddressCall,
  updateUserShipmentAddressCall,
  deleteUserShipmentAddressCall,
  getMembershipsCall,
  buyMembershipCall,
  getUserOperationsCall,
  getMyOperationsCall,
  getUserMessageCall,
  deleteMessageCall,
  deleteAllMessageCall,
  getCarrierListCall,
  lockerEventCall,
} satisfies Record<string, CallDescriptor<z.ZodType, z.ZodType>>;

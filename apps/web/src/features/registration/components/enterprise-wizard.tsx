import { formatPhoneDashed } from '@airbox/contract';
import { useState } from 'react';
import { useWizard } from '../../../components/wizard/use-wizard';
import type { RegistrationPayload } from '../api/register';
import type { Invitation } from '../api/verify-invitation-code';
import { useSendRegistration } from '../hooks/use-send-registration';
import { EMPTY_ENTERPRISE_ACCOUNT, EnterpriseAccountStep, type EnterpriseAccountValues } from './account-step';
import { CompanyStep, EMPTY_COMPANY, type CompanyOutput, type CompanyValues } from './company-step';
import { InvitationStep } from './invitation-step';
import { RegistrationCard } from './registration-card';

const STEPS = ['Invitation code', 'Account info', 'Company'] as const;
const ACCOUNT_STEP = 1;

/**
 * The payload of regist_userInfo (spec 02 §3) for a company member: the role and the property
 * manager come from the invitation code, sent as Activation_code for the server to check.
 */
export function enterprisePayload(invitation: Invitation, account: EnterpriseAccountValues, company: CompanyOutput): RegistrationPayload {
  return {
    First_name: account.firstName,
    Last_name: account.lastName,
    Email: account.email,
    Password: account.password,
    Cell_phone_number: formatPhoneDashed(account.cellPhone),
    secondaryCellPhone: formatPhoneDashed(account.secondaryCellPhone),
    Email2: account.backupEmail,
    BOXID: account.BoxID,
    PinNo: account.PinNo,
    emailChoose: account.emailChoose,
    messageChoose: account.messageChoose,
    isHandicapped: account.isHandicapped,
    lockerUUID: company.locker,
    Address_line_1: company.address1,
    Address_line_2: company.address2,
    City: company.city,
    State_province_region: company.state,
    Zip_code: company.zipcode,
    Country: company.country,
    role_id: invitation.role_id,
    Activation_code: invitation.code,
    bcm_user_id: invitation.bcm_user_id,
    business_company_id: company.company_id,
    unit_id: company.unit_id,
    building_id: company.building_id,
    bc_id: company.bc_id,
    isCompany: false,
  };
}

/** /RegisterEnterprise: invitation code, account info, then company and terms. */
export function EnterpriseWizard() {
  const wizard = useWizard(STEPS);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [account, setAccount] = useState<EnterpriseAccountValues>(EMPTY_ENTERPRISE_ACCOUNT);
  const [company, setCompany] = useState<CompanyValues>(EMPTY_COMPANY);
  const [emailInUse, setEmailInUse] = useState(false);
  const { send, sending } = useSendRegistration(() => {
    setEmailInUse(true);
    wizard.goTo(ACCOUNT_STEP);
  });

  return (
    <RegistrationCard
      title="Build your enterprise profile"
      subtitle="Join your company's account with the invitation code from your property manager."
      wizard={wizard}
      sending={sending}
    >
      {wizard.step === 0 && (
        <InvitationStep
          defaultValue={invitation}
          onNext={(granted) => {
            if (granted.code !== invitation?.code) setCompany(EMPTY_COMPANY);
            setInvitation(granted);
            wizard.next();
          }}
        />
      )}
      {wizard.step === 1 && (
        <EnterpriseAccountStep
          defaultValues={account}
          emailInUse={emailInUse}
          onBack={(values) => {
            setAccount(values);
            wizard.back();
          }}
          onNext={(values) => {
            setAccount(values);
            setEmailInUse(false);
            wizard.next();
          }}
        />
      )}
      {wizard.step === 2 && invitation && (
        <CompanyStep
          bcmUserId={invitation.bcm_user_id}
          defaultValues={company}
          busy={sending}
          onSubmit={(values) => {
            setCompany(values);
            void send(enterprisePayload(invitation, account, values));
          }}
          onBack={(values) => {
            setCompany(values);
            wizard.back();
          }}
        />
      )}
    </RegistrationCard>
  );
}

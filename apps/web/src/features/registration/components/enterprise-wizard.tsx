import { useState } from 'react';
import { useWizard } from '../../../components/wizard/use-wizard';
import type { RegistrationPayload } from '../api/register';
import type { Invitation } from '../api/verify-invitation-code';
import { useAccountStep } from '../hooks/use-account-step';
import { useSendRegistration } from '../hooks/use-send-registration';
import { EMPTY_ENTERPRISE_ACCOUNT, EnterpriseAccountStep, accountPayload, type EnterpriseAccountValues } from './account-step';
import { addressPayload } from './address-fields';
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
    ...accountPayload(account),
    lockerUUID: company.locker,
    ...addressPayload(company, company.zipcode),
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
  const [company, setCompany] = useState<CompanyValues>(EMPTY_COMPANY);
  const accountStep = useAccountStep<EnterpriseAccountValues>(wizard, ACCOUNT_STEP, EMPTY_ENTERPRISE_ACCOUNT);
  const { send, sending } = useSendRegistration(accountStep.emailRefused);

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
        <EnterpriseAccountStep {...accountStep.stepProps} />
      )}
      {wizard.step === 2 && invitation && (
        <CompanyStep
          bcmUserId={invitation.bcm_user_id}
          defaultValues={company}
          busy={sending}
          onSubmit={(values) => {
            setCompany(values);
            void send(enterprisePayload(invitation, accountStep.account, values));
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

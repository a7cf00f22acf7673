import { ROLE, formatPhoneDashed } from '@airbox/contract';
import { useState } from 'react';
import { useWizard } from '../../../components/wizard/use-wizard';
import { env } from '../../../config/env';
import type { RegistrationPayload } from '../api/register';
import { useAccountStep } from '../hooks/use-account-step';
import { useSendRegistration } from '../hooks/use-send-registration';
import { AccountStep, EMPTY_ACCOUNT, accountPayload, type AccountValues } from './account-step';
import { addressPayload } from './address-fields';
import { AddressStep, EMPTY_ADDRESS, type AddressValues } from './address-step';
import { RegistrationCard } from './registration-card';
import { TextNudgeDialog, type NudgeAnswer } from './text-nudge-dialog';
import { ZipStep } from './zip-step';

const STEPS = ['Zip code', 'Account info', 'Address'] as const;
const ACCOUNT_STEP = 1;

/** The payload of regist_userInfo (spec 02 §3) for an individual: role 5, no company. */
export function personalPayload(zipCode: string, account: AccountValues, address: AddressValues): RegistrationPayload {
  return {
    ...accountPayload(account),
    lockerUUID: account.boxLocation,
    Home_phone_number: formatPhoneDashed(address.homePhone),
    ...addressPayload(address, zipCode),
    role_id: ROLE.customer,
    isCompany: false,
    Activation_code: '',
  };
}

/**
 * /register: zip code, account info, address and terms. Before sending with text notifications
 * off, the first time, a notice recommends turning them on (spec 02 §4).
 */
export function PersonalWizard() {
  const wizard = useWizard(STEPS);
  const [zipCode, setZipCode] = useState('');
  const [address, setAddress] = useState<AddressValues>(EMPTY_ADDRESS);
  const [nudgeOpen, setNudgeOpen] = useState(false);
  const [nudged, setNudged] = useState(false);
  const accountStep = useAccountStep<AccountValues>(wizard, ACCOUNT_STEP, EMPTY_ACCOUNT);
  const { account, setAccount } = accountStep;
  const { send, sending } = useSendRegistration(accountStep.emailRefused);

  function submit(values: AddressValues) {
    setAddress(values);
    if (!account.messageChoose && !nudged) {
      setNudgeOpen(true);
      return;
    }
    void send(personalPayload(zipCode, account, values));
  }

  function answerNudge(answer: NudgeAnswer) {
    setNudgeOpen(false);
    if (answer === 'dismissed') return;
    setNudged(true);
    const chosen = { ...account, messageChoose: answer === 'turnOn' };
    setAccount(chosen);
    void send(personalPayload(zipCode, chosen, address));
  }

  return (
    <RegistrationCard
      title="Create your account"
      subtitle={`Get your own ${env.brandName} ID and a locker near you in three short steps.`}
      wizard={wizard}
      sending={sending}
    >
      {wizard.step === 0 && (
        <ZipStep
          defaultZip={zipCode}
          onNext={(zip) => {
            setZipCode(zip);
            wizard.next();
          }}
        />
      )}
      {wizard.step === 1 && (
        <AccountStep {...accountStep.stepProps} zipCode={zipCode} />
      )}
      {wizard.step === 2 && (
        <AddressStep
          defaultValues={address}
          busy={sending}
          onSubmit={submit}
          onBack={(values) => {
            setAddress(values);
            wizard.back();
          }}
        />
      )}
      <TextNudgeDialog open={nudgeOpen} onAnswer={answerNudge} />
    </RegistrationCard>
  );
}

import { useState } from 'react';
import type { Wizard } from '../../../components/wizard/use-wizard';

/**
 * The account step of a registration wizard, kept by the wizard: Back keeps what is typed, Next
 * takes it, and `emailRefused` (the server's 'Duplicated email!') goes back to the step with both
 * e-mail fields marked until Next is pressed again.
 */
export function useAccountStep<V>(wizard: Wizard, step: number, empty: V) {
  const [account, setAccount] = useState<V>(empty);
  const [emailInUse, setEmailInUse] = useState(false);
  return {
    account,
    setAccount,
    emailRefused: () => {
      setEmailInUse(true);
      wizard.goTo(step);
    },
    /** The props of AccountStep or EnterpriseAccountStep. */
    stepProps: {
      defaultValues: account,
      emailInUse,
      onBack: (values: V) => {
        setAccount(values);
        wizard.back();
      },
      onNext: (values: V) => {
        setAccount(values);
        setEmailInUse(false);
        wizard.next();
      },
    },
  };
}

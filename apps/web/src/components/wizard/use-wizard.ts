import { createContext, useContext, useState } from 'react';

export interface Wizard {
  /** The steps' names, as the stepper shows them. */
  steps: readonly string[];
  /** The index of the step shown. */
  step: number;
  /** True once the user has left the first step shown: a step heading then takes the focus. */
  moved: boolean;
  next: () => void;
  back: () => void;
  goTo: (step: number) => void;
  /** Whether the stepper offers `step` to go back to (a done step of a wizard in the browser history). */
  canGoTo?: (step: number) => boolean;
}

/** The steps of a wizard and where the user is among them; starts at `first` (the first step unless told). */
export function useWizard(steps: readonly string[], first = 0): Wizard {
  const [position, setPosition] = useState({ step: first, moved: false });
  const last = steps.length - 1;
  const move = (by: (step: number) => number) =>
    setPosition((current) => ({ step: Math.min(Math.max(by(current.step), 0), last), moved: true }));
  return {
    steps,
    ...position,
    next: () => move((step) => step + 1),
    back: () => move((step) => step - 1),
    goTo: (step) => move(() => step),
  };
}

/** The wizard a WizardFrame shows, for the parts of its steps. */
export const WizardContext = createContext<Wizard | null>(null);

export function useWizardContext(): Wizard {
  const wizard = useContext(WizardContext);
  if (!wizard) throw new Error('A wizard step is rendered outside a WizardFrame.');
  return wizard;
}

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StepActions } from './step-actions';
import { StepHeading } from './step-heading';
import { useWizard } from './use-wizard';
import { WizardFrame } from './wizard-frame';

const STEPS = ['Parcel', 'Recipient', 'Payment'] as const;

/** A wizard as a screen builds one: each step a form whose submit (Next) moves on. */
function SendParcel({ busy = false, onCancel, onBuy }: { busy?: boolean; onCancel?: () => void; onBuy?: () => void }) {
  const wizard = useWizard(STEPS);
  const name = STEPS[wizard.step] ?? '';
  const last = wizard.step === STEPS.length - 1;
  return (
    <WizardFrame wizard={wizard} title="Send a parcel" subtitle="Three short steps." busy={busy} busyLabel="Buying the label">
      <form
        aria-label={`${name} step`}
        onSubmit={(event) => {
          event.preventDefault();
          if (last) onBuy?.();
          else wizard.next();
        }}
      >
        <StepHeading>{name}</StepHeading>
        <label>
          Notes <input name="notes" />
        </label>
        {wizard.step > 0 && (
          <button type="button" onClick={() => wizard.goTo(0)}>
            Change the parcel
          </button>
        )}
        <StepActions onBack={wizard.step > 0 ? wizard.back : undefined} onCancel={onCancel} busy={busy} nextLabel={last ? 'Buy' : 'Next'} />
      </form>
    </WizardFrame>
  );
}

function renderWizard(props: Parameters<typeof SendParcel>[0] = {}) {
  const user = userEvent.setup();
  return { user, ...render(<SendParcel {...props} />) };
}

const currentStep = () => within(screen.getByRole('list', { name: 'Steps' })).getByText((_, element) => element?.getAttribute('aria-current') === 'step');

describe('wizard', () => {
  it('opens on the first step, named by its title, without moving the focus', () => {
    renderWizard();
    expect(screen.getByRole('region', { name: 'Send a parcel' })).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Parcel');
    expect(screen.getByRole('heading', { level: 2, name: 'Parcel' })).not.toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('moves the focus to the heading of the step that Next and Back open', async () => {
    const { user } = renderWizard();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Recipient' })).toHaveFocus();
    expect(currentStep()).toHaveTextContent('Recipient');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Payment' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Recipient' })).toHaveFocus();
    expect(currentStep()).toHaveTextContent('Recipient');
  });

  it('goes straight to an earlier step, and submits on the last one instead of going past it', async () => {
    const onBuy = vi.fn();
    const { user } = renderWizard({ onBuy });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(onBuy).toHaveBeenCalledOnce();
    expect(currentStep()).toHaveTextContent('Payment');

    await user.click(screen.getByRole('button', { name: 'Change the parcel' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Parcel' })).toHaveFocus();
    expect(currentStep()).toHaveTextContent('Parcel');
  });

  it('offers Cancel when the screen does, and holds every action while busy', async () => {
    const onCancel = vi.fn();
    const { user, rerender } = renderWizard({ onCancel });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();

    rerender(<SendParcel onCancel={onCancel} busy />);
    expect(screen.getByRole('progressbar', { name: 'Buying the label' })).toBeInTheDocument();
    for (const name of ['Back', 'Cancel', 'Next']) expect(screen.getByRole('button', { name })).toBeDisabled();
  });
});

import { PROFILE_MESSAGES } from '@airbox/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormField } from '../form/form-field';
import { FormSelect } from '../form/form-select';
import { FormDialog } from './form-dialog';

/** A screen with a button that opens the password dialog; the dialog closes on its answer. */
function PasswordCheck({ busy = false, onConfirm }: { busy?: boolean; onConfirm: (password: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Save
      </button>
      <FormDialog
        open={open}
        title="Check your password"
        description="Enter your current password to save your changes."
        schema="confirmPasswordFormSchema"
        defaultValues={{ password: '' }}
        onSubmit={({ password }) => {
          onConfirm(password);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
        busy={busy}
      >
        <FormField name="password" label="Password" type="password" />
      </FormDialog>
    </>
  );
}

function renderPasswordCheck(busy = false) {
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  const view = render(<PasswordCheck busy={busy} onConfirm={onConfirm} />);
  return { user, onConfirm, ...view };
}

describe('FormDialog', () => {
  it('opens named by its title, described by its sentence, with the focus on the first field', async () => {
    const { user } = renderPasswordCheck();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check your password' });
    expect(dialog).toHaveAccessibleDescription('Enter your current password to save your changes.');
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
  });

  it("CONFIRM checks the fields with the contract's schema first, then sends the values", async () => {
    const { user, onConfirm } = renderPasswordCheck();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check your password' });
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    expect(await within(dialog).findByText(PROFILE_MESSAGES.confirmPasswordRequired)).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Password'), 'DemoPass1');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('DemoPass1'));
  });

  it('CANCEL and Escape close it, and it opens again empty', async () => {
    const { user, onConfirm } = renderPasswordCheck();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(within(await screen.findByRole('dialog')).getByLabelText('Password'), 'half typed');
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Password')).toHaveValue('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('holds CANCEL and CONFIRM while busy, and Escape does not close it', async () => {
    const { user } = renderPasswordCheck(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'CANCEL' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'CONFIRM' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('puts the focus on a drop-down list when that is the first field', async () => {
    const user = userEvent.setup();
    render(
      <FormDialog
        open
        title="ADD CONTACT"
        schema="contactFormSchema"
        defaultValues={{ state: '', name: '' }}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
        busy={false}
        wide
      >
        <FormSelect name="state" label="State" options={[{ value: 'CA', label: 'California' }]} />
        <FormField name="name" label="Nickname" />
      </FormDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'ADD CONTACT' });
    expect(within(dialog).getByRole('combobox', { name: 'State' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByLabelText('Nickname')).toHaveFocus();
  });
});

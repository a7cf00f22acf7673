import { CONTACT_MESSAGES } from '@airbox/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Form } from './form';
import { FormPhoneField } from './form-phone-field';

/** The pickup address's form (a phone of spec 03 §5's format), with only its phone shown. */
function renderPhone({ digitsWhileFocused = false } = {}) {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  render(
    <Form schema="contactFormSchema" defaultValues={{ phone: '' }} onSubmit={onSubmit} aria-label="Phone form">
      {() => (
        <>
          <FormPhoneField name="phone" label="Phone Number" required digitsWhileFocused={digitsWhileFocused} />
          <label>
            Other <input />
          </label>
        </>
      )}
    </Form>,
  );
  return { user, phone: screen.getByLabelText(/^Phone Number/) };
}

describe('FormPhoneField', () => {
  it.each(['206-555-0100', '(206) 555-0100', '+1 206 555 0100'])('keeps every digit of a pasted %s and shows 206-555-0100', async (pasted) => {
    const { user, phone } = renderPhone();
    await user.click(phone);
    await user.paste(pasted);
    expect(phone).toHaveValue('206-555-0100');
    await user.click(screen.getByLabelText('Other'));
    expect(screen.queryByText(CONTACT_MESSAGES.format)).not.toBeInTheDocument();
  });

  it('shows the mask ###-###-#### as the digits are typed, and drops a typed country 1', async () => {
    const { user, phone } = renderPhone();
    await user.type(phone, '2065');
    expect(phone).toHaveValue('206-5');
    await user.type(phone, '55010099');
    expect(phone).toHaveValue('206-555-0100');
    await user.clear(phone);
    await user.type(phone, '12065550100');
    expect(phone).toHaveValue('206-555-0100');
  });

  it('keeps the caret where a digit was deleted in the middle', async () => {
    const { user, phone } = renderPhone();
    await user.type(phone, '2065550100');
    // The caret after '206-55', then Backspace: the digits close up and the mask moves its dash.
    (phone as HTMLInputElement).setSelectionRange(6, 6);
    await user.keyboard('{Backspace}');
    expect(phone).toHaveValue('206-550-100');
    expect((phone as HTMLInputElement).selectionStart).toBe(5);
  });

  it("as the registration's field, keeps a pasted number's 10 digits while focused and dashes it after (spec 02 §4)", async () => {
    const { user, phone } = renderPhone({ digitsWhileFocused: true });
    await user.click(phone);
    expect(phone).toHaveAttribute('maxlength', '10');
    await user.paste('+1 (206) 555-0100');
    expect(phone).toHaveValue('2065550100');
    await user.click(screen.getByLabelText('Other'));
    expect(phone).toHaveValue('206-555-0100');
  });
});

import { LABEL_FORMAT_MESSAGES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hub, userProfile } from '../../../testing/fixtures';
import { type ApiRequest, mockApi, renderApp, signIn } from '../../../testing/test-utils';

/** My Profile's "Label format" (issue 23 item 4), as the customer picks how labels open. */

function formatApi(kept: string, save: (request: ApiRequest) => { status?: number; body: unknown }) {
  return mockApi({
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [userProfile()], lockers: [hub()] } },
    '/app/v1/getLockerInfoByUser': { body: { errorcode: 0, message: 'ok', locker_info: [hub()] } },
    '/app/v1/vacationHolds': { body: { errorcode: 0, message: 'success', data: [], today: '2026-11-23' } },
    '/app/v1/labelFormat': { body: { errorcode: 0, message: 'success', labelFormat: kept } },
    '/app/v1/labelFormat/save': save,
  });
}

async function openSection() {
  signIn({ userId: 7 });
  const view = renderApp('/parent/profile');
  const section = await screen.findByRole('region', { name: 'Label format' }, { timeout: 15_000 });
  return { ...view, section };
}

describe('the label format setting', () => {
  it('shows the format kept, and keeps another chosen by keyboard (sent as labelFormat in the form body)', async () => {
    const api = formatApi('pdf-4x6', (request) => {
      const labelFormat = request.fields.get('labelFormat') as 'zpl';
      return { body: { errorcode: 0, message: LABEL_FORMAT_MESSAGES.saved(labelFormat), labelFormat } };
    });
    const { user, section } = await openSection();
    const group = within(section).getByRole('radiogroup', { name: 'Label format' });
    await waitFor(() => expect(within(group).getByRole('radio', { name: /^4×6 PDF/ })).toBeChecked());
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['pdf-4x6', 'png-4x6', 'pdf-letter', 'zpl']);

    within(group).getByRole('radio', { name: /^4×6 PDF/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(await within(section).findByRole('status')).toHaveTextContent('Labels will open as 4×6 PNG image.');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Labels will open as 8.5×11 PDF, two labels a sheet.'));
    expect(within(group).getByRole('radio', { name: /^8\.5×11 PDF/ })).toBeChecked();
    expect(api.calls('/app/v1/labelFormat/save').map((sent) => Object.fromEntries(sent.fields))).toEqual([{ labelFormat: 'png-4x6' }, { labelFormat: 'pdf-letter' }]);
  });

  it('says a refused save and goes back to the format kept', async () => {
    formatApi('zpl', () => ({ status: 400, body: { errorcode: -400, message: LABEL_FORMAT_MESSAGES.format() } }));
    const { user, section } = await openSection();
    const zpl = within(section).getByRole('radio', { name: /^ZPL/ });
    await waitFor(() => expect(zpl).toBeChecked());
    await user.click(within(section).getByRole('radio', { name: /^4×6 PNG/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(LABEL_FORMAT_MESSAGES.format());
    expect(zpl).toBeChecked();
  });
});

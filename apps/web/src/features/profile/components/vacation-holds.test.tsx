import { VACATION_HOLD_MESSAGES } from '@airbox/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hub, userProfile } from '../../../testing/fixtures';
import { type ApiRequest, mockApi, renderApp, signIn } from '../../../testing/test-utils';

/** My Profile's "Vacation hold" section (issue 22 item 2), as the customer sets, changes and cancels holds. */

const TODAY = '2026-11-23';
type Hold = { id: number; startDate: string; endDate: string };

function holdsApi(holds: Hold[], save: (request: ApiRequest) => { status?: number; body: unknown } = () => ({ body: { errorcode: 0, message: 'ok', data: { id: 9 } } })) {
  return mockApi({
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [userProfile()], lockers: [hub()] } },
    '/app/v1/getLockerInfoByUser': { body: { errorcode: 0, message: 'ok', locker_info: [hub()] } },
    '/app/v1/vacationHolds': () => ({ body: { errorcode: 0, message: 'success', data: holds, today: TODAY } }),
    '/app/v1/vacationHolds/save': save,
    '/app/v1/vacationHolds/cancel': { body: { errorcode: 0, message: VACATION_HOLD_MESSAGES.cancelled } },
  });
}

async function openSection() {
  signIn({ userId: 7 });
  const view = renderApp('/parent/profile');
  const section = await screen.findByRole('region', { name: 'Vacation hold' }, { timeout: 15_000 });
  return { ...view, section };
}

const setDays = (section: HTMLElement, start: string, end: string) => {
  fireEvent.change(within(section).getByLabelText('First day away'), { target: { value: start } });
  fireEvent.change(within(section).getByLabelText('Last day away'), { target: { value: end } });
};

describe('the vacation hold section', () => {
  it('adds a hold, sending its days as YYYY-MM-DD in the form body', async () => {
    const api = holdsApi([]);
    const { user, section } = await openSection();
    setDays(section, '2026-12-01', '2026-12-12');
    await user.click(within(section).getByRole('button', { name: 'Add hold' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Your hold from Tue, Dec 1, 2026 to Sat, Dec 12, 2026 is saved.');
    const [sent] = api.calls('/app/v1/vacationHolds/save');
    expect(Object.fromEntries(sent!.fields)).toEqual({ startDate: '2026-12-01', endDate: '2026-12-12' });
  });

  it('refuses an end before the start, or more than 14 days, on the field and sends nothing', async () => {
    const api = holdsApi([]);
    const { user, section } = await openSection();
    setDays(section, '2026-12-05', '2026-12-01');
    await user.click(within(section).getByRole('button', { name: 'Add hold' }));
    expect(within(section).getByLabelText('Last day away')).toHaveAccessibleDescription('The last day must be on or after the first day');
    setDays(section, '2026-12-01', '2026-12-15');
    await user.click(within(section).getByRole('button', { name: 'Add hold' }));
    expect(within(section).getByLabelText('Last day away')).toHaveAccessibleDescription('A hold lasts at most 14 days');
    expect(api.calls('/app/v1/vacationHolds/save')).toHaveLength(0);
  });

  it("shows the server's overlap refusal on the field it names", async () => {
    holdsApi([{ id: 4, startDate: '2026-12-01', endDate: '2026-12-03' }], () => ({
      status: 409,
      body: { errorcode: -2, message: VACATION_HOLD_MESSAGES.overlap('2026-12-01', '2026-12-03') },
    }));
    const { user, section } = await openSection();
    setDays(section, '2026-12-02', '2026-12-04');
    await user.click(within(section).getByRole('button', { name: 'Add hold' }));
    await waitFor(() => expect(within(section).getByLabelText('First day away')).toHaveAccessibleDescription(/^These days overlap your hold 2026-12-01 – 2026-12-03/));
  });

  it('changes a hold not begun (its id sent) and cancels one under way', async () => {
    const api = holdsApi([
      { id: 3, startDate: '2026-11-20', endDate: '2026-11-25' },
      { id: 4, startDate: '2026-12-01', endDate: '2026-12-03' },
    ]);
    const { user, section } = await openSection();
    const list = await within(section).findByRole('list', { name: 'Your vacation holds' });
    const [current, coming] = within(list).getAllByRole('listitem');
    expect(current).toHaveTextContent('Under way: cancelling ends it today.');
    expect(within(current!).queryByRole('button', { name: /^Change/ })).not.toBeInTheDocument();

    await user.click(within(coming!).getByRole('button', { name: /^Change the hold Tue, Dec 1, 2026/ }));
    expect(within(section).getByLabelText('First day away')).toHaveValue('2026-12-01');
    setDays(section, '2026-12-02', '2026-12-05');
    await user.click(within(section).getByRole('button', { name: 'Save changes' }));
    await within(section).findByRole('status');
    expect(Object.fromEntries(api.calls('/app/v1/vacationHolds/save')[0]!.fields)).toEqual({ id: '4', startDate: '2026-12-02', endDate: '2026-12-05' });

    await user.click(within(current!).getByRole('button', { name: /^Cancel the hold/ }));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(VACATION_HOLD_MESSAGES.cancelled));
    expect(Object.fromEntries(api.calls('/app/v1/vacationHolds/cancel')[0]!.fields)).toEqual({ id: '3' });
  });
});

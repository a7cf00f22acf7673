import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../testing/test-utils';

/** Whether the signed-in layout's code was asked for (one of the chunks the login screen fetches ahead). */
const layoutCode = vi.hoisted(() => ({ loaded: false }));
vi.mock('../layouts/signed-in-layout', async (importOriginal) => {
  layoutCode.loaded = true;
  return importOriginal();
});

/** Lets the event loop turn, so that a preload started would have asked for its chunks. */
const aMoment = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the login screen's fetch of the signed-in shell ahead (issue 24)", () => {
  it('starts nothing while the page is only looked at, nor once the screen is left', async () => {
    mockApi({});
    const app = renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await aMoment();
    expect(layoutCode.loaded).toBe(false);
    app.unmount();
    fireEvent.keyDown(document.body, { key: 'a' });
    await aMoment();
    expect(layoutCode.loaded).toBe(false);
  });

  it("fetches the signed-in shell from the visitor's first touch of the form", async () => {
    mockApi({});
    const app = renderApp('/login');
    await app.user.click(await screen.findByLabelText('Email'));
    await vi.waitFor(() => expect(layoutCode.loaded).toBe(true));
  });
});

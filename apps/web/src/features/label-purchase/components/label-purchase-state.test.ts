import { LABEL_PURCHASE_ERRORCODE, type LabelRate } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from '../../../lib/address-values';
import { unpaidLabel } from '../../../testing/fixtures';
import { ApiError } from '../../../lib/http';
import { EMPTY_CUSTOMS, EMPTY_DRAFT, rateInput, shipDateToRate, type LabelDraft } from '../utils/draft';
import { bothVerified, canSaveForLater, currentDraft, initialLabelPurchaseState, labelPurchaseReducer, ratesFailure, unpaidLabelState } from './label-purchase-state';
import type { LabelPurchaseAction, LabelPurchaseState } from './label-purchase-state';

const HOME = { ...EMPTY_ADDRESS, firstName: 'Dana', lastName: 'Reyes', address1: '742 Valencia St', city: 'San Francisco', state: 'CA', zipcode: '94110' };
const MOM = { ...EMPTY_DRAFT.to, firstName: 'Rosa', address1: '12 Elm St', city: 'Austin', state: 'TX', zipcode: '73301' };
const SUGGESTION = { street1: '12 ELM ST', street2: 'APT 4', city: 'AUSTIN', state: 'TX', zip: '73301-1234' };

const rate = (rateId: string, carrier: string, service: string): LabelRate => ({
  rateId,
  carrier,
  service,
  rate: '7.45',
  retailRate: '8.00',
  deliveryDays: 5,
  deliveryDate: '2026-12-01',
  cheapest: false,
  fastest: false,
});

const run = (state: LabelPurchaseState, ...actions: LabelPurchaseAction[]) => actions.reduce(labelPurchaseReducer, state);

describe('the label-purchase page state', () => {
  it('starts from the draft given, clean, and offers Save for later only once an address holds something', () => {
    const empty = initialLabelPurchaseState(EMPTY_DRAFT);
    expect(empty).toMatchObject({ draft: EMPTY_DRAFT, typed: {}, dirty: false, checks: null, rates: { status: 'loading' }, rateId: null });
    expect(canSaveForLater(empty)).toBe(false);
    expect(canSaveForLater(initialLabelPurchaseState({ ...EMPTY_DRAFT, from: HOME }))).toBe(true);

    const typing = run(empty, { type: 'typed', values: { from: { ...EMPTY_ADDRESS, city: 'Oakland' } } });
    expect(typing.dirty).toBe(true);
    expect(canSaveForLater(typing)).toBe(true);
    expect(typing.draft).toBe(EMPTY_DRAFT);
    expect(canSaveForLater(run(typing, { type: 'typed', values: { from: { ...EMPTY_ADDRESS, city: '  ' } } }))).toBe(false);
  });

  it('opens an unpaid label ready to pay: every step as chosen, its rates as offered with its own at the price ordered', () => {
    const ordered = { ...unpaidLabel().rate, rate: '11.95' };
    const state = unpaidLabelState(unpaidLabel({ rate: ordered }));
    expect(state).toMatchObject({ dirty: false, rateId: 'rate_ups', checks: null });
    expect(state.rates).toEqual({ status: 'ready', draftId: 88, rates: [ordered, unpaidLabel().rates[0]], insurance: '1.50', messages: [] });
    expect(state.draft).toEqual({
      from: { ...unpaidLabel().from, phone: '415-555-0134' },
      to: { ...unpaidLabel().to, saveRecipient: false },
      parcel: { predefinedPackage: '', length: '12', width: '10', height: '6', weightLb: '3', weightOz: '0' },
      // At home: the Customs step's values as it would start (issue 25 item 3).
      customs: EMPTY_CUSTOMS,
      options: { insuredValue: '150.00', comments: 'Birthday present', notifyRecipient: true },
      shipDate: '2026-11-23',
    });
    expect(unpaidLabelState(unpaidLabel({ insuredValue: '0.00' })).draft.options.insuredValue).toBe('');
  });

  it('takes a step on Next, keeps what is typed on Back, and saves for later what is on screen', () => {
    const fromTaken = run(initialLabelPurchaseState(EMPTY_DRAFT), { type: 'took', values: { from: HOME } });
    expect(fromTaken.draft.from).toBe(HOME);
    const typingTo = run(fromTaken, { type: 'typed', values: { to: MOM } });
    expect(currentDraft(typingTo)).toEqual<LabelDraft>({ ...EMPTY_DRAFT, from: HOME, to: MOM });
    expect(typingTo.draft.to).toBe(EMPTY_DRAFT.to);

    const back = run(typingTo, { type: 'wentBack' });
    expect(back.draft).toEqual({ ...EMPTY_DRAFT, from: HOME, to: MOM });
    expect(back.typed).toEqual({});
  });

  it('takes the carrier’s suggestion for one address (a ZIP+4 kept to 5 digits) and marks it accepted', () => {
    const checked = run(
      initialLabelPurchaseState({ ...EMPTY_DRAFT, from: HOME, to: MOM }),
      { type: 'verifying' },
      { type: 'verified', checks: { from: { status: 'verified' }, to: { status: 'suggested', suggestion: SUGGESTION, reasons: [] } } },
    );
    expect(checked.verifying).toBe(false);
    expect(bothVerified(checked.checks)).toBe(false);

    const accepted = run(checked, { type: 'acceptedSuggestion', side: 'to' });
    expect(accepted.draft.to).toEqual({ ...MOM, address1: '12 ELM ST', address2: 'APT 4', city: 'AUSTIN', state: 'TX', zipcode: '73301' });
    expect(accepted.draft.from).toBe(HOME);
    expect(accepted.checks).toEqual({ from: { status: 'verified' }, to: { status: 'accepted' } });
    expect(accepted.dirty).toBe(true);
    // No suggestion to take: nothing changes.
    expect(run(checked, { type: 'acceptedSuggestion', side: 'from' })).toBe(checked);
  });

  it('keeps the chosen carrier and service when the rates are asked again, and the notice until told otherwise', () => {
    const first = run(initialLabelPurchaseState(EMPTY_DRAFT), { type: 'rating', notice: null }, {
      type: 'rated',
      data: { draftId: 55, rates: [rate('rate_1', 'USPS', 'Priority'), rate('rate_2', 'UPSDAP', 'Ground')], insurance: '1.50', messages: [] },
    });
    const chosen = run(first, { type: 'choseRate', rateId: 'rate_2' });
    expect(chosen.rateId).toBe('rate_2');

    const expired = run(chosen, { type: 'rating', notice: 'Rates refreshed' });
    expect(expired).toMatchObject({ rates: { status: 'loading' }, ratesNotice: 'Rates refreshed' });
    const again = run(expired, {
      type: 'rated',
      data: { draftId: 56, rates: [rate('rate_3', 'USPS', 'Priority'), rate('rate_4', 'UPSDAP', 'Ground')], insurance: '1.50', messages: [] },
      keepChoice: rate('rate_2', 'UPSDAP', 'Ground'),
    });
    expect(again.rateId).toBe('rate_4');
    expect(again.rates).toMatchObject({ status: 'ready', draftId: 56 });
    expect(run(again, { type: 'rating' }).ratesNotice).toBe('Rates refreshed');
    expect(run(again, { type: 'rating', notice: null }).ratesNotice).toBeNull();
    expect(run(again, { type: 'rated', data: { draftId: 57, rates: [], insurance: '0', messages: [] } }).rateId).toBeNull();
  });

  it('keeps the ship date the rates are for, and a ship date chosen (rated again by the page) as a change to keep', () => {
    const rated = run(initialLabelPurchaseState(EMPTY_DRAFT), {
      type: 'rated',
      data: { draftId: 55, shipDate: '2026-11-30', rates: [rate('rate_1', 'USPS', 'Priority')], insurance: '0.00', messages: [] },
    });
    expect(rated.draft.shipDate).toBe('2026-11-30');
    expect(rated.dirty).toBe(false);
    const chosen = run(rated, { type: 'choseShipDate', shipDate: '2026-12-02' });
    expect(chosen.draft.shipDate).toBe('2026-12-02');
    expect(chosen.dirty).toBe(true);
    // A server that answers no ship date leaves the one chosen.
    expect(run(chosen, { type: 'rated', data: { draftId: 56, rates: [], insurance: '0', messages: [] } }).draft.shipDate).toBe('2026-12-02');
  });

  it('rates for the ship date chosen while it is offered, else for the first day offered', () => {
    const offered = ['2026-11-30', '2026-12-01', '2026-12-02'];
    const draft = { ...EMPTY_DRAFT, from: HOME, to: MOM };
    expect(rateInput({ ...draft, shipDate: '2026-12-01' }, false, offered).shipDate).toBe('2026-12-01');
    // A day that has passed (an unpaid label opened days later), or none chosen yet.
    expect(rateInput({ ...draft, shipDate: '2026-11-20' }, false, offered).shipDate).toBe('2026-11-30');
    expect(rateInput(draft, false, offered).shipDate).toBe('2026-11-30');
    expect(shipDateToRate('', [])).toBeUndefined();
  });

  it('says why rating failed: an address the carrier refused, no carrier for the parcel, or the answer’s message', () => {
    expect(ratesFailure(new ApiError(LABEL_PURCHASE_ERRORCODE.unverified, 'Unable to verify address!', 200))).toEqual({
      status: 'unverified',
      message: 'Unable to verify address!',
    });
    expect(ratesFailure(new ApiError(LABEL_PURCHASE_ERRORCODE.noRates, 'none', 200))).toEqual({ status: 'noRates' });
    expect(ratesFailure(new ApiError(-429, 'Try again in an hour.', 429))).toEqual({ status: 'failed', message: 'Try again in an hour.' });
    expect(ratesFailure(new ApiError(-500, 'boom', 500))).toEqual({ status: 'failed', message: undefined });
  });
});

import { LABEL_PURCHASE_ERRORCODE, type LabelRate, type UnpaidLabel } from '@airbox/contract';
import { suggestionOf, type AddressCheck } from '../../../components/address/address-check';
import { ApiError, answerMessage, type CallOutput } from '../../../lib/http';
import { draftFromUnpaidLabel, hasAddressInput, type LabelDraft } from '../utils/draft';
import type { RatesState } from './rates-step';
import { applySuggestion, type Side } from './verify-step';

export type Checks = Record<Side, AddressCheck>;

/** A carrier's service to choose again when new rates offer it (a rate chosen before, or the label shipped again). */
export type ServiceChoice = Pick<LabelRate, 'carrier' | 'service'>;

/** Everything the label-purchase page holds besides the step shown (useWizard's). */
export interface LabelPurchaseState {
  /** What the steps have given, taken by Next (or by Back, from what was typed). */
  draft: LabelDraft;
  /** The shown step's values as typed, not yet taken by Next: Back and Save for later keep them. */
  typed: Partial<LabelDraft>;
  /** Something was typed or changed: leaving asks first. */
  dirty: boolean;
  /** What the carrier said of both addresses, once checked. */
  checks: Checks | null;
  verifying: boolean;
  rates: RatesState;
  /** The rate the customer chose. */
  rateId: string | null;
  /** Said above the rates (they were asked again as the chosen one had expired). */
  ratesNotice: string | null;
}

type Rated = CallOutput<'rateLabelCall'>['data'];

export type LabelPurchaseAction =
  /** A step's form changed (typing, or an address chosen). */
  | { type: 'typed'; values: Partial<LabelDraft> }
  /** Next: the step's checked values are taken. */
  | { type: 'took'; values: Partial<LabelDraft> }
  /** Back: what is typed on the step is kept. */
  | { type: 'wentBack' }
  | { type: 'verifying' }
  | { type: 'verified'; checks: Checks }
  /** The carrier's suggestion for one address is taken in place of what was typed. */
  | { type: 'acceptedSuggestion'; side: Side }
  /** Rates are asked; `notice` (when given) replaces the one above them. */
  | { type: 'rating'; notice?: string | null }
  /** The rates came; the same carrier and service as `keepChoice` stays chosen. */
  | { type: 'rated'; data: Rated; keepChoice?: ServiceChoice }
  | { type: 'ratingFailed'; rates: RatesState }
  | { type: 'choseRate'; rateId: string }
  /** Another ship date: the page rates again for it. */
  | { type: 'choseShipDate'; shipDate: string };

export function initialLabelPurchaseState(draft: LabelDraft): LabelPurchaseState {
  return { draft, typed: {}, dirty: false, checks: null, verifying: false, rates: { status: 'loading' }, rateId: null, ratesNotice: null };
}

/**
 * An unpaid label's page (getUnpaidLabels): every step as it was paid for, the rates it was
 * offered with its own chosen at the price ordered, ready for the Review step. Its id is the draft
 * paid again.
 */
export function unpaidLabelState(label: UnpaidLabel): LabelPurchaseState {
  const others = label.rates.filter((rate) => rate.rateId !== label.rate.rateId);
  return {
    ...initialLabelPurchaseState(draftFromUnpaidLabel(label)),
    rates: { status: 'ready', draftId: label.id, rates: [label.rate, ...others], insurance: label.insurance, messages: [] },
    rateId: label.rate.rateId,
  };
}

/** Save for later is offered once the sender or the recipient holds anything, typed or taken. */
export const canSaveForLater = (state: LabelPurchaseState) => hasAddressInput({ ...state.draft, ...state.typed });

/** What Save for later keeps: every step taken, and what is typed on the shown one. */
export const currentDraft = (state: LabelPurchaseState): LabelDraft => ({ ...state.draft, ...state.typed });

/** Both addresses were recognised as typed, so Verify was never shown. */
export const bothVerified = (checks: Checks | null) => checks?.from.status === 'verified' && checks.to.status === 'verified';

/** A rating that failed, as the Rates step says it. */
export function ratesFailure(error: unknown): RatesState {
  if (error instanceof ApiError && error.errorcode === LABEL_PURCHASE_ERRORCODE.unverified) return { status: 'unverified', message: error.message };
  if (error instanceof ApiError && error.errorcode === LABEL_PURCHASE_ERRORCODE.noRates) {
    // What the carriers said (issue 25 item 3: a declaration refused, its field named), when the answer carries it.
    const said = (error.answer?.data as { messages?: unknown } | undefined)?.messages;
    const reasons = Array.isArray(said) ? said.filter((reason): reason is string => typeof reason === 'string') : [];
    return reasons.length > 0 ? { status: 'noRates', reasons } : { status: 'noRates' };
  }
  return { status: 'failed', message: answerMessage(error) ?? undefined };
}

export function labelPurchaseReducer(state: LabelPurchaseState, action: LabelPurchaseAction): LabelPurchaseState {
  switch (action.type) {
    case 'typed':
      return { ...state, typed: action.values, dirty: true };
    case 'took':
      return { ...state, draft: { ...state.draft, ...action.values }, typed: {} };
    case 'wentBack':
      return { ...state, draft: currentDraft(state), typed: {} };
    case 'verifying':
      return { ...state, verifying: true };
    case 'verified':
      return { ...state, verifying: false, checks: action.checks };
    case 'acceptedSuggestion': {
      const check = state.checks?.[action.side];
      const suggestion = check ? suggestionOf(check) : null;
      if (!state.checks || !suggestion) return state;
      const address = action.side === 'from' ? { from: applySuggestion(state.draft.from, suggestion) } : { to: applySuggestion(state.draft.to, suggestion) };
      return {
        ...state,
        dirty: true,
        draft: { ...state.draft, ...address },
        typed: {},
        checks: { ...state.checks, [action.side]: { status: 'accepted' } },
      };
    }
    case 'rating':
      return { ...state, rates: { status: 'loading' }, ratesNotice: action.notice === undefined ? state.ratesNotice : action.notice };
    case 'rated': {
      const { keepChoice } = action;
      const same = keepChoice && action.data.rates.find((found) => found.carrier === keepChoice.carrier && found.service === keepChoice.service);
      // The draft keeps the ship date the rates are for (the first day offered, when none was chosen).
      const draft = action.data.shipDate ? { ...state.draft, shipDate: action.data.shipDate } : state.draft;
      return { ...state, draft, rates: { status: 'ready', ...action.data }, rateId: same ? same.rateId : null };
    }
    case 'ratingFailed':
      return { ...state, rates: action.rates };
    case 'choseRate':
      return { ...state, rateId: action.rateId };
    case 'choseShipDate':
      return { ...state, dirty: true, draft: { ...state.draft, shipDate: action.shipDate } };
  }
}

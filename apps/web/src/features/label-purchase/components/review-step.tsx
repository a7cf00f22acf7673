import { CUSTOMS_CONTENTS_NAMES, NO_EEI_EXEMPTION, formatShortDay, formatUsd, insuranceFeeCents, LABEL_RETURN_MESSAGES, predefinedPackageOf, toCents, type LabelRate } from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ComponentProps, ReactNode } from 'react';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { addressLine, addressName } from '../../../lib/address-text';
import { isInternational, type LabelDraft } from '../utils/draft';
import { DropOffChoice } from './drop-off-choice';
import { QrCodeChoice } from './qr-code-choice';
import { deliveryText, dutiesText, savingOf } from './rates-step';

/** The amounts of the purchase in cents: the rate, the insurance fee, and their total. */
export function purchaseAmounts(rate: LabelRate, insurance: string, insuredValue: string) {
  const rateCents = toCents(rate.rate);
  // The server's fee for the declared value; the contract's rule if it gave none.
  const insuranceCents = insurance !== '' ? toCents(insurance) : insuranceFeeCents(toCents(insuredValue));
  return { rateCents, insuranceCents, totalCents: rateCents + insuranceCents };
}

/** A term and its value; `divided` draws a line above it (a line element may not stand in a <dl> between its groups). */
function Row({ term, divided = false, children }: { term: string; divided?: boolean; children: ReactNode }) {
  return (
    <Box
      sx={[
        { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0, sm: 2 }, py: 1 },
        divided && { borderTop: 1, borderColor: 'divider' },
      ]}
    >
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

function Party({ address }: { address: LabelDraft['from'] }) {
  return (
    <>
      {addressName(address)}
      <br />
      {addressLine(address)}
      <br />
      {address.phone}
      {address.email ? ` · ${address.email}` : ''}
    </>
  );
}

/** Issue 25 item 3: the declaration as the customer gave it: contents, each item, the EEL/PFC and the signer. */
function Declaration({ customs }: { customs: LabelDraft['customs'] }) {
  const contents = customs.contents_type ? CUSTOMS_CONTENTS_NAMES[customs.contents_type] : '';
  return (
    <>
      {contents}
      {customs.contents_type === 'other' && customs.contents_explanation ? `: ${customs.contents_explanation}` : ''}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {customs.items.map((item, index) => (
          <li key={index}>
            {`${item.quantity} × ${item.description}, ${formatUsd(toCents(item.value))}, ${item.weight} oz, HS ${item.hs_tariff_number || 'none'}, made in ${item.origin_country}`}
          </li>
        ))}
      </Box>
      {`EEL/PFC ${customs.eel_pfc || NO_EEI_EXEMPTION} · signed by ${customs.customs_signer}`}
    </>
  );
}

/**
 * Step 7, Review and pay: sender, recipient, package, service, the rate, the insurance fee and
 * the total (in cents, contract helpers); paying leaves for the payment provider.
 */
export function ReviewStep({
  draft,
  rate,
  shipDate,
  service,
  insurance,
  busy,
  dropOff,
  qrCode,
  returnOf,
  onBack,
  onPay,
}: {
  draft: LabelDraft;
  rate: LabelRate;
  /** The ship date the rate is for ('YYYY-MM-DD'; '' when not known). */
  shipDate: string;
  service: string;
  insurance: string;
  busy: boolean;
  /** Issue 23 item 1: a carrier pickup, or a drop-off at an AirBox hub. */
  dropOff: ComponentProps<typeof DropOffChoice>;
  /** Issue 23 item 2: a printed label or a QR code, where the carrier makes one (absent: not offered). */
  qrCode?: ComponentProps<typeof QrCodeChoice> | undefined;
  /** Issue 23 item 3: the order a return label returns, and how it is paid. */
  returnOf?: { orderNo: string; payment: string } | undefined;
  onBack: () => void;
  onPay: () => void;
}) {
  const { rateCents, insuranceCents, totalCents } = purchaseAmounts(rate, insurance, draft.options.insuredValue);
  const { parcel } = draft;
  const saving = savingOf(rate);
  return (
    <Box
      component="form"
      aria-label="Review and pay step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onPay();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <StepHeading>Review and pay</StepHeading>
      {returnOf && (
        <Typography variant="body2">
          <strong>{LABEL_RETURN_MESSAGES.returnReview(returnOf.orderNo)}</strong> {returnOf.payment}
        </Typography>
      )}
      <Box component="dl" aria-label="Your label" sx={{ m: 0 }}>
        <Row term="Sender">
          <Party address={draft.from} />
        </Row>
        <Row term="Recipient">
          <Party address={draft.to} />
        </Row>
        <Row term="Package">{`${predefinedPackageOf(parcel.predefinedPackage)?.name ?? `${parcel.length} × ${parcel.width} × ${parcel.height} in`}, ${parcel.weightLb || 0} lb ${parcel.weightOz || 0} oz`}</Row>
        <Row term="Service">{`${service} (${deliveryText(rate.deliveryDays)})`}</Row>
        {shipDate && <Row term="Ship date">{formatShortDay(shipDate)}</Row>}
        {rate.deliveryDate && <Row term="Estimated delivery">{formatShortDay(rate.deliveryDate)}</Row>}
        {draft.options.comments && <Row term="Comments">{draft.options.comments}</Row>}
        {isInternational(draft) && (
          <Row term="Customs">
            <Declaration customs={draft.customs} />
          </Row>
        )}
        <Row term="Rate" divided>
          {formatUsd(rateCents)}
          {saving && ` (retail ${formatUsd(toCents(rate.retailRate))}, you save ${formatUsd(saving.cents)})`}
        </Row>
        <Row term="Insurance">
          {insuranceCents > 0 ? `${formatUsd(insuranceCents)} (declared value ${formatUsd(toCents(draft.options.insuredValue))})` : 'None'}
        </Row>
        <Row term="Total">
          <strong>{formatUsd(totalCents)}</strong>
        </Row>
        {isInternational(draft) && <Row term="Duties and taxes">{dutiesText(rate)}</Row>}
      </Box>
      <DropOffChoice {...dropOff} />
      {qrCode && dropOff.hubId === null && <QrCodeChoice {...qrCode} />}
      {draft.options.notifyRecipient && (
        <Typography variant="body2" color="text.secondary">
          {`We will e-mail ${draft.to.email} a link to follow the parcel.`}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        You pay with PayPal; the label is bought from the carrier once the payment is confirmed.
      </Typography>
      <StepActions onBack={onBack} nextLabel={`Pay ${formatUsd(totalCents)}`} busy={busy} />
    </Box>
  );
}

import { z } from 'zod';
import { isIsoDate } from '@airbox/contract';
import {
  type AddressVerification,
  amountOfCents,
  carrierOf,
  CarrierError,
  type CarrierErrorCode,
  type CarriersProvider,
  type CustomsInfo,
  centsOfAmount,
  checkInsurance,
  checkParcel,
  LABEL_CONTENT_TYPES,
  type LabelFormat,
  type PickupRate,
  type PickupStatus,
  type PostalAddress,
  type Postage,
  REFUND_STATUSES,
  type RefundStatus,
  type ScanFormResult,
  type ShipmentRate,
} from './carriers-provider.js';
import { easyPostTrackerSchema, parseTrackerEvent, trackerFromEasyPost, verifyWebhookSignature } from './easypost-format.js';

export interface EasyPostConfig {
  apiKey: string;
  /** https://api.easypost.com/v2, or a local server in tests. */
  apiBase: string;
  /** Signs EasyPost's webhooks; without it every webhook is refused. */
  webhookSecret: string | undefined;
  /** Per request; buying a label waits on the carrier, so it is generous. */
  timeoutMs?: number | undefined;
}

/** Label files are a few hundred kilobytes: anything far bigger is not a label. */
const MAX_LABEL_BYTES = 10 * 1024 * 1024;

const nullableText = z.string().nullish().transform((value) => value ?? null);
const amount = z.union([z.string(), z.number()]).nullish();

const rateSchema = z.object({
  id: z.string().min(1),
  carrier: z.string(),
  service: z.string(),
  rate: amount,
  retail_rate: amount,
  list_rate: amount,
  delivery_days: z.number().nullish(),
  /** ISO 8601 (a date, or a date and time), or null when the carrier gives none. */
  delivery_date: z.string().nullish(),
});

const shipmentSchema = z.object({
  id: z.string().min(1),
  rates: z.array(rateSchema).nullish(),
  messages: z.array(z.object({ carrier: nullableText, message: z.unknown() })).nullish(),
  selected_rate: rateSchema.nullish(),
  postage_label: z
    .object({
      id: z.string().min(1),
      label_file_type: nullableText,
      label_url: nullableText,
      label_pdf_url: nullableText,
      label_zpl_url: nullableText,
    })
    .nullish(),
  tracking_code: nullableText,
  tracker: z.object({ id: z.string() }).nullish(),
  insurance: amount,
  fees: z.array(z.object({ type: z.string(), amount })).nullish(),
  refund_status: nullableText,
  /** Forms made for the shipment ('label_qr_code' once asked: POST /shipments/:id/forms). */
  forms: z.array(z.object({ form_type: nullableText, form_url: nullableText })).nullish(),
});
type EasyPostShipment = z.output<typeof shipmentSchema>;

const verificationSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: nullableText, message: nullableText })).nullish(),
});

const addressSchema = z.object({
  id: z.string().min(1),
  name: nullableText,
  company: nullableText,
  street1: nullableText,
  street2: nullableText,
  city: nullableText,
  state: nullableText,
  zip: nullableText,
  country: nullableText,
  phone: nullableText,
  email: nullableText,
  residential: z.boolean().nullish(),
  verifications: z.object({ delivery: verificationSchema.nullish() }).nullish(),
});

const pickupSchema = z.object({
  id: z.string().min(1),
  status: nullableText,
  confirmation: nullableText,
  pickup_rates: z.array(z.object({ id: z.string().min(1), carrier: z.string(), service: z.string(), rate: amount })).nullish(),
});
type EasyPostPickup = z.output<typeof pickupSchema>;

/** EasyPost's ScanForm (docs.easypost.com/docs/scan-form): 'creating' at first, then 'created' with its form_url, or 'failed' with a message. */
const scanFormSchema = z.object({
  id: z.string().min(1),
  status: nullableText,
  message: nullableText,
  tracking_codes: z.array(z.string()).nullish(),
  form_url: nullableText,
  batch_id: nullableText,
});

const scanFormListSchema = z.object({ scan_forms: z.array(scanFormSchema), has_more: z.boolean().nullish() });

function scanFormOf(form: z.output<typeof scanFormSchema>): ScanFormResult {
  const status = form.status === 'created' || form.status === 'failed' ? form.status : 'creating';
  return { scanFormId: form.id, status, trackingCodes: form.tracking_codes ?? [], formUrl: form.form_url, batchId: form.batch_id, message: form.message };
}

const errorSchema = z.object({
  error: z.object({
    code: z.string().optional(),
    message: z.unknown(),
    errors: z.array(z.unknown()).nullish(),
  }),
});

/** EasyPost's messages may be a string, a list or an object: their texts, flattened. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.message === 'string') return [typeof record.field === 'string' ? `${record.field}: ${record.message}` : record.message];
    return Object.values(record).flatMap(textsOf);
  }
  return [];
}

/** EasyPost's answer to a failed call, as a CarrierError; `retryable` follows the code. */
export function easyPostError(statusCode: number, body: unknown): CarrierError {
  const parsed = errorSchema.safeParse(body);
  const providerCode = parsed.success ? parsed.data.error.code : undefined;
  const message = (parsed.success ? textsOf(parsed.data.error.message).join(', ') : '') || `HTTP ${statusCode}`;
  const reasons = parsed.success ? textsOf(parsed.data.error.errors ?? []) : [];
  let code: CarrierErrorCode;
  if (statusCode === 401 || statusCode === 403) code = 'UNAUTHORIZED';
  else if (statusCode === 402) code = 'PAYMENT_REQUIRED';
  else if (statusCode === 404) code = 'NOT_FOUND';
  else if (statusCode === 429) code = 'RATE_LIMITED';
  else if (statusCode === 408 || statusCode >= 500) code = 'UNAVAILABLE';
  else if (providerCode === 'ADDRESS.VERIFY.FAILURE' || providerCode === 'SHIPMENT.POSTAGE.EXISTS') code = providerCode;
  // The carrier did not answer EasyPost in time: the label may or may not exist (buyRate reads it back).
  else if (/TIMED_OUT|NO_RESPONSE/.test(providerCode ?? '')) code = 'UNAVAILABLE';
  else if (providerCode?.startsWith('SHIPMENT.POSTAGE.')) code = 'SHIPMENT.POSTAGE.FAILURE';
  else code = 'INVALID_REQUEST';
  return new CarrierError(code, `EasyPost: ${message}`, { providerCode, statusCode, reasons });
}

/**
 * A purchase refused or unanswered whose shipment (or pickup) read back shows nothing bought:
 * unanswered stays retryable; "bought already" with nothing to show is one still being made;
 * any other refusal may hide an earlier purchase whose answer was lost and that EasyPost is still
 * making (it takes no idempotency key), so it is unsettled: retried until it settles.
 */
function unsettledRefusal(error: CarrierError): CarrierError {
  if (error.retryable) return error;
  if (error.code === 'SHIPMENT.POSTAGE.EXISTS') return new CarrierError('UNAVAILABLE', 'EasyPost says the shipment is bought but shows no label yet', error.details);
  return new CarrierError(error.code, error.message, { ...error.details, unsettled: true });
}

const LABEL_FILE_TYPES: Record<string, LabelFormat> = { 'image/png': 'PNG', 'application/pdf': 'PDF', 'application/zpl': 'ZPL' };

function addressBody(address: PostalAddress) {
  return {
    name: address.name,
    company: address.company,
    street1: address.street1,
    street2: address.street2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: address.country ?? 'US',
    phone: address.phone,
    email: address.email,
    residential: address.residential,
  };
}

/**
 * A declaration as EasyPost's CustomsInfo (docs.easypost.com/docs/customs-infos): certified by
 * its signer, no restriction, each item a CustomsItem in US dollars (value and weight per line);
 * an empty explanation or HS code is left out, as EasyPost's optional fields are.
 */
function customsInfoBody(customs: CustomsInfo) {
  return {
    contents_type: customs.contents_type,
    ...(customs.contents_explanation ? { contents_explanation: customs.contents_explanation } : {}),
    customs_certify: true,
    customs_signer: customs.customs_signer,
    eel_pfc: customs.eel_pfc,
    non_delivery_option: customs.non_delivery_option,
    restriction_type: 'none',
    customs_items: customs.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      value: item.value,
      weight: item.weight,
      ...(item.hs_tariff_number ? { hs_tariff_number: item.hs_tariff_number } : {}),
      origin_country: item.origin_country,
      currency: 'USD',
    })),
  };
}

function addressOf(address: z.output<typeof addressSchema>): PostalAddress {
  const given = (value: string | null) => (value ? value : undefined);
  return {
    name: given(address.name),
    company: given(address.company),
    street1: address.street1 ?? '',
    street2: given(address.street2),
    city: address.city ?? '',
    state: address.state ?? '',
    zip: address.zip ?? '',
    country: address.country ?? 'US',
    phone: given(address.phone),
    email: given(address.email),
    residential: address.residential ?? undefined,
  };
}

/** What EasyPost corrected that a customer should confirm: the city, the state or the 5-digit ZIP code. */
function corrections(asked: PostalAddress, verified: PostalAddress): string[] {
  const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
  const reasons: string[] = [];
  if (!same(asked.city, verified.city)) reasons.push(`City corrected to ${verified.city}`);
  if (!same(asked.state, verified.state)) reasons.push(`State corrected to ${verified.state}`);
  if (!same(asked.zip.slice(0, 5), verified.zip.slice(0, 5))) reasons.push(`ZIP code corrected to ${verified.zip.slice(0, 5)}`);
  return reasons;
}

function rateOf(rate: z.output<typeof rateSchema>, shipmentId: string): ShipmentRate | null {
  const carrier = carrierOf(rate.carrier);
  const priceCents = centsOfAmount(rate.rate);
  if (!carrier || priceCents === null) return null;
  return {
    rateId: rate.id,
    shipmentId,
    carrier,
    service: rate.service,
    priceCents,
    retailPriceCents: centsOfAmount(rate.retail_rate),
    listPriceCents: centsOfAmount(rate.list_rate),
    currency: 'USD',
    deliveryDays: rate.delivery_days ?? null,
    deliveryDate: dayOf(rate.delivery_date),
  };
}

/** The calendar day of EasyPost's delivery_date ('2026-12-01T23:59:00Z' → '2026-12-01'), null when it has none. */
function dayOf(date: string | null | undefined): string | null {
  const day = date?.slice(0, 10) ?? '';
  return isIsoDate(day) ? day : null;
}

/** The label's files by format: label_url is in the format bought (PNG unless asked otherwise), the others once converted. */
function labelUrlsOf(label: NonNullable<EasyPostShipment['postage_label']>): Partial<Record<LabelFormat, string>> {
  const labelUrls: Partial<Record<LabelFormat, string>> = {};
  const boughtFormat = LABEL_FILE_TYPES[label.label_file_type ?? 'image/png'];
  if (label.label_url && boughtFormat) labelUrls[boughtFormat] = label.label_url;
  if (label.label_pdf_url) labelUrls.PDF = label.label_pdf_url;
  if (label.label_zpl_url) labelUrls.ZPL = label.label_zpl_url;
  return labelUrls;
}

function postageOf(shipment: EasyPostShipment, reconciled: boolean): Postage {
  const label = shipment.postage_label;
  const selected = shipment.selected_rate;
  const rate = selected ? rateOf(selected, shipment.id) : null;
  if (!label || !rate || !shipment.tracking_code) {
    throw new CarrierError('UNAVAILABLE', 'EasyPost answered a purchase without its label, rate or tracking code');
  }
  const insuranceFeeCents = (shipment.fees ?? [])
    .filter((fee) => fee.type === 'InsuranceFee')
    .reduce((sum, fee) => sum + (centsOfAmount(fee.amount) ?? 0), 0);
  return {
    shipmentId: shipment.id,
    trackingCode: shipment.tracking_code,
    trackerId: shipment.tracker?.id ?? null,
    labelId: label.id,
    carrier: rate.carrier,
    service: rate.service,
    postageCents: rate.priceCents,
    insuredCents: centsOfAmount(shipment.insurance) ?? 0,
    insuranceFeeCents,
    labelUrls: labelUrlsOf(label),
    reconciled,
  };
}

function refundStatusOf(value: string | null): RefundStatus | null {
  if (value === null) return null;
  if ((REFUND_STATUSES as readonly string[]).includes(value)) return value as RefundStatus;
  throw new CarrierError('UNAVAILABLE', `EasyPost answered an unknown refund status '${value}'`);
}

function pickupStatusOf(value: string | null): PickupStatus {
  return value === 'scheduled' || value === 'canceled' ? value : 'unknown';
}

/** Booked: EasyPost's pickup reads 'scheduled' and carries the carrier's confirmation (as recorded). */
function isBooked(pickup: EasyPostPickup): boolean {
  return pickupStatusOf(pickup.status) === 'scheduled' && Boolean(pickup.confirmation);
}

function pickupRatesOf(pickup: EasyPostPickup): (PickupRate & { carrierName: string })[] {
  return (pickup.pickup_rates ?? []).flatMap((rate) => {
    const carrier = carrierOf(rate.carrier);
    const priceCents = centsOfAmount(rate.rate);
    return carrier && priceCents !== null ? [{ rateId: rate.id, carrier, carrierName: rate.carrier, service: rate.service, priceCents, currency: 'USD' as const }] : [];
  });
}

/** An id from EasyPost (or the caller) as one path segment. */
const segment = (id: string) => encodeURIComponent(id);

/**
 * EasyPost's REST API v2 over fetch: HTTP basic auth with the API key as the user, JSON bodies,
 * a timeout per request, EasyPost's objects mapped to the provider's and its errors to
 * CarrierError codes. EasyPost has no idempotency key: buyRate reads the shipment back after a
 * refused or lost purchase and answers the label it has, so a retry never buys twice.
 */
export function createEasyPostCarriersProvider(config: EasyPostConfig, fetchImpl: typeof fetch = fetch): CarriersProvider {
  const base = config.apiBase.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 30_000;
  const authorization = `Basic ${Buffer.from(`${config.apiKey}:`).toString('base64')}`;

  async function call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: T, body?: unknown): Promise<z.output<T>> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      throw new CarrierError('UNAVAILABLE', `EasyPost ${method} ${path.split('?')[0]} failed (${reason})`);
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) throw easyPostError(response.status, json);
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new CarrierError('UNAVAILABLE', `EasyPost answered ${method} ${path.split('?')[0]} with an unexpected body`);
    return parsed.data;
  }

  const getShipment = (shipmentId: string) => call('GET', `/shipments/${segment(shipmentId)}`, shipmentSchema);
  const getPickup = (pickupId: string) => call('GET', `/pickups/${segment(pickupId)}`, pickupSchema);

  async function download(url: string, format: LabelFormat): Promise<Buffer> {
    // The label lives on EasyPost's file storage: no credentials go with this request.
    if (!/^https?:$/.test(new URL(url).protocol)) throw new CarrierError('UNAVAILABLE', 'EasyPost gave a label address that is not http(s)');
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new CarrierError('UNAVAILABLE', `the ${format} label download failed (${error instanceof Error ? error.name : 'error'})`);
    }
    if (!response.ok) throw new CarrierError('UNAVAILABLE', `the ${format} label download failed with HTTP ${response.status}`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_LABEL_BYTES) throw new CarrierError('UNAVAILABLE', 'the label file is too large');
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length === 0 || bytes.length > MAX_LABEL_BYTES) throw new CarrierError('UNAVAILABLE', 'the label file is empty or too large');
    return bytes;
  }

  return {
    name: 'easypost',

    async verifyAddress(address): Promise<AddressVerification> {
      let verified: z.output<typeof addressSchema>;
      try {
        verified = await call('POST', '/addresses', addressSchema, { verify: true, address: addressBody(address) });
      } catch (error) {
        if (error instanceof CarrierError && error.code === 'ADDRESS.VERIFY.FAILURE') {
          return { result: 'refused', reasons: error.details.reasons?.length ? error.details.reasons : [error.message] };
        }
        throw error;
      }
      const delivery = verified.verifications?.delivery;
      if (!delivery) throw new CarrierError('UNAVAILABLE', 'EasyPost answered an address without its delivery verification');
      if (!delivery.success) {
        const reasons = [...new Set((delivery.errors ?? []).map((error) => error.message ?? error.code ?? '').filter(Boolean))];
        return { result: 'refused', reasons: reasons.length > 0 ? reasons : ['Address not found'] };
      }
      const corrected = addressOf(verified);
      const reasons = corrections(address, corrected);
      return reasons.length > 0
        ? { result: 'suggestion', addressId: verified.id, address: corrected, reasons }
        : { result: 'verified', addressId: verified.id, address: corrected };
    },

    async rateShipment(input) {
      const parcel = checkParcel(input.parcel);
      // A return (is_return): EasyPost takes the outbound label's addresses and swaps them itself
      // (its Returns guide), so the return's sender goes as to_address and its recipient as from_address.
      const [fromAddress, toAddress] = input.isReturn ? [input.to, input.from] : [input.from, input.to];
      const shipment = await call('POST', '/shipments', shipmentSchema, {
        shipment: {
          ...(input.isReturn ? { is_return: true } : {}),
          from_address: addressBody(fromAddress),
          to_address: addressBody(toAddress),
          // A predefined package is named, not measured: EasyPost takes {predefined_package, weight}.
          parcel: parcel.predefinedPackage
            ? { predefined_package: parcel.predefinedPackage, weight: parcel.weightOz }
            : { length: parcel.lengthIn, width: parcel.widthIn, height: parcel.heightIn, weight: parcel.weightOz },
          // The ship date as EasyPost's label_date (ISO 8601): noon UTC is that same day in every US zone.
          ...(input.shipDate ? { options: { label_date: `${input.shipDate}T12:00:00Z` } } : {}),
          // A parcel abroad (issue 25 item 3): EasyPost makes the customs forms from its customs_info.
          ...(input.customs ? { customs_info: customsInfoBody(input.customs) } : {}),
        },
      });
      const rates = (shipment.rates ?? []).flatMap((rate) => rateOf(rate, shipment.id) ?? []).sort((a, b) => a.priceCents - b.priceCents);
      const messages = (shipment.messages ?? []).flatMap((entry) => textsOf(entry.message).map((text) => (entry.carrier ? `${entry.carrier}: ${text}` : text)));
      return { shipmentId: shipment.id, rates, messages };
    },

    async buyRate(input) {
      const insuredCents = checkInsurance(input.insuranceCents);
      let failure: CarrierError;
      try {
        // The insurance is always named, "0.00" included: a buy that names none gets the account's
        // default insurance and its fee (EasyPost's recorded buy: insurance "50.00", a 0.50 fee),
        // which the customer did not ask or pay for.
        const bought = await call('POST', `/shipments/${segment(input.shipmentId)}/buy`, shipmentSchema, {
          rate: { id: input.rateId },
          insurance: amountOfCents(insuredCents),
        });
        return postageOf(bought, false);
      } catch (error) {
        if (!(error instanceof CarrierError)) throw error;
        failure = error;
      }
      // Any buy refused or unanswered may have bought all the same (bought before, an answer lost,
      // a purchase still being made): the label the shipment shows, if any, is the one bought.
      let shipment: EasyPostShipment;
      try {
        shipment = await getShipment(input.shipmentId);
      } catch (readError) {
        // A shipment EasyPost does not know was never bought.
        if (readError instanceof CarrierError && readError.code === 'NOT_FOUND') throw failure;
        throw unsettledRefusal(failure);
      }
      if (shipment.postage_label) return postageOf(shipment, true);
      throw unsettledRefusal(failure);
    },

    async findLabel(shipmentId) {
      let shipment: EasyPostShipment;
      try {
        shipment = await getShipment(shipmentId);
      } catch (error) {
        if (error instanceof CarrierError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
      return shipment.postage_label ? postageOf(shipment, true) : null;
    },

    async fetchLabel(shipmentId, format) {
      const label = (await getShipment(shipmentId)).postage_label;
      if (!label) throw new CarrierError('INVALID_REQUEST', 'the shipment has no label yet');
      // A format not made yet is converted by EasyPost (GET /shipments/:id/label?file_format=).
      const url =
        labelUrlsOf(label)[format] ??
        (await call('GET', `/shipments/${segment(shipmentId)}/label?file_format=${format}`, shipmentSchema).then((converted) =>
          converted.postage_label ? labelUrlsOf(converted.postage_label)[format] : undefined,
        ));
      if (!url) throw new CarrierError('UNAVAILABLE', `EasyPost gave no ${format} label for the shipment`);
      return { format, contentType: LABEL_CONTENT_TYPES[format], bytes: await download(url, format) };
    },

    async fetchLabelQrCode(shipmentId) {
      // USPS Label Broker through EasyPost's Forms (Form Guide: 'Label QR Code', USPS only), made
      // once the shipment is bought; a shipment that has one already answers it.
      const existing = (await getShipment(shipmentId)).forms?.find((form) => form.form_type === 'label_qr_code')?.form_url;
      const url =
        existing ??
        (await call('POST', `/shipments/${segment(shipmentId)}/forms`, shipmentSchema, { form: { type: 'label_qr_code' } })).forms?.find(
          (form) => form.form_type === 'label_qr_code',
        )?.form_url;
      if (!url) throw new CarrierError('UNAVAILABLE', 'EasyPost gave no label QR code for the shipment');
      return { format: 'PNG', contentType: LABEL_CONTENT_TYPES.PNG, bytes: await download(url, 'PNG') };
    },

    async refund(shipmentId) {
      try {
        const shipment = await call('POST', `/shipments/${segment(shipmentId)}/refund`, shipmentSchema, {});
        return refundStatusOf(shipment.refund_status) ?? 'submitted';
      } catch (error) {
        // Asked before: EasyPost refuses a second request; answer the first one's status.
        if (!(error instanceof CarrierError) || error.code !== 'INVALID_REQUEST') throw error;
        const status = refundStatusOf((await getShipment(shipmentId)).refund_status);
        if (!status) throw error;
        return status;
      }
    },

    async getRefundStatus(shipmentId) {
      return refundStatusOf((await getShipment(shipmentId)).refund_status);
    },

    async track(reference) {
      const tracker =
        'trackerId' in reference
          ? await call('GET', `/trackers/${segment(reference.trackerId)}`, easyPostTrackerSchema)
          : await call('POST', '/trackers', easyPostTrackerSchema, { tracker: { tracking_code: reference.trackingCode, carrier: reference.carrier } });
      return trackerFromEasyPost(tracker);
    },

    async createPickup(input) {
      const pickup = await call('POST', '/pickups', pickupSchema, {
        pickup: {
          address: addressBody(input.address),
          shipment: { id: input.shipmentId },
          min_datetime: input.minDatetime.toISOString(),
          max_datetime: input.maxDatetime.toISOString(),
          reference: input.reference,
          instructions: input.instructions,
          is_account_address: false,
        },
      });
      const rates = pickupRatesOf(pickup).map(({ carrierName: _carrierName, ...rate }) => rate);
      return { pickupId: pickup.id, status: pickupStatusOf(pickup.status), rates };
    },

    async buyPickup(pickupId, rateId) {
      // EasyPost books a pickup by carrier and service: those of the rate chosen.
      const pickup = await getPickup(pickupId);
      const rate = pickupRatesOf(pickup).find((candidate) => candidate.rateId === rateId);
      if (!rate) throw new CarrierError('NOT_FOUND', 'no such rate for this pickup');
      const booked = (found: EasyPostPickup) => ({
        pickupId: found.id,
        status: pickupStatusOf(found.status),
        confirmation: found.confirmation ?? '',
        carrier: rate.carrier,
        service: rate.service,
        priceCents: rate.priceCents,
      });
      // EasyPost takes no idempotency key and refuses a second buy: a pickup booked already (an
      // answer lost) is answered as it stands; a canceled one is not booked again.
      if (isBooked(pickup)) return booked(pickup);
      if (pickupStatusOf(pickup.status) === 'canceled') throw new CarrierError('INVALID_REQUEST', 'EasyPost: the pickup is canceled');
      let failure: CarrierError;
      try {
        const bought = await call('POST', `/pickups/${segment(pickupId)}/buy`, pickupSchema, { carrier: rate.carrierName, service: rate.service });
        if (!bought.confirmation) throw new CarrierError('UNAVAILABLE', 'EasyPost booked the pickup without a confirmation');
        return booked(bought);
      } catch (error) {
        if (!(error instanceof CarrierError)) throw error;
        failure = error;
      }
      // Refused or unanswered: booked all the same (a buy whose answer was lost) if it reads scheduled.
      let found: EasyPostPickup;
      try {
        found = await getPickup(pickupId);
      } catch {
        throw unsettledRefusal(failure);
      }
      if (isBooked(found)) return booked(found);
      throw unsettledRefusal(failure);
    },

    async findPickup(pickupId) {
      let pickup: EasyPostPickup;
      try {
        pickup = await getPickup(pickupId);
      } catch (error) {
        if (error instanceof CarrierError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
      return { status: pickupStatusOf(pickup.status), confirmation: pickup.confirmation };
    },

    async cancelPickup(pickupId) {
      const pickup = await call('POST', `/pickups/${segment(pickupId)}/cancel`, pickupSchema, {});
      return pickupStatusOf(pickup.status);
    },

    async createScanForm(input) {
      // EasyPost takes the shipments as an array of {id} and checks them itself (one origin
      // address, dated today or later, none refunded or on another form): its refusal names why.
      // It takes no idempotency key and refuses a second POST of the same shipments (already on a
      // ScanForm): the portal POSTs once per form row and looks a lost answer up (findScanFormOf).
      const form = await call('POST', '/scan_forms', scanFormSchema, { shipments: input.shipmentIds.map((id) => ({ id })) });
      return scanFormOf(form);
    },

    async findScanForm(scanFormId) {
      try {
        return scanFormOf(await call('GET', `/scan_forms/${segment(scanFormId)}`, scanFormSchema));
      } catch (error) {
        if (error instanceof CarrierError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },

    async findScanFormOf(input) {
      // GET /scan_forms lists the newest forms first (docs.easypost.com/docs/scan-form, "Retrieve a
      // list of ScanForms"; page_size up to 100); a form names its parcels by tracking_codes only.
      const wanted = new Set(input.trackingCodes.filter(Boolean));
      if (wanted.size === 0) return null;
      const page = await call('GET', '/scan_forms?page_size=100', scanFormListSchema);
      const form = page.scan_forms.find((candidate) => (candidate.tracking_codes ?? []).some((code) => wanted.has(code)));
      return form ? scanFormOf(form) : null;
    },

    async fetchScanForm(scanFormId) {
      const form = scanFormOf(await call('GET', `/scan_forms/${segment(scanFormId)}`, scanFormSchema));
      if (form.status !== 'created' || !form.formUrl) throw new CarrierError('INVALID_REQUEST', 'the scan form is not made yet');
      return { format: 'PDF', contentType: LABEL_CONTENT_TYPES.PDF, bytes: await download(form.formUrl, 'PDF') };
    },

    verifyWebhook: (rawBody, headers) => verifyWebhookSignature(rawBody, headers, config.webhookSecret),

    parseTrackerEvent,
  };
}

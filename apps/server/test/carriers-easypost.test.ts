import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LABEL_PURCHASE_ERRORCODE, SCAN_FORM_MESSAGES, carrierPickupDates, customsDeclarationSchema, estimatedDeliveryDate, shipDatesFrom, stateTimeZone } from '@airbox/contract';
import { CARRIER_GIVE_UP_MS as BOOKING_GIVE_UP_MS, CARRIER_GIVE_UP_MS as BUYING_GIVE_UP_MS } from '../src/modules/carriers/carrier-purchase.js';
import { LABEL_FILE_MESSAGES } from '../src/modules/shipments/label-files.js';
import { CarrierError, type CarriersProvider, type PostalAddress } from '../src/providers/carriers/carriers-provider.js';
import { createEasyPostCarriersProvider } from '../src/providers/carriers/easypost-carriers-provider.js';
import { FakeHttpServer, type Json } from './fake-http-server.js';
import { buildTestApp, describeOnce, postForm, type TestApp, useTestDatabase } from './helper.js';
import { locationPath, newCustomer } from './ledger-fixtures.js';

/**
 * A local server answering as EasyPost's REST API v2 documents it (the shapes follow the
 * responses recorded by EasyPost's own client tests): addresses with verifications, shipments
 * with rates, buy (once: a second purchase is refused with SHIPMENT.POSTAGE.EXISTS), label
 * conversion, refunds, trackers, pickups, and errors as {error: {code, message, errors}}.
 */

/**
 * What EasyPost refuses in a customs_info (docs.easypost.com/docs/customs-infos, customs-items):
 * its contents type, a signer when certified, an explanation for 'other', at least one item, and
 * each item's description, quantity, value, weight and origin country. The fields' names, empty when
 * there is nothing to refuse (or no customs_info at all).
 */
function customsInfoProblems(customs: Json | undefined): string[] {
  if (customs === undefined) return [];
  const blank = (value: unknown) => value === undefined || value === null || value === '';
  const problems: string[] = [];
  if (blank(customs.contents_type)) problems.push('customs_info.contents_type');
  if (customs.customs_certify === true && blank(customs.customs_signer)) problems.push('customs_info.customs_signer');
  if (customs.contents_type === 'other' && blank(customs.contents_explanation)) problems.push('customs_info.contents_explanation');
  const items = Array.isArray(customs.customs_items) ? (customs.customs_items as Json[]) : [];
  if (items.length === 0) problems.push('customs_info.customs_items');
  items.forEach((item, index) => {
    for (const field of ['description', 'quantity', 'value', 'weight', 'origin_country']) {
      if (blank(item[field])) problems.push(`customs_info.customs_items.${index}.${field}`);
    }
  });
  return problems;
}

const API_KEY = 'EZTK_test_key';

interface FakeShipment {
  id: string;
  from: Json;
  to: Json;
  parcel: Json;
  rates: Json[];
  bought: { rate: Json; insurance: string | null; trackingCode: string; trackerId: string; labelId: string; pdf: boolean; zpl: boolean } | undefined;
  /** A purchase is being made (the carrier has not given the label yet): the shipment shows no label. */
  buying: boolean;
  /** Created with is_return: EasyPost swapped the addresses it was given. */
  isReturn: boolean;
  /** The Label QR Code form made (POST /shipments/:id/forms, USPS only). */
  qrForm: string | undefined;
  refundStatus: string | null;
}

/** The Label QR Code form's image, as EasyPost's file storage serves it (a PNG signature and header). */
const FAKE_QR_PNG = Buffer.from('89504e470d0a1a0a0000000d494844520000012c0000012c08000000', 'hex');

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** USPS Flat Rate prices by EasyPost's predefined_package name (Express: the envelopes). */
const USPS_FLAT_RATES: Record<string, { priority: string; express?: string }> = {
  FlatRateEnvelope: { priority: '9.65', express: '28.95' },
  FlatRatePaddedEnvelope: { priority: '10.40', express: '31.45' },
  FlatRateLegalEnvelope: { priority: '9.95', express: '29.25' },
  SmallFlatRateBox: { priority: '10.65' },
  MediumFlatRateBox: { priority: '18.40' },
  LargeFlatRateBox: { priority: '25.65' },
};

const predefinedPackageOf = (parcel: Json): string | undefined =>
  typeof parcel.predefined_package === 'string' && parcel.predefined_package !== '' ? parcel.predefined_package : undefined;

/**
 * The shipment's messages: a carrier that gave no rate says why. With a predefined package of
 * USPS, every other carrier answers a rate_error for it (EasyPost rates a carrier's packaging
 * with that carrier only); DHL never serves these domestic routes.
 */
function messagesOf(parcel: Json): Json[] {
  const predefined = predefinedPackageOf(parcel);
  const refused = (carrier: string, account: string, message: string) => ({ carrier, carrier_account_id: account, type: 'rate_error', message });
  if (!predefined) return [refused('DHLExpress', 'ca_dhl', 'Service unavailable for this route')];
  const packaging = `Unable to rate with predefined package ${predefined}`;
  return [
    refused('UPSDAP', 'ca_ups', packaging),
    refused('FedExDefault', 'ca_fedex', packaging),
    refused('DHLExpress', 'ca_dhl', packaging),
    ...(USPS_FLAT_RATES[predefined] ? [] : [refused('USPS', 'ca_usps', `Invalid predefined package ${predefined}`)]),
  ];
}

/**
 * EasyPost's insurance fee as recorded ('0.50000' for $50 and for $100: 0.5 % of the value, 50
 * cents at least); none when nothing is insured.
 */
const insuranceFee = (insurance: string | null) => {
  const value = Number(insurance ?? 0);
  return value > 0 ? Math.max(0.5, value * 0.005).toFixed(5) : null;
};

class FakeEasyPost extends FakeHttpServer {
  purchases = 0;
  shipments = new Map<string, FakeShipment>();
  pickups = new Map<string, Json>();
  /** ScanForms made (POST /scan_forms): 'creating' when answered, 'created' when read back, as EasyPost makes them in the background. */
  scanForms = new Map<string, Json>();
  /** The next ScanForm POSTed is made but its answer lost (a 502 from EasyPost's edge). */
  loseScanFormAnswer = false;
  requests: { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
  failures: { status: number; body: string; only: RegExp | undefined }[] = [];
  /**
   * Refused a second purchase (of a shipment bought, or being bought) with this error code. No
   * recording shows EasyPost's: SHIPMENT.POSTAGE.EXISTS, or any other 422 it may be.
   */
  conflictCode = 'SHIPMENT.POSTAGE.EXISTS';
  /** How long a purchase's answer takes after the label is bought. */
  buyDelayMs = 0;
  refundOutcome = 'submitted';
  /** Pickups booked (each buy EasyPost took), and those the carrier is booking now (the pickup still reads 'unknown'). */
  pickupBookings = 0;
  pickupsBooking = new Set<string>();
  /**
   * While the carrier is held (holdCarrier()), a label being made or a pickup being booked waits
   * for releaseCarrier(): the shipment shows no label and the pickup reads 'unknown' meanwhile, and
   * the buy goes on if its caller hangs up.
   */
  private carrierAtWork: Promise<void> | undefined;
  private carrierDone = () => {};
  /** The account's default insurance, applied by EasyPost to a buy that names none (recorded: "50.00"). */
  defaultInsurance: string | null = '50.00';

  reset() {
    this.requests = [];
    this.failures = [];
    this.conflictCode = 'SHIPMENT.POSTAGE.EXISTS';
    this.buyDelayMs = 0;
    this.refundOutcome = 'submitted';
    this.defaultInsurance = '50.00';
    this.releaseCarrier();
  }

  holdCarrier() {
    this.carrierAtWork = new Promise((resolve) => (this.carrierDone = resolve));
  }

  releaseCarrier() {
    this.carrierDone();
    this.carrierAtWork = undefined;
  }

  /** The next request (the next whose path matches `only`, when given) fails so. */
  failNext(status: number, body: unknown, only?: RegExp) {
    this.failures.push({ status, body: typeof body === 'string' ? body : JSON.stringify(body), only });
  }

  private shipmentJson(shipment: FakeShipment): Json {
    const bought = shipment.bought;
    const file = (extension: string) => `${this.base}/files/postage_label/${shipment.id}.${extension}`;
    return {
      id: shipment.id,
      object: 'Shipment',
      mode: 'test',
      status: 'unknown',
      from_address: shipment.from,
      to_address: shipment.to,
      parcel: { id: 'prcl_1', object: 'Parcel', predefined_package: null, ...shipment.parcel },
      rates: shipment.rates,
      messages: messagesOf(shipment.parcel),
      options: { currency: 'USD', payment: { type: 'SENDER' }, date_advance: 0 },
      selected_rate: bought?.rate ?? null,
      tracking_code: bought?.trackingCode ?? null,
      insurance: bought?.insurance ?? null,
      refund_status: shipment.refundStatus,
      is_return: shipment.isReturn,
      forms: shipment.qrForm
        ? [{ object: 'Form', id: shipment.qrForm, mode: 'test', form_type: 'label_qr_code', form_url: `${this.base}/files/label_qr_code/${shipment.id}.png`, submitted_electronically: null }]
        : [],
      postage_label: bought
        ? {
            object: 'PostageLabel',
            id: bought.labelId,
            label_date: '2026-11-23T15:00:00Z',
            label_resolution: 300,
            label_size: '4x6',
            label_type: 'default',
            label_file_type: 'image/png',
            label_url: file('png'),
            label_pdf_url: bought.pdf ? file('pdf') : null,
            label_zpl_url: bought.zpl ? file('zpl') : null,
            label_epl2_url: null,
            label_file: null,
          }
        : null,
      tracker: bought
        ? { id: bought.trackerId, object: 'Tracker', tracking_code: bought.trackingCode, status: 'unknown', carrier: bought.rate.carrier, tracking_details: [] }
        : null,
      fees: bought
        ? [
            { object: 'Fee', type: 'LabelFee', amount: '0.00000', charged: true, refunded: false },
            { object: 'Fee', type: 'PostageFee', amount: `${bought.rate.rate}000`, charged: true, refunded: false },
            ...(insuranceFee(bought.insurance) ? [{ object: 'Fee', type: 'InsuranceFee', amount: insuranceFee(bought.insurance), charged: true, refunded: false }] : []),
          ]
        : [],
    };
  }

  private trackerJson(id: string, trackingCode: string, carrier: string): Json {
    return {
      id,
      object: 'Tracker',
      mode: 'test',
      tracking_code: trackingCode,
      status: 'in_transit',
      status_detail: 'arrived_at_facility',
      signed_by: null,
      weight: null,
      est_delivery_date: '2026-11-26T00:00:00Z',
      shipment_id: null,
      carrier,
      public_url: `https://track.easypost.com/${id}`,
      tracking_details: [
        {
          object: 'TrackingDetail',
          message: 'Pre-Shipment Info Sent to USPS',
          status: 'pre_transit',
          status_detail: 'status_update',
          datetime: '2026-11-23T16:06:32Z',
          source: 'USPS',
          tracking_location: { object: 'TrackingLocation', city: null, state: null, country: null, zip: null },
        },
        {
          object: 'TrackingDetail',
          message: 'Arrived at USPS Facility',
          status: 'in_transit',
          status_detail: 'arrived_at_facility',
          datetime: '2026-11-24T04:43:32Z',
          source: 'USPS',
          tracking_location: { object: 'TrackingLocation', city: 'HOUSTON', state: 'TX', country: null, zip: '77063' },
        },
      ],
    };
  }

  protected async handle(request: IncomingMessage, response: ServerResponse, raw: string) {
    const url = new URL(request.url ?? '/', this.base);
    const method = request.method ?? 'GET';
    const body = raw ? (JSON.parse(raw) as Json) : undefined;
    this.requests.push({ method, path: `${url.pathname}${url.search}`, headers: request.headers, body });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const error = (status: number, code: string, message: string, errors: unknown[] = []) => send(status, { error: { code, message, errors } });
    // EasyPost's generic refusal, as recorded (CarrierAccount register): what a pickup it will not buy or cancel again gets here (no recording shows those).
    const unprocessable = () => error(422, 'UNPROCESSABLE_ENTITY', 'The request was understood, but cannot be processed.');

    // Label files live on EasyPost's file storage: no API key there.
    if (method === 'GET' && /^\/files\/label_qr_code\/\w+\.png$/.test(url.pathname)) {
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(FAKE_QR_PNG);
    }
    if (method === 'GET' && /^\/files\/scan_form\/\w+\.pdf$/.test(url.pathname)) {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      return response.end(Buffer.from('%PDF-1.4 easypost scan form'));
    }
    const file = /^\/files\/postage_label\/(\w+)\.(png|pdf|zpl)$/.exec(url.pathname);
    if (method === 'GET' && file) {
      const bytes = { png: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), pdf: Buffer.from('%PDF-1.4 easypost label'), zpl: Buffer.from('^XA^FDeasypost^FS^XZ') }[file[2] as 'png' | 'pdf' | 'zpl'];
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      return response.end(bytes);
    }
    if (request.headers.authorization !== `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`) {
      return error(401, 'APIKEY.INACTIVE', 'This api key is no longer active. Please use a different api key or reactivate this key.');
    }
    const failing = this.failures.findIndex((candidate) => !candidate.only || candidate.only.test(url.pathname));
    const failure = failing < 0 ? undefined : this.failures.splice(failing, 1)[0];
    if (failure) {
      response.writeHead(failure.status, { 'content-type': failure.body.startsWith('{') ? 'application/json' : 'text/html' });
      return response.end(failure.body);
    }
    const path = url.pathname.replace(/^\/v2/, '');

    if (method === 'POST' && path === '/addresses') {
      const { address, verify } = body as { address: Json; verify: boolean };
      const street1 = String(address.street1);
      const zip = String(address.zip);
      const found = !street1.includes('Nowhere');
      const check = found
        ? { success: true, errors: [], details: { latitude: 33.8436, longitude: -118.39177, time_zone: 'America/Los_Angeles' } }
        : { success: false, errors: [{ code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found', suggestion: null }], details: {} };
      const upper = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : null);
      return send(201, {
        id: newId('adr'),
        object: 'Address',
        mode: 'test',
        name: upper(address.name),
        company: upper(address.company),
        street1: found ? upper(street1) : street1,
        street2: '',
        city: zip === '90278' ? 'REDONDO BEACH' : upper(address.city),
        state: upper(address.state),
        zip: found ? `${zip === '90278' ? '90277' : zip}-2506` : zip,
        country: 'US',
        phone: address.phone ?? null,
        email: address.email ?? null,
        residential: false,
        verifications: verify ? { zip4: check, delivery: check } : {},
      });
    }

    if (method === 'POST' && path === '/shipments') {
      const { shipment } = body as { shipment: { from_address: Json; to_address: Json; parcel: Json; options?: { label_date?: string }; is_return?: boolean; customs_info?: Json } };
      // customs_info checked as EasyPost checks it (issue 25 item 3): a missing field is refused with its name.
      const missing = customsInfoProblems(shipment.customs_info);
      if (missing.length > 0) return error(422, 'PARAMETER.REQUIRED', 'Missing required parameter.', missing.map((field) => ({ field, message: 'cannot be blank' })));
      const id = newId('shp');
      // USPS gives each rate a delivery date counted from the label date (today when none is given,
      // as EasyPost does); the others give delivery days only (delivery_date null).
      const labelDay = shipment.options?.label_date?.slice(0, 10) ?? new Date().toISOString().slice(0, 10);
      const deliveryDate = (carrier: string, days: number | null) =>
        carrier === 'USPS' && days !== null ? `${estimatedDeliveryDate(labelDay, days, carrier)}T23:59:00Z` : null;
      const rate = (carrier: string, service: string, price: string, retail: string | null, days: number | null) => ({
        id: newId('rate'),
        object: 'Rate',
        mode: 'test',
        service,
        carrier,
        rate: price,
        currency: 'USD',
        retail_rate: retail,
        retail_currency: 'USD',
        list_rate: retail ? price : null,
        list_currency: 'USD',
        billing_type: 'easypost',
        delivery_days: days,
        delivery_date: deliveryDate(carrier, days),
        delivery_date_guaranteed: false,
        est_delivery_days: days,
        shipment_id: id,
        carrier_account_id: 'ca_1',
      });
      const predefined = predefinedPackageOf(shipment.parcel);
      // A return (is_return): EasyPost is given the outbound addresses and swaps them (its Returns guide).
      const isReturn = shipment.is_return === true;
      this.shipments.set(id, {
        id,
        from: isReturn ? shipment.to_address : shipment.from_address,
        to: isReturn ? shipment.from_address : shipment.to_address,
        isReturn,
        qrForm: undefined,
        parcel: shipment.parcel,
        rates: predefined
          ? // USPS packaging: USPS alone rates it, Priority Mail (and Express for its envelopes) at the Flat Rate price.
            USPS_FLAT_RATES[predefined]
            ? [
                rate('USPS', 'Priority', USPS_FLAT_RATES[predefined].priority, null, 2),
                ...(USPS_FLAT_RATES[predefined].express ? [rate('USPS', 'Express', USPS_FLAT_RATES[predefined].express, null, 1)] : []),
              ]
            : []
          : [
              rate('USPS', 'Express', '33.10', '37.90', 2),
              rate('USPS', 'GroundAdvantage', '5.93', '8.45', 3),
              rate('DHLExpress', 'ExpressWorldwideNonDoc', '45.00', null, 2),
              rate('UPSDAP', 'Ground', '10.22', null, null),
              rate('FedExDefault', 'FEDEX_GROUND', '9.87', '11.20', 4),
              rate('USPS', 'Priority', '6.90', '9.80', 2),
            ],
        bought: undefined,
        buying: false,
        refundStatus: null,
      });
      return send(201, this.shipmentJson(this.shipments.get(id)!));
    }

    const shipmentPath = /^\/shipments\/(shp_\w+)(\/buy|\/label|\/refund|\/forms)?$/.exec(path);
    if (shipmentPath) {
      const shipment = this.shipments.get(shipmentPath[1]!);
      if (!shipment) return error(404, 'NOT_FOUND', 'The requested resource could not be found.');
      const action = shipmentPath[2];
      if (method === 'GET' && !action) return send(200, this.shipmentJson(shipment));
      if (method === 'POST' && action === '/buy') {
        if (shipment.bought || shipment.buying) return error(422, this.conflictCode, 'This shipment already has postage.');
        const { rate, insurance } = body as { rate: { id: string }; insurance?: string | number };
        const chosen = shipment.rates.find((candidate) => candidate.id === rate.id);
        if (!chosen) return error(422, 'SHIPMENT.RATE.INVALID', 'The rate is not one of this shipment.');
        this.purchases += 1;
        shipment.buying = true;
        await this.carrierAtWork;
        shipment.buying = false;
        const trackingCode = chosen.carrier === 'USPS' ? '9400100110368068953495' : '1ZA1B2C30312345678';
        // A buy without insurance gets the account's default insurance, as recorded: insurance "50.00" and its fee.
        const insured = insurance === undefined ? this.defaultInsurance : Number(insurance).toFixed(2);
        shipment.bought = { rate: chosen, insurance: insured, trackingCode, trackerId: newId('trk'), labelId: newId('pl'), pdf: false, zpl: false };
        if (this.buyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.buyDelayMs));
        return send(200, this.shipmentJson(shipment));
      }
      if (method === 'GET' && action === '/label') {
        if (!shipment.bought) return error(422, 'SHIPMENT.POSTAGE.REQUIRED', 'This shipment has no postage yet.');
        const format = url.searchParams.get('file_format');
        if (format === 'PDF') shipment.bought.pdf = true;
        else if (format === 'ZPL') shipment.bought.zpl = true;
        else if (format !== 'PNG') return error(422, 'SHIPMENT.LABEL.FORMAT', 'Unsupported label format.');
        return send(200, this.shipmentJson(shipment));
      }
      // Forms (EasyPost's Form Guide): the Label QR Code after the purchase, USPS only (Label Broker).
      if (method === 'POST' && action === '/forms') {
        const { form } = body as { form: { type: string } };
        if (form?.type !== 'label_qr_code') return error(422, 'FORM.TYPE.INVALID', 'Unsupported form type.');
        if (!shipment.bought) return error(422, 'SHIPMENT.POSTAGE.REQUIRED', 'This shipment has no postage yet.');
        if (shipment.bought.rate.carrier !== 'USPS') return error(422, 'FORM.UNSUPPORTED', 'Label QR codes are only available for USPS shipments.');
        shipment.qrForm ??= newId('form');
        return send(201, this.shipmentJson(shipment));
      }
      if (method === 'POST' && action === '/refund') {
        if (shipment.refundStatus) return error(422, 'SHIPMENT.REFUND.INVALID', 'A refund was already requested for this shipment.');
        shipment.refundStatus = this.refundOutcome;
        return send(200, this.shipmentJson(shipment));
      }
    }

    // ScanForms (docs.easypost.com/docs/scan-form): shipments as [{id}], each bought, not refunded,
    // on no other form, all from one origin address. No recording shows EasyPost's refusals of a
    // scan form: they are answered as its other 422s ({error: {code, message, errors}}).
    if (method === 'POST' && path === '/scan_forms') {
      const given = (body as { shipments?: unknown }).shipments;
      if (!Array.isArray(given) || given.length === 0) return error(422, 'PARAMETER.REQUIRED', 'Missing required parameter.', [{ field: 'shipments', message: 'cannot be blank' }]);
      const shipments: FakeShipment[] = [];
      for (const entry of given as { id?: string }[]) {
        const shipment = this.shipments.get(String(entry?.id));
        if (!shipment?.bought) return error(422, 'SCAN_FORM.SHIPMENT.INVALID', `Shipment ${String(entry?.id)} has no postage.`);
        if (shipment.refundStatus) return error(422, 'SCAN_FORM.SHIPMENT.REFUNDED', `Refunded shipments cannot be added to a ScanForm: ${shipment.id}.`);
        const onForm = [...this.scanForms.values()].find((form) => (form.shipment_ids as string[]).includes(shipment.id));
        if (onForm) return error(422, 'SCAN_FORM.SHIPMENT.EXISTS', `Shipment ${shipment.id} already belongs to ScanForm ${String(onForm.id)}.`);
        if (shipments.length > 0 && JSON.stringify(shipment.from) !== JSON.stringify(shipments[0]!.from)) {
          return error(422, 'SCAN_FORM.ADDRESS.MISMATCH', 'All shipments must have the same origin address.');
        }
        shipments.push(shipment);
      }
      const id = newId('sf');
      const form: Json = {
        id,
        object: 'ScanForm',
        created_at: '2026-11-23T18:52:41Z',
        updated_at: '2026-11-23T18:52:41Z',
        tracking_codes: [],
        address: null,
        status: 'creating',
        message: null,
        form_url: null,
        form_file_type: null,
        batch_id: newId('batch'),
        confirmation: null,
        shipment_ids: shipments.map((shipment) => shipment.id),
        made_tracking_codes: shipments.map((shipment) => shipment.bought!.trackingCode),
        made_address: shipments[0]!.from,
      };
      this.scanForms.set(id, form);
      if (this.loseScanFormAnswer) {
        this.loseScanFormAnswer = false;
        response.writeHead(502, { 'content-type': 'text/html' });
        return response.end('<html>Bad Gateway</html>');
      }
      const { shipment_ids: _ids, made_tracking_codes: _codes, made_address: _address, ...answer } = form;
      return send(200, answer);
    }
    // Made by the time it is read back (one, or the list).
    const madeForm = (form: Json) => {
      Object.assign(form, {
        status: 'created',
        tracking_codes: form.made_tracking_codes,
        address: form.made_address,
        form_url: `${this.base}/files/scan_form/${String(form.id)}.pdf`,
        form_file_type: 'application/pdf',
      });
      const { shipment_ids: _ids, made_tracking_codes: _codes, made_address: _address, ...answer } = form;
      return answer;
    };
    // GET /scan_forms: newest first, page_size at most 100 (docs.easypost.com/docs/scan-form).
    if (method === 'GET' && path === '/scan_forms') {
      const pageSize = Math.min(Number(url.searchParams.get('page_size') ?? 20), 100);
      const forms = [...this.scanForms.values()].reverse().slice(0, pageSize);
      return send(200, { scan_forms: forms.map(madeForm), has_more: this.scanForms.size > forms.length });
    }
    const scanFormPath = /^\/scan_forms\/(sf_\w+)$/.exec(path);
    if (method === 'GET' && scanFormPath) {
      const form = this.scanForms.get(scanFormPath[1]!);
      if (!form) return error(404, 'NOT_FOUND', 'The requested resource could not be found.');
      return send(200, madeForm(form));
    }

    if (method === 'POST' && path === '/trackers') {
      const { tracker } = body as { tracker: { tracking_code: string; carrier?: string } };
      return send(200, this.trackerJson('trk_created', tracker.tracking_code, tracker.carrier ?? 'USPS'));
    }
    const trackerPath = /^\/trackers\/(trk_\w+)$/.exec(path);
    if (method === 'GET' && trackerPath) return send(200, this.trackerJson(trackerPath[1]!, 'EZ1000000001', 'USPS'));

    if (method === 'POST' && path === '/pickups') {
      const { pickup } = body as { pickup: { shipment: { id: string }; address: Json; min_datetime: string; max_datetime: string; instructions?: string } };
      const shipment = this.shipments.get(pickup.shipment.id);
      if (!shipment?.bought) return error(422, 'PICKUP.SHIPMENT.INVALID', 'The shipment has no postage.');
      const id = newId('pickup');
      const carrier = String(shipment.bought.rate.carrier);
      const rates =
        carrier === 'USPS'
          ? [{ id: newId('pickuprate'), object: 'PickupRate', carrier: 'USPS', service: 'NextDay', rate: '0.00', currency: 'USD', pickup_id: id }]
          : [{ id: newId('pickuprate'), object: 'PickupRate', carrier, service: 'Future-day Pickup', rate: '6.95', currency: 'USD', pickup_id: id }];
      const json = { id, object: 'Pickup', status: 'unknown', reference: null, min_datetime: pickup.min_datetime, max_datetime: pickup.max_datetime, instructions: pickup.instructions ?? null, messages: [], confirmation: null, address: pickup.address, carrier_accounts: [], pickup_rates: rates };
      this.pickups.set(id, json);
      return send(200, json);
    }
    const pickupPath = /^\/pickups\/(pickup_\w+)(\/buy|\/cancel)?$/.exec(path);
    if (pickupPath) {
      const pickup = this.pickups.get(pickupPath[1]!);
      if (!pickup) return error(404, 'NOT_FOUND', 'The requested resource could not be found.');
      const action = pickupPath[2];
      if (method === 'GET' && !action) return send(200, pickup);
      if (method === 'POST' && action === '/buy') {
        // A pickup is bought once: one booked, being booked or canceled is refused.
        if (pickup.status !== 'unknown' || this.pickupsBooking.has(String(pickup.id))) return unprocessable();
        const { carrier, service } = body as { carrier: string; service: string };
        const rates = pickup.pickup_rates as Json[];
        if (!rates.some((rate) => rate.carrier === carrier && rate.service === service)) return error(422, 'PICKUP.RATE.INVALID', 'No such pickup rate.');
        this.pickupBookings += 1;
        this.pickupsBooking.add(String(pickup.id));
        await this.carrierAtWork;
        this.pickupsBooking.delete(String(pickup.id));
        Object.assign(pickup, { status: 'scheduled', confirmation: 'WTC64740634' });
        return send(200, pickup);
      }
      if (method === 'POST' && action === '/cancel') {
        // As recorded: a scheduled pickup answers canceled; one not booked has nothing to cancel.
        if (pickup.status !== 'scheduled') return unprocessable();
        Object.assign(pickup, { status: 'canceled' });
        return send(200, pickup);
      }
    }
    return error(404, 'NOT_FOUND', 'The requested resource could not be found.');
  }
}

const easypost = new FakeEasyPost();
beforeAll(() => easypost.start());
afterAll(() => easypost.stop());
beforeEach(() => easypost.reset());

const adapter = (options: { apiKey?: string; timeoutMs?: number } = {}): CarriersProvider =>
  createEasyPostCarriersProvider({ apiKey: options.apiKey ?? API_KEY, apiBase: `${easypost.base}/v2`, webhookSecret: 'whsec', timeoutMs: options.timeoutMs ?? 5_000 });

const FROM: PostalAddress = { name: 'Jack Sparrow', street1: '388 Townsend St', street2: 'Apt 20', city: 'San Francisco', state: 'CA', zip: '94107', phone: '5555555555' };
const TO: PostalAddress = { name: 'Elizabeth Swan', street1: '179 N Harbor Dr', city: 'Redondo Beach', state: 'CA', zip: '90277' };
const PARCEL = { lengthIn: 10, widthIn: 8, heightIn: 4, weightOz: 15.4 };

async function ratedShipment(carriers = adapter()) {
  return carriers.rateShipment({ from: FROM, to: TO, parcel: PARCEL });
}

async function boughtShipment(carriers = adapter(), carrier = 'USPS', service = 'GroundAdvantage') {
  const shipment = await ratedShipment(carriers);
  const rate = shipment.rates.find((candidate) => candidate.carrier === carrier && candidate.service === service)!;
  return carriers.buyRate({ shipmentId: shipment.shipmentId, rateId: rate.rateId, insuranceCents: 10_000, idempotencyKey: 'purchase-1' });
}

describeOnce('EasyPost addresses', () => {
  it('verifies an address (basic auth with the key, JSON body with verify) and answers it in EasyPost’s spelling', async () => {
    const result = await adapter().verifyAddress(TO);
    expect(result).toEqual({
      result: 'verified',
      addressId: expect.stringMatching(/^adr_/),
      address: { name: 'ELIZABETH SWAN', street1: '179 N HARBOR DR', city: 'REDONDO BEACH', state: 'CA', zip: '90277-2506', country: 'US', residential: false },
    });
    const [call] = easypost.requests;
    expect(call).toMatchObject({ method: 'POST', path: '/v2/addresses', body: { verify: true, address: { street1: '179 N Harbor Dr', zip: '90277', country: 'US' } } });
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from('EZTK_test_key:').toString('base64')}`);
    expect(call?.headers['content-type']).toBe('application/json');
  });

  it('suggests the address EasyPost corrected (another ZIP code or city)', async () => {
    const result = await adapter().verifyAddress({ ...TO, city: 'Redondo', zip: '90278' });
    expect(result).toMatchObject({
      result: 'suggestion',
      address: { city: 'REDONDO BEACH', zip: '90277-2506' },
      reasons: ['City corrected to REDONDO BEACH', 'ZIP code corrected to 90277'],
    });
  });

  it('refuses an address EasyPost cannot deliver to, with its reasons', async () => {
    expect(await adapter().verifyAddress({ ...TO, street1: '000 Nowhere Street' })).toEqual({ result: 'refused', reasons: ['Address not found'] });
    easypost.failNext(422, { error: { code: 'ADDRESS.VERIFY.FAILURE', message: 'Unable to verify address.', errors: [{ code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found', suggestion: null }] } });
    expect(await adapter().verifyAddress(TO)).toEqual({ result: 'refused', reasons: ['address: Address not found'] });
  });
});

describeOnce('EasyPost shipments and labels', () => {
  it('creates a shipment (inches and ounces) and answers the rates of USPS, UPS and FedEx, cheapest first', async () => {
    const shipment = await ratedShipment();
    expect(easypost.requests[0]?.body).toEqual({
      shipment: {
        from_address: { name: 'Jack Sparrow', street1: '388 Townsend St', street2: 'Apt 20', city: 'San Francisco', state: 'CA', zip: '94107', country: 'US', phone: '5555555555' },
        to_address: { name: 'Elizabeth Swan', street1: '179 N Harbor Dr', city: 'Redondo Beach', state: 'CA', zip: '90277', country: 'US' },
        parcel: { length: 10, width: 8, height: 4, weight: 15.4 },
      },
    });
    expect(shipment.shipmentId).toMatch(/^shp_/);
    expect(shipment.rates.map((rate) => [rate.carrier, rate.service, rate.priceCents, rate.retailPriceCents, rate.deliveryDays])).toEqual([
      ['USPS', 'GroundAdvantage', 593, 845, 3],
      ['USPS', 'Priority', 690, 980, 2],
      ['FedEx', 'FEDEX_GROUND', 987, 1120, 4],
      ['UPS', 'Ground', 1022, null, null],
      ['USPS', 'Express', 3310, 3790, 2],
    ]);
    expect(shipment.rates.every((rate) => rate.shipmentId === shipment.shipmentId && rate.currency === 'USD')).toBe(true);
    expect(shipment.messages).toEqual(['DHLExpress: Service unavailable for this route']);
  });

  it('sends a USPS Flat Rate package as {predefined_package, weight} alone and answers USPS’s rates only, the others saying why', async () => {
    const shipment = await adapter().rateShipment({ from: FROM, to: TO, parcel: { lengthIn: 8.625, widthIn: 5.375, heightIn: 1.625, weightOz: 32, predefinedPackage: 'SmallFlatRateBox' } });
    expect((easypost.requests[0]?.body as { shipment: { parcel: Json } }).shipment.parcel).toEqual({ predefined_package: 'SmallFlatRateBox', weight: 32 });
    expect(shipment.rates.map((rate) => [rate.carrier, rate.service, rate.priceCents])).toEqual([['USPS', 'Priority', 1065]]);
    expect(shipment.messages).toEqual([
      'UPSDAP: Unable to rate with predefined package SmallFlatRateBox',
      'FedExDefault: Unable to rate with predefined package SmallFlatRateBox',
      'DHLExpress: Unable to rate with predefined package SmallFlatRateBox',
    ]);
    const envelope = await adapter().rateShipment({ from: FROM, to: TO, parcel: { lengthIn: 12.5, widthIn: 9.5, heightIn: 0.75, weightOz: 8, predefinedPackage: 'FlatRateEnvelope' } });
    expect(envelope.rates.map((rate) => [rate.carrier, rate.service])).toEqual([
      ['USPS', 'Priority'],
      ['USPS', 'Express'],
    ]);
  });

  it('sends the ship date as options.label_date and reads each rate’s delivery_date as a day, null when the carrier gives none', async () => {
    const carriers = adapter();
    const early = await carriers.rateShipment({ from: FROM, to: TO, parcel: PARCEL, shipDate: '2026-12-01' });
    expect(easypost.requests.at(-1)?.body).toMatchObject({ shipment: { options: { label_date: '2026-12-01T12:00:00Z' } } });
    const late = await carriers.rateShipment({ from: FROM, to: TO, parcel: PARCEL, shipDate: '2026-12-04' });
    const days = (shipment: typeof early) => shipment.rates.map((rate) => [rate.carrier, rate.service, rate.deliveryDays, rate.deliveryDate]);
    expect(days(early)).toEqual([
      ['USPS', 'GroundAdvantage', 3, '2026-12-04'],
      ['USPS', 'Priority', 2, '2026-12-03'],
      ['FedEx', 'FEDEX_GROUND', 4, null],
      ['UPS', 'Ground', null, null],
      ['USPS', 'Express', 2, '2026-12-03'],
    ]);
    // The delivery date moves with the label date (Friday's 2 days are Tuesday's).
    expect(late.rates.find((rate) => rate.service === 'Priority')?.deliveryDate).toBe('2026-12-08');
  });

  it('buys a rate with insurance in dollars and answers the postage', async () => {
    const shipment = await ratedShipment();
    const rate = shipment.rates[0]!;
    const postage = await adapter().buyRate({ shipmentId: shipment.shipmentId, rateId: rate.rateId, insuranceCents: 10_000, idempotencyKey: 'p-1' });
    expect(easypost.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v2/shipments/${shipment.shipmentId}/buy`, body: { rate: { id: rate.rateId }, insurance: '100.00' } });
    expect(postage).toEqual({
      shipmentId: shipment.shipmentId,
      trackingCode: '9400100110368068953495',
      trackerId: expect.stringMatching(/^trk_/),
      labelId: expect.stringMatching(/^pl_/),
      carrier: 'USPS',
      service: 'GroundAdvantage',
      postageCents: 593,
      insuredCents: 10_000,
      insuranceFeeCents: 50,
      labelUrls: { PNG: `${easypost.base}/files/postage_label/${shipment.shipmentId}.png` },
      reconciled: false,
    });
  });

  it('buys an uninsured label with insurance "0.00": not the account default EasyPost adds to a buy that names none, nor its fee', async () => {
    const uninsured = await ratedShipment();
    const postage = await adapter().buyRate({ shipmentId: uninsured.shipmentId, rateId: uninsured.rates[0]!.rateId, insuranceCents: 0, idempotencyKey: 'p-2' });
    expect(easypost.requests.at(-1)?.body).toEqual({ rate: { id: uninsured.rates[0]!.rateId }, insurance: '0.00' });
    expect(postage).toMatchObject({ insuredCents: 0, insuranceFeeCents: 0, postageCents: 593 });
    const shipment = easypost.shipments.get(uninsured.shipmentId)!;
    expect(shipment.bought?.insurance).toBe('0.00');
  });

  it.each(['SHIPMENT.POSTAGE.EXISTS', 'SHIPMENT.INVALID_STATE'])(
    'buys once: a second purchase refused with 422 %s answers the existing postage, charged once',
    async (conflictCode) => {
      easypost.conflictCode = conflictCode;
      const carriers = adapter();
      const shipment = await ratedShipment(carriers);
      const before = easypost.purchases;
      const input = { shipmentId: shipment.shipmentId, rateId: shipment.rates[1]!.rateId, insuranceCents: 10_000, idempotencyKey: 'same' };
      const first = await carriers.buyRate(input);
      const again = await carriers.buyRate(input);
      const otherRate = await carriers.buyRate({ ...input, rateId: shipment.rates[0]!.rateId, idempotencyKey: 'other' });
      expect(easypost.purchases - before).toBe(1);
      expect(again).toEqual({ ...first, reconciled: true });
      expect(otherRate).toEqual({ ...first, reconciled: true });
      expect(easypost.requests.filter((request) => request.method === 'GET' && request.path === `/v2/shipments/${shipment.shipmentId}`)).toHaveLength(2);
    },
  );

  it('reads a purchase whose answer was lost (timeout) back from the shipment, without buying again', async () => {
    // Only the buy has a short timeout: under load, the calls around it must not time out too.
    const shipment = await ratedShipment();
    const before = easypost.purchases;
    easypost.buyDelayMs = 1_000;
    const postage = await adapter({ timeoutMs: 300 }).buyRate({ shipmentId: shipment.shipmentId, rateId: shipment.rates[0]!.rateId, insuranceCents: 0, idempotencyKey: 'slow' });
    expect(postage).toMatchObject({ reconciled: true, trackingCode: '9400100110368068953495', postageCents: 593 });
    expect(easypost.purchases - before).toBe(1);
  });

  it.each(['SHIPMENT.POSTAGE.EXISTS', 'SHIPMENT.INVALID_STATE', 'SHIPMENT.POSTAGE.FAILURE'])(
    'says a retry refused with 422 %s while the lost purchase is still making its label is retryable, and answers that label once it shows, bought once',
    async (conflictCode) => {
      easypost.conflictCode = conflictCode;
      const carriers = adapter();
      const shipment = await ratedShipment(carriers);
      const before = easypost.purchases;
      easypost.holdCarrier();
      const input = { shipmentId: shipment.shipmentId, rateId: shipment.rates[0]!.rateId, insuranceCents: 0, idempotencyKey: 'lost' };
      // The buy times out (only it has a short timeout); the shipment shows no label yet.
      await expect(adapter({ timeoutMs: 300 }).buyRate(input)).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
      // The retry is refused (a purchase is under way) and the shipment still shows no label: not a refusal to act on yet.
      const retried = await carriers.buyRate(input).catch((error: unknown) => error);
      expect(retried).toBeInstanceOf(CarrierError);
      expect(retried).toMatchObject({ retryable: true });
      expect(easypost.requests.slice(-2).map((request) => `${request.method} ${request.path}`)).toEqual([
        `POST /v2/shipments/${shipment.shipmentId}/buy`,
        `GET /v2/shipments/${shipment.shipmentId}`,
      ]);
      easypost.releaseCarrier();
      await vi.waitFor(() => expect(easypost.shipments.get(shipment.shipmentId)?.bought).toBeDefined());
      expect(await carriers.buyRate(input)).toMatchObject({ reconciled: true, trackingCode: '9400100110368068953495', postageCents: 593 });
      expect(easypost.purchases - before).toBe(1);
    },
  );

  it('reads the shipment back after any refused purchase: with no label the refusal may hide an earlier purchase still being made (unsettled, retryable); a shipment EasyPost does not know is refused for good', async () => {
    const carriers = adapter();
    const shipment = await ratedShipment(carriers);
    const before = easypost.purchases;
    easypost.failNext(402, { error: { code: 'PAYMENT_REQUIRED', message: 'Insufficient funds.', errors: [] } });
    const input = { shipmentId: shipment.shipmentId, rateId: shipment.rates[0]!.rateId, insuranceCents: 0, idempotencyKey: 'poor' };
    await expect(carriers.buyRate(input)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', retryable: true, unsettled: true });
    expect(easypost.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/shipments/${shipment.shipmentId}` });
    easypost.failNext(500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong.', errors: [] } });
    await expect(carriers.buyRate(input)).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true, unsettled: false });
    expect(easypost.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/shipments/${shipment.shipmentId}` });
    // A read-back that fails leaves the refusal unsettled too.
    easypost.failNext(422, { error: { code: 'SHIPMENT.POSTAGE.FAILURE', message: 'The carrier refused the label.', errors: [] } });
    easypost.failNext(503, '<html>Service Unavailable</html>');
    await expect(carriers.buyRate(input)).rejects.toMatchObject({ code: 'SHIPMENT.POSTAGE.FAILURE', retryable: true, unsettled: true });
    expect(easypost.purchases).toBe(before);
    await expect(carriers.buyRate({ ...input, shipmentId: 'shp_unknown0000' })).rejects.toMatchObject({ code: 'NOT_FOUND', retryable: false, unsettled: false });
  });

  it.each([
    ['PNG', 'png', '89504e470d0a1a0a', false],
    ['PDF', 'pdf', Buffer.from('%PDF-1.4').toString('hex'), true],
    ['ZPL', 'zpl', Buffer.from('^XA').toString('hex'), true],
  ] as const)('fetches the %s label (converted by EasyPost: %s) and downloads it without the API key', async (format, extension, start, converted) => {
    const postage = await boughtShipment();
    const carriers = adapter();
    const label = await carriers.fetchLabel(postage.shipmentId, format);
    expect(label).toMatchObject({ format, contentType: { PNG: 'image/png', PDF: 'application/pdf', ZPL: 'application/zpl' }[format] });
    expect(label.bytes.toString('hex').startsWith(start)).toBe(true);
    const calls = easypost.requests.slice(easypost.requests.findIndex((request) => request.path === `/v2/shipments/${postage.shipmentId}`));
    expect(calls.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v2/shipments/${postage.shipmentId}`,
      ...(converted ? [`GET /v2/shipments/${postage.shipmentId}/label?file_format=${format}`] : []),
      `GET /files/postage_label/${postage.shipmentId}.${extension}`,
    ]);
    expect(calls.at(-1)?.headers.authorization).toBeUndefined();
    // Converted once: the next fetch downloads the file EasyPost keeps.
    await carriers.fetchLabel(postage.shipmentId, format);
    expect(easypost.requests.filter((request) => request.path.includes('/label?'))).toHaveLength(converted ? 1 : 0);
  });

  it('rates a return label with is_return and the outbound label’s addresses, which EasyPost swaps (issue 23 item 3)', async () => {
    // The return goes from the outbound recipient (TO) back to its sender (FROM).
    const shipment = await adapter().rateShipment({ from: TO, to: FROM, parcel: PARCEL, isReturn: true });
    const sent = easypost.requests.find((request) => request.method === 'POST' && request.path === '/v2/shipments')!.body as { shipment: Json };
    expect(sent.shipment.is_return).toBe(true);
    expect(sent.shipment.from_address).toMatchObject({ street1: FROM.street1, zip: FROM.zip });
    expect(sent.shipment.to_address).toMatchObject({ street1: TO.street1, zip: TO.zip });
    const held = easypost.shipments.get(shipment.shipmentId)!;
    expect([held.from.street1, held.to.street1, held.isReturn]).toEqual([TO.street1, FROM.street1, true]);
    // An ordinary label sends no is_return.
    easypost.requests = [];
    await ratedShipment();
    expect((easypost.requests[0]!.body as { shipment: Json }).shipment).not.toHaveProperty('is_return');
  });

  it('sends a parcel abroad with its customs_info as EasyPost takes it, and a declaration missing a field is refused naming it (issue 25 item 3)', async () => {
    const toronto: PostalAddress = { name: 'Sam Tremblay', street1: '290 Bremner Blvd', city: 'Toronto', state: 'ON', zip: 'M5V 3L9', country: 'CA' };
    const customs = customsDeclarationSchema.parse({
      contents_type: 'merchandise',
      customs_signer: 'Jack Sparrow',
      items: [
        { description: 'Cotton T-shirt', quantity: 2, value: 30, weight: 10, hs_tariff_number: '6109.10.0012', origin_country: 'US' },
        { description: 'Wool cap', quantity: 1, value: 18.5, weight: 4, origin_country: 'CN' },
      ],
    });
    await adapter().rateShipment({ from: FROM, to: toronto, parcel: PARCEL, customs });
    const sent = easypost.requests.find((request) => request.method === 'POST' && request.path === '/v2/shipments')!.body as { shipment: Json };
    expect(sent.shipment.to_address).toMatchObject({ zip: 'M5V 3L9', country: 'CA' });
    expect(sent.shipment.customs_info).toEqual({
      contents_type: 'merchandise',
      customs_certify: true,
      customs_signer: 'Jack Sparrow',
      eel_pfc: 'NOEEI 30.37(a)',
      non_delivery_option: 'return',
      restriction_type: 'none',
      customs_items: [
        { description: 'Cotton T-shirt', quantity: 2, value: 30, weight: 10, hs_tariff_number: '6109100012', origin_country: 'US', currency: 'USD' },
        { description: 'Wool cap', quantity: 1, value: 18.5, weight: 4, origin_country: 'CN', currency: 'USD' },
      ],
    });
    // The fake checks customs_info as EasyPost does: an item without its origin is refused, the field named.
    const unsigned = { ...customs, items: [customs.items[0]!, { ...customs.items[1]!, origin_country: '' }] };
    const refusal = await adapter().rateShipment({ from: FROM, to: toronto, parcel: PARCEL, customs: unsigned }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CarrierError);
    expect(refusal).toMatchObject({
      code: 'INVALID_REQUEST',
      retryable: false,
      details: { providerCode: 'PARAMETER.REQUIRED', reasons: ['customs_info.customs_items.1.origin_country: cannot be blank'] },
    });
    // A parcel at home sends none.
    easypost.requests = [];
    await ratedShipment();
    expect((easypost.requests[0]!.body as { shipment: Json }).shipment).not.toHaveProperty('customs_info');
  });

  it('makes a USPS label’s QR code as EasyPost’s label_qr_code form and downloads it without the API key; once made it is read back (issue 23 item 2)', async () => {
    const postage = await boughtShipment();
    const carriers = adapter();
    const qr = await carriers.fetchLabelQrCode(postage.shipmentId);
    expect(qr).toMatchObject({ format: 'PNG', contentType: 'image/png' });
    expect(qr.bytes.equals(FAKE_QR_PNG)).toBe(true);
    const formCalls = () => easypost.requests.filter((request) => request.method === 'POST' && request.path === `/v2/shipments/${postage.shipmentId}/forms`);
    expect(formCalls().map((request) => request.body)).toEqual([{ form: { type: 'label_qr_code' } }]);
    const download = easypost.requests.find((request) => request.path === `/files/label_qr_code/${postage.shipmentId}.png`)!;
    expect(download.headers.authorization).toBeUndefined();
    await carriers.fetchLabelQrCode(postage.shipmentId);
    expect(formCalls()).toHaveLength(1);
  });

  it('refuses a QR code for a UPS label as EasyPost does (a request it will not take: no retry)', async () => {
    const postage = await boughtShipment(adapter(), 'UPS', 'Ground');
    await expect(adapter().fetchLabelQrCode(postage.shipmentId)).rejects.toMatchObject({ code: 'INVALID_REQUEST', retryable: false });
  });

  it('has no label file before a purchase', async () => {
    const shipment = await ratedShipment();
    await expect(adapter().fetchLabel(shipment.shipmentId, 'PDF')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('reads back the label EasyPost holds for a shipment: none before a purchase or for a shipment it does not know', async () => {
    const carriers = adapter();
    const shipment = await ratedShipment(carriers);
    expect(await carriers.findLabel(shipment.shipmentId)).toBeNull();
    expect(easypost.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/shipments/${shipment.shipmentId}` });
    expect(await carriers.findLabel('shp_unknown0000')).toBeNull();
    const postage = await boughtShipment();
    expect(await carriers.findLabel(postage.shipmentId)).toEqual({ ...postage, reconciled: true });
    easypost.failNext(500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong.', errors: [] } });
    await expect(carriers.findLabel(postage.shipmentId)).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });
});

describeOnce('EasyPost refunds, trackers and pickups', () => {
  it.each(['submitted', 'refunded', 'rejected', 'not_applicable'])('answers the refund_status %s, and the same status when asked again', async (outcome) => {
    easypost.refundOutcome = outcome;
    const carriers = adapter();
    const postage = await boughtShipment(carriers);
    expect(await carriers.getRefundStatus(postage.shipmentId)).toBeNull();
    expect(await carriers.refund(postage.shipmentId)).toBe(outcome);
    expect(easypost.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v2/shipments/${postage.shipmentId}/refund` });
    expect(await carriers.refund(postage.shipmentId)).toBe(outcome);
    expect(await carriers.getRefundStatus(postage.shipmentId)).toBe(outcome);
  });

  it('tracks by tracking code (creating a tracker) and by tracker id', async () => {
    const byCode = await adapter().track({ trackingCode: '9400100110368068953495', carrier: 'USPS' });
    expect(easypost.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/trackers', body: { tracker: { tracking_code: '9400100110368068953495', carrier: 'USPS' } } });
    expect(byCode).toMatchObject({ trackerId: 'trk_created', trackingCode: '9400100110368068953495', carrier: 'USPS', status: 'in_transit', statusDetail: 'arrived_at_facility' });
    expect(byCode.events).toEqual([
      { status: 'pre_transit', message: 'Pre-Shipment Info Sent to USPS', datetime: '2026-11-23T16:06:32Z', city: null, state: null, zip: null },
      { status: 'in_transit', message: 'Arrived at USPS Facility', datetime: '2026-11-24T04:43:32Z', city: 'HOUSTON', state: 'TX', zip: '77063' },
    ]);
    expect(await adapter().track({ trackerId: 'trk_abc' })).toMatchObject({ trackerId: 'trk_abc', trackingCode: 'EZ1000000001' });
  });

  it('creates a pickup, books its rate by the carrier’s own name and service, and cancels it', async () => {
    const carriers = adapter();
    const postage = await boughtShipment(carriers, 'UPS', 'Ground');
    const pickup = await carriers.createPickup({
      shipmentId: postage.shipmentId,
      address: FROM,
      minDatetime: new Date('2026-11-24T16:00:00Z'),
      maxDatetime: new Date('2026-11-24T23:00:00Z'),
      reference: 'Front Door',
      instructions: 'Ring twice',
    });
    expect(easypost.requests.at(-1)?.body).toMatchObject({
      pickup: {
        shipment: { id: postage.shipmentId },
        address: { street1: '388 Townsend St' },
        min_datetime: '2026-11-24T16:00:00.000Z',
        max_datetime: '2026-11-24T23:00:00.000Z',
        reference: 'Front Door',
        instructions: 'Ring twice',
        is_account_address: false,
      },
    });
    expect(pickup).toEqual({
      pickupId: expect.stringMatching(/^pickup_/),
      status: 'unknown',
      rates: [{ rateId: expect.stringMatching(/^pickuprate_/), carrier: 'UPS', service: 'Future-day Pickup', priceCents: 695, currency: 'USD' }],
    });
    const booked = await carriers.buyPickup(pickup.pickupId, pickup.rates[0]!.rateId);
    expect(easypost.requests.at(-1)).toMatchObject({ path: `/v2/pickups/${pickup.pickupId}/buy`, body: { carrier: 'UPSDAP', service: 'Future-day Pickup' } });
    expect(booked).toEqual({ pickupId: pickup.pickupId, status: 'scheduled', confirmation: 'WTC64740634', carrier: 'UPS', service: 'Future-day Pickup', priceCents: 695 });
    await expect(carriers.buyPickup(pickup.pickupId, 'pickuprate_other')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await carriers.cancelPickup(pickup.pickupId)).toBe('canceled');
    await expect(carriers.buyPickup(pickup.pickupId, pickup.rates[0]!.rateId)).rejects.toMatchObject({ code: 'INVALID_REQUEST', retryable: false });
  });

  it('books a pickup once: a retry after a lost answer answers the booking EasyPost made (it refuses a second buy), and one still being booked is retryable', async () => {
    const carriers = adapter();
    const postage = await boughtShipment(carriers, 'FedEx', 'FEDEX_GROUND');
    const pickup = await carriers.createPickup({ shipmentId: postage.shipmentId, address: FROM, minDatetime: new Date('2026-11-24T16:00:00Z'), maxDatetime: new Date('2026-11-24T23:00:00Z') });
    const rateId = pickup.rates[0]!.rateId;
    const before = easypost.pickupBookings;
    easypost.holdCarrier();
    // The answer is lost (timeout, only this call's is short) while the carrier books it.
    await expect(adapter({ timeoutMs: 300 }).buyPickup(pickup.pickupId, rateId)).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    // Tried again while it is still being booked: EasyPost refuses the buy and the pickup does not read scheduled yet.
    await expect(carriers.buyPickup(pickup.pickupId, rateId)).rejects.toMatchObject({ retryable: true });
    easypost.releaseCarrier();
    await vi.waitFor(() => expect(easypost.pickups.get(pickup.pickupId)?.status).toBe('scheduled'));
    const booked = await carriers.buyPickup(pickup.pickupId, rateId);
    expect(booked).toEqual({ pickupId: pickup.pickupId, status: 'scheduled', confirmation: 'WTC64740634', carrier: 'FedEx', service: 'Future-day Pickup', priceCents: 695 });
    expect(await carriers.buyPickup(pickup.pickupId, rateId)).toEqual(booked);
    expect(easypost.pickupBookings - before).toBe(1);
    expect(easypost.requests.filter((request) => request.path === `/v2/pickups/${pickup.pickupId}/buy`)).toHaveLength(2);
  });

  it('reads a pickup back: not booked, scheduled with its confirmation, canceled; none for one EasyPost does not know', async () => {
    const carriers = adapter();
    const postage = await boughtShipment(carriers, 'FedEx', 'FEDEX_GROUND');
    const pickup = await carriers.createPickup({ shipmentId: postage.shipmentId, address: FROM, minDatetime: new Date('2026-11-24T16:00:00Z'), maxDatetime: new Date('2026-11-24T23:00:00Z') });
    expect(await carriers.findPickup(pickup.pickupId)).toEqual({ status: 'unknown', confirmation: null });
    expect(easypost.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/pickups/${pickup.pickupId}` });
    await carriers.buyPickup(pickup.pickupId, pickup.rates[0]!.rateId);
    expect(await carriers.findPickup(pickup.pickupId)).toEqual({ status: 'scheduled', confirmation: 'WTC64740634' });
    await carriers.cancelPickup(pickup.pickupId);
    expect(await carriers.findPickup(pickup.pickupId)).toEqual({ status: 'canceled', confirmation: 'WTC64740634' });
    expect(await carriers.findPickup('pickup_unknown0000')).toBeNull();
    easypost.failNext(500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong.', errors: [] } });
    await expect(carriers.findPickup(pickup.pickupId)).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });
});

describeOnce('EasyPost scan forms (issue 25 item 2)', () => {
  it('creates a ScanForm of bought shipments as an array of {id}, reads it back made, and fetches its PDF without the API key', async () => {
    const carriers = adapter();
    const first = await boughtShipment(carriers);
    const second = await boughtShipment(carriers, 'USPS', 'Priority');
    const made = await carriers.createScanForm({ shipmentIds: [first.shipmentId, second.shipmentId], idempotencyKey: 'scan-form-1' });
    expect(made).toEqual({ scanFormId: expect.stringMatching(/^sf_/), status: 'creating', trackingCodes: [], formUrl: null, batchId: expect.stringMatching(/^batch_/), message: null });
    const created = easypost.requests.find((request) => request.path === '/v2/scan_forms');
    expect(created).toMatchObject({ method: 'POST', body: { shipments: [{ id: first.shipmentId }, { id: second.shipmentId }] } });

    const found = await carriers.findScanForm(made.scanFormId);
    expect(found).toMatchObject({ scanFormId: made.scanFormId, status: 'created', trackingCodes: [first.trackingCode, second.trackingCode], formUrl: expect.stringContaining('/files/scan_form/') });
    const file = await carriers.fetchScanForm(made.scanFormId);
    expect(file).toMatchObject({ format: 'PDF', contentType: 'application/pdf' });
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const download = easypost.requests.find((request) => request.path.startsWith('/files/scan_form/'));
    expect(download?.headers.authorization).toBeUndefined();
    expect(await carriers.findScanForm('sf_unknown')).toBeNull();
  });

  it('answers EasyPost’s refusals as INVALID_REQUEST with its message: a shipment on another form, a refunded one, different origins', async () => {
    const carriers = adapter();
    const shipment = await boughtShipment(carriers);
    await carriers.createScanForm({ shipmentIds: [shipment.shipmentId], idempotencyKey: 'a' });
    await expect(carriers.createScanForm({ shipmentIds: [shipment.shipmentId], idempotencyKey: 'b' })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      retryable: false,
      message: expect.stringContaining('already belongs to ScanForm'),
    });
    const refunded = await boughtShipment(carriers);
    await carriers.refund(refunded.shipmentId);
    await expect(carriers.createScanForm({ shipmentIds: [refunded.shipmentId], idempotencyKey: 'c' })).rejects.toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining('Refunded shipments') });
    const here = await boughtShipment(carriers);
    const rated = await carriers.rateShipment({ from: { ...FROM, street1: '1 Market St' }, to: TO, parcel: PARCEL });
    const there = await carriers.buyRate({ shipmentId: rated.shipmentId, rateId: rated.rates.find((rate) => rate.carrier === 'USPS')!.rateId, insuranceCents: 0, idempotencyKey: 'there' });
    await expect(carriers.createScanForm({ shipmentIds: [here.shipmentId, there.shipmentId], idempotencyKey: 'd' })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      message: 'EasyPost: All shipments must have the same origin address.',
    });
    easypost.failNext(503, 'Service Unavailable', /scan_forms/);
    await expect(carriers.createScanForm({ shipmentIds: [here.shipmentId], idempotencyKey: 'e' })).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });
});

describeOnce('EasyPost errors', () => {
  it.each([
    [402, { error: { code: 'PAYMENT_REQUIRED', message: 'Insufficient funds.', errors: [] } }, 'PAYMENT_REQUIRED', false],
    [404, { error: { code: 'NOT_FOUND', message: 'The requested resource could not be found.', errors: [] } }, 'NOT_FOUND', false],
    [422, { error: { code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: [{ field: 'shipment', message: 'cannot be blank' }] } }, 'INVALID_REQUEST', false],
    [422, { error: { code: 'ADDRESS.VERIFY.FAILURE', message: 'Unable to verify address.', errors: [] } }, 'ADDRESS.VERIFY.FAILURE', false],
    [422, { error: { code: 'SHIPMENT.POSTAGE.FAILURE', message: 'The carrier refused the label.', errors: [] } }, 'SHIPMENT.POSTAGE.FAILURE', false],
    [429, { error: { code: 'RATE_LIMITED', message: 'Too many requests.', errors: [] } }, 'RATE_LIMITED', true],
    [500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong.', errors: [] } }, 'UNAVAILABLE', true],
    [503, '<html>Service Unavailable</html>', 'UNAVAILABLE', true],
  ] as const)('maps HTTP %i %j to %s (retryable: %s)', async (status, body, code, retryable) => {
    easypost.failNext(status, body);
    const failure = await ratedShipment().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CarrierError);
    expect(failure).toMatchObject({ code, retryable, details: { statusCode: status } });
    if (typeof body !== 'string') expect((failure as CarrierError).details.providerCode).toBe(body.error.code);
  });

  it('keeps the field errors as reasons', async () => {
    easypost.failNext(422, { error: { code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: [{ field: 'shipment', message: 'cannot be blank' }] } });
    await expect(ratedShipment()).rejects.toMatchObject({ message: 'EasyPost: Missing required parameter.', details: { reasons: ['shipment: cannot be blank'] } });
  });

  it('says a refused API key is a configuration fault, not worth retrying', async () => {
    await expect(adapter({ apiKey: 'EZAK_wrong' }).verifyAddress(TO)).rejects.toMatchObject({ code: 'UNAUTHORIZED', retryable: false });
  });

  it('says a service that does not answer, or answers nonsense, is unavailable for now', async () => {
    const closed = createEasyPostCarriersProvider({ apiKey: API_KEY, apiBase: 'http://127.0.0.1:1/v2', webhookSecret: undefined, timeoutMs: 1_000 });
    await expect(closed.verifyAddress(TO)).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    easypost.failNext(200, { hello: 'world' });
    await expect(ratedShipment()).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });

  it('refuses insurance above $500 and a parcel without weight before calling EasyPost', async () => {
    const carriers = adapter();
    await expect(carriers.buyRate({ shipmentId: 'shp_x', rateId: 'rate_x', insuranceCents: 50_001, idempotencyKey: 'k' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(carriers.rateShipment({ from: FROM, to: TO, parcel: { ...PARCEL, weightOz: 0 } })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    expect(easypost.requests).toHaveLength(0);
  });
});

describe('the app’s carriers provider', () => {
  const database = useTestDatabase();

  it('is the simulator by default', async () => {
    const t = await buildTestApp(database.url());
    try {
      expect(t.app.carriers.name).toBe('simulator');
      expect((await t.app.carriers.verifyAddress(FROM)).result).toBe('verified');
    } finally {
      await t.close();
    }
  });

  it('is EasyPost at the configured API base with CARRIERS_PROVIDER=easypost', async () => {
    const t = await buildTestApp(database.url(), { carriers: { provider: 'easypost', apiKey: API_KEY, apiBase: `${easypost.base}/v2`, webhookSecret: undefined } });
    try {
      expect(t.app.carriers.name).toBe('easypost');
      expect((await t.app.carriers.verifyAddress(TO)).result).toBe('verified');
      expect(easypost.requests.at(-1)?.path).toBe('/v2/addresses');
    } finally {
      await t.close();
    }
  });
});

describe('the portal buying labels and pickups through EasyPost (SQLite and PostgreSQL)', () => {
  const database = useTestDatabase();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database.url(), { carriers: { provider: 'easypost', apiKey: API_KEY, apiBase: `${easypost.base}/v2`, webhookSecret: undefined, timeoutMs: 800 } });
  });
  afterAll(() => t.close());

  const ORDER = {
    from: { firstName: 'Casey', lastName: 'Customer', address1: '1 Main St', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101' },
    to: { firstName: 'Maria', lastName: 'Lopez', address1: '55 Elm St', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199' },
    parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 },
    insuredValue: 0,
  };
  const shipmentRow = (id: number) => t.app.db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const orderStatus = async (id: number) => (await t.app.db.selectFrom('payment_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const BUY = /\/buy$/;
  const refundsAsked = (shipmentId: string) => easypost.requests.filter((request) => request.method === 'POST' && request.path === `/v2/shipments/${shipmentId}/refund`);

  /** A customer's label rated by EasyPost and paid for (USPS GroundAdvantage unless said); `returned` follows the payment's return. */
  async function paidLabel(carrier = 'USPS', service = 'GroundAdvantage') {
    const customer = await newCustomer(t.app);
    const rated = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/rates', payload: ORDER, headers: { cookie: customer.cookie } });
    const { draftId, rates } = rated.json().data as { draftId: number; rates: { rateId: string; carrier: string; service: string }[] };
    const rate = rates.find((candidate) => candidate.carrier === carrier && candidate.service === service)!;
    const bought = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/buy', payload: { draftId, rateId: rate.rateId }, headers: { cookie: customer.cookie } });
    expect(bought.json(), bought.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.redirect });
    const token = new URL(bought.json().redirectURL as string).searchParams.get('token')!;
    const approved = await postForm(t.app, '/app/v1/payments/simulator/approve', { token });
    expect(approved.statusCode).toBe(303);
    const returned = async () => {
      const response = await t.app.inject({ method: 'GET', url: locationPath(approved.headers.location), headers: { cookie: customer.cookie } });
      expect(response.statusCode).toBe(303);
    };
    return { customer, draftId, returned };
  }

  it('makes a scan form through EasyPost (issue 25 item 2): answered being made, read back made when its PDF is asked, the PDF EasyPost’s', async () => {
    const { customer, draftId, returned } = await paidLabel();
    await returned();
    const made = await t.app.inject({ method: 'POST', url: '/app/v1/scanForms/create', payload: { shipmentIds: [draftId] }, headers: { cookie: customer.cookie } });
    expect(made.json(), made.body).toMatchObject({ errorcode: 0, message: SCAN_FORM_MESSAGES.beingMade(1), data: { status: 'creating', scanFormId: expect.stringMatching(/^sf_/) } });
    const row = await shipmentRow(draftId);
    expect(easypost.requests.find((request) => request.path === '/v2/scan_forms')?.body).toEqual({ shipments: [{ id: row.provider_shipment_id }] });
    const file = await t.app.inject({
      method: 'POST',
      url: '/app/v1/scanForms/download',
      payload: `id=${made.json().data.id}`,
      headers: { cookie: customer.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.rawPayload.toString()).toBe('%PDF-1.4 easypost scan form');
    const listed = await t.app.inject({ method: 'GET', url: '/app/v1/scanForms/list', headers: { cookie: customer.cookie } });
    expect(listed.json().data.list[0]).toMatchObject({ status: 'created', labels: [{ trackingNum: row.tracking_code }] });
  });

  it('a scan form whose EasyPost answer was lost is looked up on the retry, not POSTed again (EasyPost refuses that) nor marked failed', async () => {
    const { customer, draftId, returned } = await paidLabel();
    await returned();
    const create = () => t.app.inject({ method: 'POST', url: '/app/v1/scanForms/create', payload: { shipmentIds: [draftId] }, headers: { cookie: customer.cookie } });
    easypost.loseScanFormAnswer = true;
    const lost = await create();
    expect(lost.statusCode, lost.body).toBe(503);
    const posts = () => easypost.requests.filter((request) => request.method === 'POST' && request.path === '/v2/scan_forms').length;
    expect(posts()).toBe(1);
    const again = await create();
    expect(again.json(), again.body).toMatchObject({ errorcode: 0, data: { status: 'created', scanFormId: [...easypost.scanForms.keys()].at(-1) } });
    expect(posts()).toBe(1);
    const listed = await t.app.inject({ method: 'GET', url: '/app/v1/scanForms/list', headers: { cookie: customer.cookie } });
    expect(listed.json().data.list).toHaveLength(1);
    expect(listed.json().data.list[0]).toMatchObject({ status: 'created', labels: [{ shippingdetails_id: draftId }] });
  });

  it('a scan form download only reads the form at EasyPost: it never POSTs one', async () => {
    const { customer, draftId, returned } = await paidLabel();
    await returned();
    easypost.loseScanFormAnswer = true;
    const lost = await t.app.inject({ method: 'POST', url: '/app/v1/scanForms/create', payload: { shipmentIds: [draftId] }, headers: { cookie: customer.cookie } });
    expect(lost.statusCode, lost.body).toBe(503);
    const posts = () => easypost.requests.filter((request) => request.method === 'POST' && request.path === '/v2/scan_forms').length;
    const id = (await t.app.db.selectFrom('scan_forms').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const file = await t.app.inject({ method: 'POST', url: '/app/v1/scanForms/download', payload: `id=${id}`, headers: { cookie: customer.cookie, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.rawPayload.toString()).toBe('%PDF-1.4 easypost scan form');
    expect(posts()).toBe(1);
  });

  it('downloads a label bought through EasyPost as ZPL (issue 23): asked once with file_format=ZPL, as EasyPost documents, then kept', async () => {
    const label = await paidLabel();
    await label.returned();
    const shipment = await shipmentRow(label.draftId);
    expect(shipment.state).toBe('bought');
    const converted = () => easypost.requests.filter((request) => request.path === `/v2/shipments/${shipment.provider_shipment_id}/label?file_format=ZPL`);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId: shipment.provider_shipment_id!, format: 'zpl' }, label.customer.cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zpl');
      expect(response.body).toBe('^XA^FDeasypost^FS^XZ');
    }
    expect(converted()).toHaveLength(1);
    // The PDF EasyPost converted at purchase is the 4x6 download, as before.
    const pdf = await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId: shipment.provider_shipment_id! }, label.customer.cookie);
    expect(pdf.body).toBe('%PDF-1.4 easypost label');
  });

  it('buys a USPS label with its QR code (EasyPost’s label_qr_code form) and a return label rated with is_return, as the portal’s own checkout (issue 23 items 2 and 3)', async () => {
    const customer = await newCustomer(t.app);
    const buyPaid = async (payload: Record<string, unknown>, qrCode: boolean) => {
      const rated = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/rates', payload, headers: { cookie: customer.cookie } });
      expect(rated.json(), rated.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok });
      const { draftId, rates } = rated.json().data as { draftId: number; rates: { rateId: string; carrier: string; service: string }[] };
      const rate = rates.find((candidate) => candidate.carrier === 'USPS' && candidate.service === 'GroundAdvantage')!;
      const bought = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/buy', payload: { draftId, rateId: rate.rateId, qrCode }, headers: { cookie: customer.cookie } });
      const token = new URL(bought.json().redirectURL as string).searchParams.get('token')!;
      const approved = await postForm(t.app, '/app/v1/payments/simulator/approve', { token });
      await t.app.inject({ method: 'GET', url: locationPath(approved.headers.location), headers: { cookie: customer.cookie } });
      const row = await shipmentRow(draftId);
      expect(row.state).toBe('bought');
      return row;
    };
    const outbound = await buyPaid(ORDER, true);
    expect(easypost.requests.some((request) => request.path === `/v2/shipments/${outbound.provider_shipment_id}/forms`)).toBe(true);
    const qr = await postForm(t.app, '/app/v1/getLabelQrCode', { shippingIndexID: outbound.id }, customer.cookie);
    expect(Buffer.from(qr.json().data as string, 'base64').equals(FAKE_QR_PNG)).toBe(true);

    easypost.requests = [];
    const returned = await buyPaid({ ...ORDER, from: ORDER.to, to: ORDER.from, returnOf: outbound.id }, false);
    const created = easypost.requests.find((request) => request.method === 'POST' && request.path === '/v2/shipments')!.body as { shipment: Json };
    expect(created.shipment.is_return).toBe(true);
    // EasyPost is given the outbound label's addresses, and the return it holds goes back to the sender.
    expect(created.shipment.from_address).toMatchObject({ street1: '1 Main St' });
    expect(easypost.shipments.get(returned.provider_shipment_id!)!.to).toMatchObject({ street1: '1 Main St' });
    expect(returned.return_of_id).toBe(outbound.id);
    expect(easypost.requests.some((request) => request.path.endsWith('/forms'))).toBe(false);
  });

  it('says the ZPL label cannot be had now when EasyPost does not answer, and keeps nothing', async () => {
    const label = await paidLabel();
    await label.returned();
    const shipment = await shipmentRow(label.draftId);
    easypost.failNext(503, '<html>Service Unavailable</html>');
    const response = await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId: shipment.provider_shipment_id!, format: 'zpl' }, label.customer.cookie);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errorcode: -503, message: LABEL_FILE_MESSAGES.zplUnavailable });
    const kept = await t.app.db.selectFrom('shipment_labels').select('format').where('shipment_id', '=', label.draftId).execute();
    expect(kept.map((row) => row.format).sort()).toEqual(['PDF', 'PNG']);
  });

  it('rates for the ship date chosen: EasyPost’s delivery dates where it gives them, else the days counted from the ship date', async () => {
    const customer = await newCustomer(t.app);
    const shipDate = shipDatesFrom(t.config.clock(), 'CA').at(-1)!;
    const rated = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/rates', payload: { ...ORDER, shipDate }, headers: { cookie: customer.cookie } });
    expect(rated.json(), rated.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok, data: { shipDate } });
    const sent = easypost.requests.filter((request) => request.method === 'POST' && request.path === '/v2/shipments').at(-1);
    expect(sent?.body).toMatchObject({ shipment: { options: { label_date: `${shipDate}T12:00:00Z` } } });
    const rates = rated.json().data.rates as { carrier: string; service: string; retailRate: string; rate: string; deliveryDays: number | null; deliveryDate: string | null }[];
    const byService = (service: string) => rates.find((rate) => rate.service === service)!;
    // USPS: EasyPost's own date; FedEx: 4 FedEx working days from the ship date; UPS gave no days at all.
    expect(byService('Priority').deliveryDate).toBe(estimatedDeliveryDate(shipDate, 2, 'USPS'));
    expect(byService('FEDEX_GROUND').deliveryDate).toBe(estimatedDeliveryDate(shipDate, 4, 'FedEx'));
    expect(byService('Ground')).toMatchObject({ deliveryDays: null, deliveryDate: null, retailRate: '10.22', rate: '10.22' });
    expect(byService('GroundAdvantage')).toMatchObject({ rate: '5.93', retailRate: '8.45' });
  });

  it('rates a label in a USPS Small Flat Rate Box with USPS alone, and keeps the package with the label', async () => {
    const customer = await newCustomer(t.app);
    const order = { ...ORDER, parcel: { predefinedPackage: 'SmallFlatRateBox', weightLb: 2 } };
    const rated = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/rates', payload: order, headers: { cookie: customer.cookie } });
    expect(rated.json(), rated.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok });
    const { draftId, rates } = rated.json().data as { draftId: number; rates: { carrier: string; service: string }[] };
    expect(rates.map((rate) => [rate.carrier, rate.service])).toEqual([['USPS', 'Priority']]);
    const sent = easypost.requests.filter((request) => request.method === 'POST' && request.path === '/v2/shipments').at(-1);
    expect((sent?.body as { shipment: { parcel: Json } }).shipment.parcel).toEqual({ predefined_package: 'SmallFlatRateBox', weight: 32 });
    expect(await shipmentRow(draftId)).toMatchObject({ predefined_package: 'SmallFlatRateBox', length_in: 8.625, width_in: 5.375, height_in: 1.625, weight_oz: 32 });
  });

  /** A FedEx label bought, then a pickup of it quoted by EasyPost and paid for; `returned` follows the payment's return. */
  async function paidPickup() {
    const label = await paidLabel('FedEx', 'FEDEX_GROUND');
    await label.returned();
    const shipment = await shipmentRow(label.draftId);
    expect(shipment.state).toBe('bought');
    const { cookie, userId } = label.customer;
    const address = { name: 'Casey Customer', street1: '1 Main St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US', phone: '415-555-0101' };
    const addressId = (await postForm(t.app, '/openapi/easyPost/validateAddress', address, cookie)).json().data.addrId as string;
    const date = carrierPickupDates(t.config.clock(), stateTimeZone('CA'), 'FedEx').at(-1)!;
    const fields = { addressId, shipmentId: shipment.provider_shipment_id!, minDatetime: `${date} 09:00:00`, maxDatetime: `${date} 16:00:00`, reference: 'Front Door', instructions: '', userLocker: 0 };
    const quoted = await postForm(t.app, '/openapi/easyPost/createPickup', fields, cookie);
    expect(quoted.json(), quoted.body).toMatchObject({ code: 0 });
    const { pickupId, pickup_rates } = quoted.json().data as { pickupId: string; pickup_rates: { id: string }[] };
    const paid = await postForm(t.app, '/openapi/easyPost/paypalByPickup', { shipmentId: fields.shipmentId, pickupId, pickupRateId: pickup_rates[0]!.id, userId, useLocker: 0 }, cookie);
    expect(paid.json(), paid.body).toMatchObject({ code: 0 });
    const approved = await postForm(t.app, '/app/v1/payments/simulator/approve', { token: new URL(paid.json().paymentUrl as string).searchParams.get('token')! });
    const returned = async () => {
      const response = await t.app.inject({ method: 'GET', url: locationPath(approved.headers.location), headers: { cookie } });
      expect(response.statusCode).toBe(303);
    };
    return { pickupId, returned };
  }
  const pickupRow = (pickupId: string) => t.app.db.selectFrom('pickups').selectAll().where('provider_pickup_id', '=', pickupId).executeTakeFirstOrThrow();
  const cancelsAsked = (pickupId: string) => easypost.requests.filter((request) => request.method === 'POST' && request.path === `/v2/pickups/${pickupId}/cancel`);

  it('buys the label of a purchase whose answer was lost when the retry is refused before the label shows: the customer keeps it, nothing is refunded', async () => {
    // EasyPost refuses a buy of a shipment being bought (no recording says with which code: one the adapter cannot take for "bought").
    easypost.conflictCode = 'SHIPMENT.POSTAGE.FAILURE';
    const { draftId, returned } = await paidLabel();
    const before = easypost.purchases;
    easypost.holdCarrier();
    // The return's buy times out while the carrier makes the label.
    await returned();
    expect((await shipmentRow(draftId)).state).toBe('buying');
    const shipmentId = (await shipmentRow(draftId)).provider_shipment_id!;

    // The job's try: refused, and no label shows yet. Not a refusal to refund on.
    t.advance(3 * 60 * 1000);
    await t.app.jobs.drain();
    expect(easypost.requests.filter((request) => request.path === `/v2/shipments/${shipmentId}/buy`)).toHaveLength(2);
    expect(easypost.shipments.get(shipmentId)?.bought).toBeUndefined();
    expect((await shipmentRow(draftId)).state).toBe('buying');

    easypost.releaseCarrier();
    await vi.waitFor(() => expect(easypost.shipments.get(shipmentId)?.bought).toBeDefined());
    t.advance(5 * 60 * 1000);
    await t.app.jobs.drain();
    const row = await shipmentRow(draftId);
    expect(row).toMatchObject({ state: 'bought', tracking_code: '9400100110368068953495' });
    expect(await orderStatus(row.payment_order_id!)).toBe('captured');
    expect(easypost.purchases - before).toBe(1);
    expect(refundsAsked(shipmentId)).toHaveLength(0);
  });

  it('refunds at once a label EasyPost refuses on the first try, and one the job is refused once the purchase has settled', async () => {
    const refusal = { error: { code: 'SHIPMENT.POSTAGE.FAILURE', message: 'The carrier refused the label.', errors: [] } };
    const first = await paidLabel();
    easypost.failNext(422, refusal, BUY);
    await first.returned();
    const refused = await shipmentRow(first.draftId);
    expect(refused).toMatchObject({ state: 'failed' });
    expect(refused.purchase_note).toContain('the carrier declined to make it');
    expect(await orderStatus(refused.payment_order_id!)).toBe('refunded');

    const later = await paidLabel();
    easypost.failNext(500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong.', errors: [] } }, BUY);
    await later.returned();
    t.advance(3 * 60 * 1000);
    easypost.failNext(422, refusal, BUY);
    await t.app.jobs.drain();
    expect((await shipmentRow(later.draftId)).state).toBe('buying');
    t.advance(15 * 60 * 1000);
    easypost.failNext(422, refusal, BUY);
    await t.app.jobs.drain();
    const settled = await shipmentRow(later.draftId);
    expect(settled.state).toBe('failed');
    expect(settled.purchase_note).toContain('the carrier declined to make it');
    expect(await orderStatus(settled.payment_order_id!)).toBe('refunded');
  });

  it('asks EasyPost to refund a label a given-up purchase made after the void first looked for it', async () => {
    const { draftId, returned } = await paidLabel();
    easypost.failNext(500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong.', errors: [] } }, BUY);
    await returned();
    expect((await shipmentRow(draftId)).state).toBe('buying');
    const shipmentId = (await shipmentRow(draftId)).provider_shipment_id!;

    // The last try before giving up times out while the carrier makes the label: refunded, and no label to void yet.
    t.advance(BUYING_GIVE_UP_MS);
    easypost.holdCarrier();
    await t.app.jobs.drain();
    const failed = await shipmentRow(draftId);
    expect(failed.state).toBe('failed');
    expect(await orderStatus(failed.payment_order_id!)).toBe('refunded');
    // The void's job looks again: still none.
    t.advance(3 * 60 * 1000);
    await t.app.jobs.drain();
    expect(easypost.shipments.get(shipmentId)?.bought).toBeUndefined();
    expect(refundsAsked(shipmentId)).toHaveLength(0);

    easypost.releaseCarrier();
    await vi.waitFor(() => expect(easypost.shipments.get(shipmentId)?.bought).toBeDefined());
    t.advance(20 * 60 * 1000);
    await t.app.jobs.drain();
    expect(refundsAsked(shipmentId)).toHaveLength(1);
    expect(easypost.shipments.get(shipmentId)?.refundStatus).toBe('submitted');
    expect((await shipmentRow(draftId)).refund_requested_at).not.toBeNull();
    t.advance(60 * 60 * 1000);
    await t.app.jobs.drain();
    expect(refundsAsked(shipmentId)).toHaveLength(1);
  });

  it('books the pickup a lost booking made when the job tries again: the customer keeps it, nothing is refunded', async () => {
    const { pickupId, returned } = await paidPickup();
    const before = easypost.pickupBookings;
    easypost.holdCarrier();
    // The return's booking times out while the carrier books it.
    await returned();
    expect((await pickupRow(pickupId)).state).toBe('booking');
    easypost.releaseCarrier();
    await vi.waitFor(() => expect(easypost.pickups.get(pickupId)?.status).toBe('scheduled'));

    t.advance(3 * 60 * 1000);
    await t.app.jobs.drain();
    const row = await pickupRow(pickupId);
    expect(row).toMatchObject({ state: 'scheduled', confirmation: 'WTC64740634' });
    expect(await orderStatus(row.payment_order_id!)).toBe('captured');
    expect(easypost.pickupBookings - before).toBe(1);
    expect(cancelsAsked(pickupId)).toHaveLength(0);
  });

  it('cancels with EasyPost a booking a given-up pickup made after the void first looked for it, once', async () => {
    const { pickupId, returned } = await paidPickup();
    easypost.failNext(500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong.', errors: [] } }, BUY);
    await returned();
    expect((await pickupRow(pickupId)).state).toBe('booking');

    // The last try before giving up times out while the carrier books: refunded, and nothing booked to cancel yet.
    t.advance(BOOKING_GIVE_UP_MS);
    easypost.holdCarrier();
    await t.app.jobs.drain();
    const failed = await pickupRow(pickupId);
    expect(failed.state).toBe('failed');
    expect(await orderStatus(failed.payment_order_id!)).toBe('refunded');
    t.advance(3 * 60 * 1000);
    await t.app.jobs.drain();
    expect(easypost.pickups.get(pickupId)?.status).toBe('unknown');

    easypost.releaseCarrier();
    await vi.waitFor(() => expect(easypost.pickups.get(pickupId)?.status).toBe('scheduled'));
    t.advance(20 * 60 * 1000);
    await t.app.jobs.drain();
    expect(easypost.pickups.get(pickupId)?.status).toBe('canceled');
    expect((await pickupRow(pickupId)).cancel_claimed_at).not.toBeNull();
    t.advance(60 * 60 * 1000);
    await t.app.jobs.drain();
    expect(cancelsAsked(pickupId).filter((request) => request.path.endsWith('/cancel'))).toHaveLength(1);
    expect((await pickupRow(pickupId)).state).toBe('failed');
  });
});

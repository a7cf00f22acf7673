import { z } from 'zod';
import { textField, whenMissing } from './fields.js';

/**
 * International labels (issue 25 item 3): the customs declaration a parcel to another country
 * carries, shaped as EasyPost's CustomsInfo and CustomsItem (docs.easypost.com/docs/customs-infos,
 * customs-items) so the adapter passes it on as it is: the wire uses EasyPost's field names.
 *
 * Every message names its field by its path in the block (`items[1].hs_tariff_number`, items
 * counted from 0 as in the JSON sent), so a client and a customer both see which one to fix.
 */

/** EasyPost's contents types this portal offers (not dangerous goods, nor humanitarian donations). */
export const CUSTOMS_CONTENTS_TYPES = ['merchandise', 'gift', 'documents', 'returned_goods', 'sample', 'other'] as const;
export type CustomsContentsType = (typeof CUSTOMS_CONTENTS_TYPES)[number];

export const CUSTOMS_LIMITS = {
  /** UPS takes at most 100 items a declaration; the customs forms of the others hold far fewer lines, so 20 is the portal's limit. */
  maxItems: 20,
  /** Above this value (USD) for one Schedule B / HS group, the export needs an AES filing: the EEL/PFC is its ITN. */
  noEeiMaxValueUsd: 2500,
  maxItemValueUsd: 100_000,
  maxQuantity: 9999,
  /** Ounces, a whole line (150 lb, the heaviest parcel). */
  maxItemWeightOz: 150 * 16,
} as const;

/** The EEL/PFC of a parcel whose every HS group is worth $2,500 or less (15 CFR 30.37(a)). */
export const NO_EEI_EXEMPTION = 'NOEEI 30.37(a)';
/** An AES Internal Transaction Number, as the EEL/PFC of an export filed in AES: 'AES X' and 14 digits. */
export const AES_ITN_PATTERN = /^AES X\d{14}$/;

/** Text that names the field: `<path>: <rule>`. */
const say = (path: string, rule: string) => `${path}: ${rule}`;

const itemText = (path: string, max: number) =>
  textField.trim().min(1, { message: say(path, 'enter it'), abort: true }).max(max, say(path, `at most ${max} characters`));

const itemNumber = (path: string, rule: string, min: number, max: number, integer = false) => {
  const number = z.coerce.number<string | number>({ error: say(path, rule) }).gt(min, say(path, rule)).max(max, say(path, rule));
  return integer ? number.int(say(path, rule)) : number;
};

/** One line of the declaration: what, how many, their total value (USD) and total weight (ounces), HS code and origin. */
export function customsItemSchema(index: number) {
  const at = (field: string) => `items[${index}].${field}`;
  return z.object({
    description: itemText(at('description'), 255),
    quantity: itemNumber(at('quantity'), `a whole number from 1 to ${CUSTOMS_LIMITS.maxQuantity}`, 0, CUSTOMS_LIMITS.maxQuantity, true),
    /** The line's total value (unit value × quantity), USD: EasyPost's value. */
    value: itemNumber(at('value'), `the total value in US dollars, more than 0 and at most ${CUSTOMS_LIMITS.maxItemValueUsd}`, 0, CUSTOMS_LIMITS.maxItemValueUsd).transform(
      (dollars) => Math.round(dollars * 100) / 100,
    ),
    /** The line's total weight, ounces: EasyPost's weight. */
    weight: itemNumber(at('weight'), `the total weight in ounces, more than 0 and at most ${CUSTOMS_LIMITS.maxItemWeightOz}`, 0, CUSTOMS_LIMITS.maxItemWeightOz),
    /**
     * The Harmonized System code, 6 to 10 digits (dots and spaces dropped: '6109.10.0012').
     * Optional as EasyPost has it; a carrier that needs one refuses the rate without it.
     */
    hs_tariff_number: whenMissing(
      textField.transform((code) => code.replace(/[.\s]/g, '')).pipe(z.string().regex(/^(\d{6,10})?$/, say(at('hs_tariff_number'), 'the HS code, 6 to 10 digits'))),
      '',
    ),
    /** Where it was made, ISO 3166-1 alpha-2 ('US', 'CN'). */
    origin_country: textField
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, say(at('origin_country'), 'the country of origin as two letters (US, CN, …)')),
  });
}
export type CustomsItem = z.output<ReturnType<typeof customsItemSchema>>;
export type CustomsItemForm = z.input<ReturnType<typeof customsItemSchema>>;

/** Each item checked with its index in its messages. */
const customsItemsField = z
  .array(z.unknown(), { error: say('items', 'list what the parcel holds') })
  .min(1, say('items', 'list what the parcel holds: at least one item'))
  .max(CUSTOMS_LIMITS.maxItems, say('items', `at most ${CUSTOMS_LIMITS.maxItems} items`))
  .transform((items, context) => {
    const parsed: CustomsItem[] = [];
    items.forEach((item, index) => {
      const result = customsItemSchema(index).safeParse(item);
      if (result.success) parsed.push(result.data);
      else for (const issue of result.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: [index, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))] });
    });
    return parsed;
  });

/** The value of each HS group (items without a code each their own group), USD. */
export function customsValueByHsGroup(items: readonly Pick<CustomsItem, 'hs_tariff_number' | 'value'>[]): number[] {
  const groups = new Map<string, number>();
  items.forEach((item, index) => {
    const digits = item.hs_tariff_number.replace(/\D/g, '');
    const key = digits === '' ? `item ${index}` : digits.slice(0, 6);
    groups.set(key, Math.round(((groups.get(key) ?? 0) + item.value) * 100) / 100);
  });
  return [...groups.values()];
}

/** Whether the declaration needs an AES filing (an ITN as its EEL/PFC): an HS group worth more than $2,500. */
export function customsNeedsAes(items: readonly Pick<CustomsItem, 'hs_tariff_number' | 'value'>[]): boolean {
  return customsValueByHsGroup(items).some((value) => value > CUSTOMS_LIMITS.noEeiMaxValueUsd);
}

/** The declaration's total value, USD. */
export const customsTotalValue = (items: readonly Pick<CustomsItem, 'value'>[]) => Math.round(items.reduce((sum, item) => sum + item.value * 100, 0)) / 100;

/**
 * A customs declaration (EasyPost's CustomsInfo): the contents type (an explanation with
 * 'other'), the items, the EEL/PFC ('NOEEI 30.37(a)' when left out and no HS group is over
 * $2,500; otherwise the AES ITN, required), who signs it, and what to do with a parcel that
 * cannot be delivered. customs_certify is always true: the signer certifies it electronically.
 */
export const customsDeclarationSchema = z
  .object({
    contents_type: z.enum(CUSTOMS_CONTENTS_TYPES, { error: say('contents_type', `one of ${CUSTOMS_CONTENTS_TYPES.join(', ')}`) }),
    contents_explanation: whenMissing(textField.trim().max(255, say('contents_explanation', 'at most 255 characters')), ''),
    customs_signer: textField
      .trim()
      .min(1, { message: say('customs_signer', 'the name of the person who signs the declaration'), abort: true })
      .max(100, say('customs_signer', 'at most 100 characters')),
    eel_pfc: whenMissing(textField.trim().max(40, say('eel_pfc', 'at most 40 characters')), ''),
    non_delivery_option: whenMissing(z.enum(['return', 'abandon'], { error: say('non_delivery_option', 'return or abandon') }), 'return'),
    items: customsItemsField,
  })
  .superRefine((declaration, context) => {
    if (declaration.contents_type === 'other' && declaration.contents_explanation === '') {
      context.addIssue({ code: 'custom', message: say('contents_explanation', "say what the parcel holds (contents type 'other')"), path: ['contents_explanation'] });
    }
    const aes = customsNeedsAes(declaration.items);
    if (aes && !AES_ITN_PATTERN.test(declaration.eel_pfc)) {
      context.addIssue({
        code: 'custom',
        message: say('eel_pfc', `an HS group is worth more than $${CUSTOMS_LIMITS.noEeiMaxValueUsd.toLocaleString('en-US')}: enter the AES ITN (AES X and 14 digits)`),
        path: ['eel_pfc'],
      });
    } else if (!aes && declaration.eel_pfc !== '' && declaration.eel_pfc !== NO_EEI_EXEMPTION && !AES_ITN_PATTERN.test(declaration.eel_pfc)) {
      context.addIssue({ code: 'custom', message: say('eel_pfc', `${NO_EEI_EXEMPTION} or an AES ITN (AES X and 14 digits)`), path: ['eel_pfc'] });
    }
  })
  .transform((declaration) => ({
    ...declaration,
    eel_pfc: declaration.eel_pfc === '' ? NO_EEI_EXEMPTION : declaration.eel_pfc,
    customs_certify: true as const,
  }));
export type CustomsDeclarationForm = z.input<typeof customsDeclarationSchema>;
export type CustomsDeclaration = z.output<typeof customsDeclarationSchema>;

/** The message of a rate request to another country without a declaration. */
export const CUSTOMS_REQUIRED_MESSAGE = 'customs: a parcel to another country needs its customs declaration';

/** How contacts and older records spell the United States ('USA'), read as its two letters. */
const UNITED_STATES_SPELLINGS = new Set(['USA', 'UNITED STATES', 'UNITED STATES OF AMERICA']);

/** A country as ISO 3166-1 alpha-2 (a contact's 'USA' read as 'US'); absent or empty: the United States. */
export const countryField = whenMissing(
  textField
    .trim()
    .toUpperCase()
    .transform((country) => (country === '' || UNITED_STATES_SPELLINGS.has(country) ? 'US' : country))
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'country: two letters (US, CA, …)')),
  'US',
);

/** Whether a parcel between these countries crosses a border, so needs a customs declaration. */
export const crossesBorder = (from: string, to: string) => from !== to;

/**
 * The label page's Customs step (issue 25 item 3): the declaration as the rate call checks it, so
 * every message names its field ('items[1].hs_tariff_number: …'); the page shows each beside its field.
 */
export const labelCustomsStepSchema = customsDeclarationSchema;

/**
 * A declaration as the answers carry it (unpaid labels, details, ship again): the checked
 * declaration's fields as plain values, no rule or transform (a response schema describes, the
 * request checked it).
 */
export const customsDeclarationAnswerSchema = z.object({
  contents_type: z.enum(CUSTOMS_CONTENTS_TYPES),
  contents_explanation: z.string(),
  customs_signer: z.string(),
  eel_pfc: z.string(),
  non_delivery_option: z.enum(['return', 'abandon']),
  customs_certify: z.boolean(),
  items: z.array(
    z.object({ description: z.string(), quantity: z.number(), value: z.number(), weight: z.number(), hs_tariff_number: z.string(), origin_country: z.string() }),
  ),
});

/** A declaration as typed so far, kept with an order in progress (Save for later): any text within its length, at most maxItems lines. */
const draftText = (max: number) => whenMissing(textField.max(max), '');
export const customsDraftSchema = z.object({
  contents_type: whenMissing(z.union([z.literal(''), z.enum(CUSTOMS_CONTENTS_TYPES)]), ''),
  contents_explanation: draftText(255),
  customs_signer: draftText(100),
  eel_pfc: draftText(40),
  non_delivery_option: whenMissing(z.enum(['return', 'abandon']), 'return'),
  items: z
    .array(
      z.object({
        description: draftText(255),
        quantity: draftText(12),
        value: draftText(12),
        weight: draftText(12),
        hs_tariff_number: draftText(16),
        origin_country: draftText(2),
      }),
    )
    .max(CUSTOMS_LIMITS.maxItems),
});
export type CustomsDraft = z.output<typeof customsDraftSchema>;

/** The same as getOrderForLater answers it: plain text, as kept. */
export const customsDraftAnswerSchema = z.object({
  contents_type: z.union([z.literal(''), z.enum(CUSTOMS_CONTENTS_TYPES)]),
  contents_explanation: z.string(),
  customs_signer: z.string(),
  eel_pfc: z.string(),
  non_delivery_option: z.enum(['return', 'abandon']),
  items: z.array(
    z.object({ description: z.string(), quantity: z.string(), value: z.string(), weight: z.string(), hs_tariff_number: z.string(), origin_country: z.string() }),
  ),
});

/** What a customs message says of its field, without the field's path ('items[1].value: the total…' → 'The total…'). */
export function customsRule(message: string): string {
  const rule = message.replace(/^[A-Za-z_]+(\[\d+\])?(\.[A-Za-z_]+)?: /, '');
  return rule.charAt(0).toUpperCase() + rule.slice(1);
}

/** The contents types as the Customs step names them. */
export const CUSTOMS_CONTENTS_NAMES: Readonly<Record<CustomsContentsType, string>> = {
  merchandise: 'Merchandise',
  gift: 'Gift',
  documents: 'Documents',
  sample: 'Commercial sample',
  returned_goods: 'Returned goods',
  other: 'Other',
};

/** Said before payment when the carrier does not rate duties and taxes. */
export const DUTIES_PAID_ON_DELIVERY = 'Duties and taxes are paid by the recipient on delivery';
export * from './countries.js';

const CUSTOMS_FIELD_NAMES: Readonly<Record<string, string>> = {
  description: 'description',
  quantity: 'quantity',
  value: 'value',
  weight: 'weight',
  hs_tariff_number: 'HS code',
  origin_country: 'country of origin',
  items: 'Items',
  contents_type: 'Contents',
  contents_explanation: 'Explanation of the contents',
  customs_signer: 'Signer',
  eel_pfc: 'EEL/PFC',
  customs_info: 'Customs declaration',
};

/**
 * A message that names a declaration's field by its path ('items[1].hs_tariff_number: the carrier
 * needs…', a carrier's refusal or the contract's) said as a customer reads it: 'Item 2, HS code:
 * the carrier needs…'. Any other message is left as it is.
 */
export function customsMessageForPeople(message: string): string {
  const match = /^(?:items\[(\d+)\]\.)?([a-z_]+): (.*)$/s.exec(message);
  if (!match) return message;
  const [, index, field, rule] = match;
  const name = CUSTOMS_FIELD_NAMES[field!];
  if (!name) return message;
  return index === undefined ? `${name}: ${rule}` : `Item ${Number(index) + 1}, ${name}: ${rule}`;
}

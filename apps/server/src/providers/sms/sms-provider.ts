/** A text message to a phone. */
export interface SmsMessage {
  /** E.164 (+14155550134). */
  to: string;
  body: string;
}

/** Sends text messages: the outbox simulator by default, a Twilio-compatible API with SMS_PROVIDER=twilio. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** A US number as E.164: '415-555-0134' → '+14155550134'; undefined when it is not 10 digits. */
export function usPhoneE164(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? `+1${national}` : undefined;
}

import type { Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/**
 * 'sending': the text was handed to the provider and no answer named it yet (none came, or it was
 * lost); 'sent': the provider's answer (or a look-up after a lost one) named it; 'refused': the
 * provider answered that it made no message.
 */
export type SentTextState = 'sending' | 'sent' | 'refused';

/**
 * One text a job sends, under its key (texts.service.ts), written before the provider is asked:
 * what makes a retry after a lost answer send it once (migration 2026-11-26-0014).
 */
export interface SentTextsTable {
  /** 'job-{id}.{enqueued}' (and '.{n}' for a job's n-th text), as a job's mail Message-ID. */
  key: string;
  job_id: number | null;
  /** E.164, as sent. */
  phone: string;
  state: SentTextState;
  /** The provider's id of the message (Twilio's SM…), once known. */
  provider_sid: string | null;
  /** The first try: the provider made no message for this key before it. */
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type SentTextRow = Selectable<SentTextsTable>;

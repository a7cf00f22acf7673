// Types of crash-writes.mjs for its TypeScript user, apps/server/test/crash-recovery.test.ts.

export const CUSTOMER_PASSWORD: string;

export interface CrashOptions {
  databaseUrl: string;
  dataDir: string;
  writes?: number;
  customers?: number;
  concurrency?: number;
  killAfter?: number;
  fromSource?: boolean;
  jobsSeconds?: number;
  laterJobsSeconds?: number;
}

export interface CrashResult {
  sent: number;
  answeredOk: number;
  byKind: Record<'contact' | 'credits' | 'label', number>;
  inFlightAtKill: number;
  found: number;
  duplicates: number;
  halfDone: number;
  integrity: string;
  pendingAtKill: number;
  pendingRun: number;
  runningAtKill: number;
  laterAtKill: number;
  problems: string[];
  /** Paid writes a job finishes later (not problems). */
  notes: string[];
}

export function crashDuringWrites(options: CrashOptions): Promise<CrashResult>;

export function openDatabase(databaseUrl: string): {
  all(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  integrity(): Promise<string>;
  close(): Promise<void>;
};

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_APP_URLS, DEFAULT_BRAND_NAME } from '@airbox/contract';
import { z } from 'zod';

/** apps/server/src/config (or dist/config) → the repository root, whatever the cwd. */
const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_ROOT = resolve(SERVER_DIR, '../..');

const serverPackage = JSON.parse(readFileSync(resolve(SERVER_DIR, 'package.json'), 'utf8')) as { version: string };
/** The server package's version: reported by login and shown in the web app's footer. */
export const SERVER_VERSION = serverPackage.version;

/** PAYMENTS_PROVIDER: the local simulator (default) or PayPal Orders v2. */
export type PaymentsConfig =
  | { provider: 'simulator' }
  | { provider: 'paypal'; paypalClientId: string; paypalClientSecret: string; paypalApiBase: string };

/** SMS_PROVIDER: the outbox simulator (default) or a Twilio-compatible HTTP API. */
export type SmsConfig =
  | { provider: 'simulator' }
  /** timeoutMs: how long a call to the API may take (15 s; tests make it short). */
  | { provider: 'twilio'; apiUrl: string; account: string; token: string; from: string; timeoutMs?: number | undefined };

/**
 * CARRIERS_PROVIDER: the local simulator (default) or EasyPost; either checks webhooks with
 * EASYPOST_WEBHOOK_SECRET. The simulator moves each label one step every
 * CARRIER_SIMULATOR_STEP_MINUTES (0: only on command, npm run carrier -- advance). timeoutMs: how
 * long a call to EasyPost may take (30 s; tests make it short).
 */
export type CarriersConfig =
  | { provider: 'simulator'; webhookSecret: string | undefined; stepMinutes?: number | undefined }
  | { provider: 'easypost'; apiKey: string; apiBase: string; webhookSecret: string | undefined; timeoutMs?: number | undefined };

/**
 * USPS_PICKUPS_PROVIDER: the local USPS carrier pickup simulator (default) or USPS's REST API
 * (Carrier Pickup 3, OAuth client credentials USPS_CLIENT_ID and USPS_CLIENT_SECRET) at
 * USPS_API_BASE: https://apis.usps.com, or https://apis-tem.usps.com to test.
 */
export type UspsPickupsConfig = { provider: 'simulator' } | { provider: 'usps'; clientId: string; clientSecret: string; apiBase: string };

/**
 * PASS_PUSH_PROVIDER: who wakes the devices registered for a wallet pass: the local simulator
 * (default, records each push) or APNs at APNS_API_BASE with the pass type certificate
 * (WALLET_SIGNER_*). ca: an extra authority to trust and timeoutMs: how long a push may take
 * (10 s); tests set both.
 */
export type PassPushConfig =
  | { provider: 'simulator' }
  | { provider: 'apns'; apiBase: string; ca?: string | undefined; timeoutMs?: number | undefined };

/** Everything the app needs to run. buildApp() takes one; nothing reads process.env after start. */
export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  /** `sqlite:/absolute/file.db` or a `postgres://` URL. */
  databaseUrl: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key this app writes (tests use their own). */
  redisKeyPrefix: string;
  mailOutboxDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  brandName: string;
  sessionSecret: string;
  adminAppUrl: string;
  tabletAppUrl: string;
  labelPurchaseUrl: string;
  /** Payments provider; the simulator when absent. */
  payments?: PaymentsConfig;
  /** Text messages provider; the outbox simulator when absent. */
  sms?: SmsConfig;
  /** Labels, rates, refunds, trackers and pickups; the simulator when absent. */
  carriers?: CarriersConfig;
  /** USPS carrier pickups; the simulator when absent. */
  uspsPickups?: UspsPickupsConfig;
  /** Keys the lockers present to POST /app/v1/locker/events (LOCKER_API_KEYS); none accepted when empty. */
  lockerApiKeys?: string[];
  authRateLimitPerMinute: number;
  loginFailuresPerHour: number;
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string;
  seedDemoData: boolean;
  /**
   * Whether each JSON answer is also checked and written by zod and compared with the one its
   * compiled schema writes (CHECK_ANSWERS; on outside production, so in every test).
   */
  checkAnswers: boolean;
  /** Whether this server runs the job worker (JOB_WORKER): mail, texts, reminders, clean-ups. */
  jobWorker: boolean;
  /**
   * How long the job that finishes a paid carrier purchase (a label, a carrier pickup) waits before
   * it asks the carrier in place of the request that paid (LABEL_RETRY_DELAY_SECONDS, named when
   * only labels had it; 2 minutes by default).
   */
  labelRetryDelaySeconds: number;
  version: string;
  /** Apple Wallet passes: identifiers, and the signing certificates (a development set when absent). */
  wallet: WalletConfig;
  /** Pushes that tell devices a wallet pass changed; the simulator when absent. */
  passPush?: PassPushConfig;
  /** The current time; tests pass a clock they can move. */
  clock: () => Date;
}

export interface WalletConfig {
  passTypeIdentifier: string;
  teamIdentifier: string;
  /** PEM files from Apple (WALLET_*); undefined: sign with a development certificate kept in devCertDir. */
  certificates:
    | { signerCertPath: string; signerKeyPath: string; signerKeyPassphrase: string | undefined; wwdrCertPath: string }
    | undefined;
  devCertDir: string;
}

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, 'must start with sqlite:, postgres:// or postgresql://')
    .default('sqlite:data/airbox.db'),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  MAIL_PROVIDER: z.enum(['outbox', 'smtp']).optional(),
  MAIL_OUTBOX_DIR: z.string().min(1).default('data/outbox'),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().min(3).optional(),
  BRAND_NAME: z.string().trim().min(1).max(64).default(DEFAULT_BRAND_NAME),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_APP_URL: z.string().min(1).default(DEFAULT_APP_URLS.adminAppUrl),
  TABLET_APP_URL: z.string().min(1).default(DEFAULT_APP_URLS.tabletAppUrl),
  LABEL_PURCHASE_URL: z.string().min(1).default(DEFAULT_APP_URLS.labelPurchaseUrl),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILURES_PER_HOUR: z.coerce.number().int().min(1).default(100),
  PAYMENTS_PROVIDER: z.enum(['simulator', 'paypal']).optional(),
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api-m.sandbox.paypal.com'),
  LOCKER_API_KEYS: optionalText.pipe(
    z
      .string()
      .regex(/^[\x21-\x2b\x2d-\x7e]{24,}(,[\x21-\x2b\x2d-\x7e]{24,})*$/, 'comma-separated keys of at least 24 visible characters each')
      .optional(),
  ),
  SMS_PROVIDER: z.enum(['simulator', 'twilio']).optional(),
  SMS_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  SMS_ACCOUNT: optionalText,
  SMS_TOKEN: optionalText,
  SMS_FROM: optionalText,
  CARRIERS_PROVIDER: z.enum(['simulator', 'easypost']).optional(),
  EASYPOST_API_KEY: optionalText,
  EASYPOST_WEBHOOK_SECRET: optionalText,
  EASYPOST_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.easypost.com/v2'),
  CARRIER_SIMULATOR_STEP_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(60),
  USPS_PICKUPS_PROVIDER: z.enum(['simulator', 'usps']).optional(),
  USPS_CLIENT_ID: optionalText,
  USPS_CLIENT_SECRET: optionalText,
  USPS_API_BASE: z.url({ protocol: /^https?$/ }).default('https://apis.usps.com'),
  TRUST_PROXY: booleanText.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(resolve(REPO_ROOT, 'apps/web/dist')),
  SEED_DEMO_DATA: booleanText.optional(),
  CHECK_ANSWERS: booleanText.optional(),
  ALLOW_SIMULATORS_IN_PRODUCTION: booleanText.default(false),
  ALLOW_DEMO_DATA_IN_PRODUCTION: booleanText.default(false),
  JOB_WORKER: booleanText.default(true),
  LABEL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  WALLET_PROVIDER: z.enum(['development', 'apple']).optional(),
  WALLET_PASS_TYPE_ID: z.string().trim().min(1).default('pass.com.airbox.development'),
  WALLET_TEAM_ID: z.string().trim().min(1).default('AIRBOXDEV1'),
  WALLET_SIGNER_CERT_PATH: optionalText,
  WALLET_SIGNER_KEY_PATH: optionalText,
  WALLET_SIGNER_KEY_PASSPHRASE: optionalText,
  WALLET_WWDR_CERT_PATH: optionalText,
  WALLET_DEV_CERT_DIR: z.string().min(1).default('data/wallet-dev'),
  PASS_PUSH_PROVIDER: z.enum(['simulator', 'apns']).optional(),
  APNS_API_BASE: z.url({ protocol: /^https$/ }).default('https://api.push.apple.com'),
});

const WALLET_CERTIFICATE_KEYS = ['WALLET_SIGNER_CERT_PATH', 'WALLET_SIGNER_KEY_PATH', 'WALLET_WWDR_CERT_PATH'] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = z.infer<typeof envSchema>;

/** Each provider's setting: the real service, and the stand-in that only pretends to be it. */
const PROVIDER_SETTINGS = {
  PAYMENTS_PROVIDER: { real: 'paypal', standIn: 'simulator' },
  CARRIERS_PROVIDER: { real: 'easypost', standIn: 'simulator' },
  USPS_PICKUPS_PROVIDER: { real: 'usps', standIn: 'simulator' },
  SMS_PROVIDER: { real: 'twilio', standIn: 'simulator' },
  MAIL_PROVIDER: { real: 'smtp', standIn: 'outbox' },
  WALLET_PROVIDER: { real: 'apple', standIn: 'development' },
  PASS_PUSH_PROVIDER: { real: 'apns', standIn: 'simulator' },
} as const;
type ProviderSetting = keyof typeof PROVIDER_SETTINGS;
type ProviderChoice<K extends ProviderSetting> = (typeof PROVIDER_SETTINGS)[K]['real' | 'standIn'];

/**
 * Which provider each setting names. Outside production an unnamed one is its stand-in (SMTP and
 * Apple's certificates when their settings are there). In production none is guessed: every
 * provider is named, a stand-in needs ALLOW_SIMULATORS_IN_PRODUCTION=true and demo data
 * ALLOW_DEMO_DATA_IN_PRODUCTION=true, or the server refuses to start with a line naming each.
 */
function chooseProviders(e: Env, production: boolean) {
  const refusals: string[] = [];
  const choose = <K extends ProviderSetting>(key: K, developmentDefault: ProviderChoice<K>): ProviderChoice<K> => {
    const { real, standIn } = PROVIDER_SETTINGS[key] as { real: ProviderChoice<K>; standIn: ProviderChoice<K> };
    const named = e[key] as ProviderChoice<K> | undefined;
    if (!production) return named ?? developmentDefault;
    if (named === undefined) refusals.push(`${key}: must be named in production (${real}, or ${standIn} with ALLOW_SIMULATORS_IN_PRODUCTION=true)`);
    else if (named === standIn && !e.ALLOW_SIMULATORS_IN_PRODUCTION) refusals.push(`${key}=${standIn} in production needs ALLOW_SIMULATORS_IN_PRODUCTION=true`);
    return named ?? standIn;
  };
  const walletFiles = WALLET_CERTIFICATE_KEYS.map((key) => e[key]);
  const providers = {
    payments: choose('PAYMENTS_PROVIDER', 'simulator'),
    carriers: choose('CARRIERS_PROVIDER', 'simulator'),
    uspsPickups: choose('USPS_PICKUPS_PROVIDER', 'simulator'),
    sms: choose('SMS_PROVIDER', 'simulator'),
    mail: choose('MAIL_PROVIDER', e.SMTP_URL ? 'smtp' : 'outbox'),
    wallet: choose('WALLET_PROVIDER', walletFiles.every(Boolean) ? 'apple' : 'development'),
    passPush: choose('PASS_PUSH_PROVIDER', 'simulator'),
    seedDemoData: e.SEED_DEMO_DATA ?? !production,
  };
  if (production && providers.seedDemoData && !e.ALLOW_DEMO_DATA_IN_PRODUCTION) {
    refusals.push('SEED_DEMO_DATA=true in production needs ALLOW_DEMO_DATA_IN_PRODUCTION=true');
  }
  if (refusals.length > 0) throw new ConfigError(refusals.map((line) => `Refusing to start: ${line}`).join('\n'));
  return providers;
}

function fromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

/** `sqlite:relative/file.db` becomes an absolute path under the repository root. */
export function resolveDatabaseUrl(url: string): string {
  if (!url.startsWith('sqlite:')) return url;
  return `sqlite:${fromRepoRoot(url.slice('sqlite:'.length))}`;
}

/** Outside production a missing secret is generated once and kept in data/session-secret. */
function developmentSessionSecret(): string {
  const file = resolve(REPO_ROOT, 'data/session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Reads and validates the environment once. The error names every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const providers = chooseProviders(e, production);
  const missingProviderKeys = [
    ...(providers.payments === 'paypal' ? (['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] as const) : []),
    ...(providers.sms === 'twilio' ? (['SMS_ACCOUNT', 'SMS_TOKEN', 'SMS_FROM'] as const) : []),
    ...(providers.carriers === 'easypost' ? (['EASYPOST_API_KEY'] as const) : []),
    ...(providers.uspsPickups === 'usps' ? (['USPS_CLIENT_ID', 'USPS_CLIENT_SECRET'] as const) : []),
    ...(providers.mail === 'smtp' ? (['SMTP_URL'] as const) : []),
  ].filter((key) => !e[key]);
  if (missingProviderKeys.length > 0) {
    throw new ConfigError(`Invalid environment:\n  ${missingProviderKeys.map((key) => `${key}: required by the chosen provider`).join('\n  ')}`);
  }
  if (production && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid environment:\n  SESSION_SECRET: required in production (at least 32 characters)');
  }
  // The three certificate files come together: some without the others is a mistake, not a choice.
  const walletFiles = WALLET_CERTIFICATE_KEYS.map((key) => e[key]);
  if ((providers.wallet === 'apple' || walletFiles.some(Boolean)) && !walletFiles.every(Boolean)) {
    const missing = WALLET_CERTIFICATE_KEYS.filter((key) => !e[key]);
    const why = providers.wallet === 'apple' ? 'required by WALLET_PROVIDER=apple' : 'required with the other WALLET_*_PATH keys';
    throw new ConfigError(`Invalid environment:\n  ${missing.map((key) => `${key}: ${why}`).join('\n  ')}`);
  }
  // APNs takes Wallet's pushes with the pass type certificate, the one that signs the passes.
  if (providers.passPush === 'apns' && providers.wallet !== 'apple') {
    throw new ConfigError('Invalid environment:\n  PASS_PUSH_PROVIDER: apns needs WALLET_PROVIDER=apple (the pass type certificate signs the pushes)');
  }
  const [signerCertPath, signerKeyPath, wwdrCertPath] = walletFiles;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: resolveDatabaseUrl(e.DATABASE_URL),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: 'airbox:',
    mailOutboxDir: fromRepoRoot(e.MAIL_OUTBOX_DIR),
    smtpUrl: providers.mail === 'smtp' ? e.SMTP_URL : undefined,
    mailFrom: e.MAIL_FROM ?? `${e.BRAND_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    brandName: e.BRAND_NAME,
    sessionSecret: e.SESSION_SECRET ?? developmentSessionSecret(),
    adminAppUrl: e.ADMIN_APP_URL,
    tabletAppUrl: e.TABLET_APP_URL,
    labelPurchaseUrl: e.LABEL_PURCHASE_URL,
    payments:
      providers.payments === 'paypal'
        ? { provider: 'paypal', paypalClientId: e.PAYPAL_CLIENT_ID ?? '', paypalClientSecret: e.PAYPAL_CLIENT_SECRET ?? '', paypalApiBase: e.PAYPAL_API_BASE }
        : { provider: 'simulator' },
    sms:
      providers.sms === 'twilio'
        ? { provider: 'twilio', apiUrl: e.SMS_API_URL, account: e.SMS_ACCOUNT ?? '', token: e.SMS_TOKEN ?? '', from: e.SMS_FROM ?? '' }
        : { provider: 'simulator' },
    carriers:
      providers.carriers === 'easypost'
        ? { provider: 'easypost', apiKey: e.EASYPOST_API_KEY ?? '', apiBase: e.EASYPOST_API_BASE, webhookSecret: e.EASYPOST_WEBHOOK_SECRET }
        : { provider: 'simulator', webhookSecret: e.EASYPOST_WEBHOOK_SECRET, stepMinutes: e.CARRIER_SIMULATOR_STEP_MINUTES },
    uspsPickups:
      providers.uspsPickups === 'usps'
        ? { provider: 'usps', clientId: e.USPS_CLIENT_ID ?? '', clientSecret: e.USPS_CLIENT_SECRET ?? '', apiBase: e.USPS_API_BASE }
        : { provider: 'simulator' },
    lockerApiKeys: e.LOCKER_API_KEYS?.split(',') ?? [],
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    loginFailuresPerHour: e.LOGIN_FAILURES_PER_HOUR,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: fromRepoRoot(e.WEB_DIST_DIR),
    seedDemoData: providers.seedDemoData,
    checkAnswers: e.CHECK_ANSWERS ?? !production,
    jobWorker: e.JOB_WORKER,
    labelRetryDelaySeconds: e.LABEL_RETRY_DELAY_SECONDS,
    version: SERVER_VERSION,
    wallet: {
      passTypeIdentifier: e.WALLET_PASS_TYPE_ID,
      teamIdentifier: e.WALLET_TEAM_ID,
      certificates:
        providers.wallet === 'apple' && signerCertPath && signerKeyPath && wwdrCertPath
          ? {
              signerCertPath: fromRepoRoot(signerCertPath),
              signerKeyPath: fromRepoRoot(signerKeyPath),
              signerKeyPassphrase: e.WALLET_SIGNER_KEY_PASSPHRASE,
              wwdrCertPath: fromRepoRoot(wwdrCertPath),
            }
          : undefined,
      devCertDir: fromRepoRoot(e.WALLET_DEV_CERT_DIR),
    },
    passPush: providers.passPush === 'apns' ? { provider: 'apns', apiBase: e.APNS_API_BASE } : { provider: 'simulator' },
    clock: () => new Date(),
  };
}

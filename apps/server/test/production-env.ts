/**
 * A production environment with every provider named as the real service, with dummy keys (none
 * is called at start), and Apple's certificate files under `certificateDir`.
 */
export function realProvidersEnv(certificateDir: string): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    SESSION_SECRET: 'p'.repeat(40),
    PAYMENTS_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: 'dummy-id',
    PAYPAL_CLIENT_SECRET: 'dummy-secret',
    CARRIERS_PROVIDER: 'easypost',
    EASYPOST_API_KEY: 'EZAK_dummy',
    USPS_PICKUPS_PROVIDER: 'usps',
    USPS_CLIENT_ID: 'dummy-id',
    USPS_CLIENT_SECRET: 'dummy-secret',
    SMS_PROVIDER: 'twilio',
    SMS_ACCOUNT: 'AC_dummy',
    SMS_TOKEN: 'dummy-token',
    SMS_FROM: '+12065550100',
    MAIL_PROVIDER: 'smtp',
    SMTP_URL: 'smtp://127.0.0.1:9',
    WALLET_PROVIDER: 'apple',
    PASS_PUSH_PROVIDER: 'apns',
    WALLET_SIGNER_CERT_PATH: `${certificateDir}/signer.pem`,
    WALLET_SIGNER_KEY_PATH: `${certificateDir}/signer.key`,
    WALLET_WWDR_CERT_PATH: `${certificateDir}/wwdr.pem`,
  };
}

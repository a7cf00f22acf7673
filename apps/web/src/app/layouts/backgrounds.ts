import type { PublicRouteName } from '../../config/paths';

/**
 * One background per public route name (spec 01 §2): a dark base with soft glows and a faint
 * grid of locker doors, all CSS, so nothing is downloaded and white text stays readable.
 */
const lockerGrid =
  'repeating-linear-gradient(0deg, rgba(255,255,255,0.045) 0 1px, transparent 1px 56px), repeating-linear-gradient(90deg, rgba(255,255,255,0.045) 0 1px, transparent 1px 72px)';

function scene(glowA: string, glowB: string, base: string): string {
  return [
    lockerGrid,
    `radial-gradient(circle at 12% 18%, ${glowA}, transparent 42%)`,
    `radial-gradient(circle at 88% 85%, ${glowB}, transparent 48%)`,
    base,
  ].join(', ');
}

export const PUBLIC_BACKGROUNDS: Record<PublicRouteName, string> = {
  Login: scene('rgba(249,115,22,0.55)', 'rgba(194,65,12,0.45)', 'linear-gradient(140deg, #1f2937, #0f172a)'),
  Register: scene('rgba(20,184,166,0.45)', 'rgba(249,115,22,0.40)', 'linear-gradient(140deg, #134e4a, #0f172a)'),
  RegisterEnterprise: scene('rgba(99,102,241,0.50)', 'rgba(14,165,233,0.35)', 'linear-gradient(140deg, #1e1b4b, #0f172a)'),
  Lock: scene('rgba(168,85,247,0.45)', 'rgba(249,115,22,0.30)', 'linear-gradient(140deg, #2e1065, #111827)'),
  ResetPassword: scene('rgba(59,130,246,0.50)', 'rgba(168,85,247,0.35)', 'linear-gradient(140deg, #172554, #0f172a)'),
  Active: scene('rgba(34,197,94,0.45)', 'rgba(20,184,166,0.35)', 'linear-gradient(140deg, #14532d, #0f172a)'),
  Barcode: scene('rgba(148,163,184,0.40)', 'rgba(249,115,22,0.30)', 'linear-gradient(140deg, #334155, #0f172a)'),
  Payment: scene('rgba(16,185,129,0.50)', 'rgba(234,179,8,0.30)', 'linear-gradient(140deg, #064e3b, #0f172a)'),
};

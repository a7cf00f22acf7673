import Box from '@mui/material/Box';

/** The brand mark: a parcel in a rounded square, in the theme colour. Decorative. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden
      focusable="false"
      sx={{ width: size, height: size, flexShrink: 0, color: 'primary.main' }}
    >
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path d="M16 24l16-8 16 8v18l-16 8-16-8z" fill="none" stroke="#fff" strokeWidth="4" strokeLinejoin="round" />
      <path d="M16 24l16 8 16-8M32 32v18" fill="none" stroke="#fff" strokeWidth="4" strokeLinejoin="round" />
    </Box>
  );
}

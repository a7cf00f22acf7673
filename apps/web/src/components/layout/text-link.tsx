import { styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

/** An in-app text link in the theme colour (lighter than MUI's Link, which the login route would load). */
export const TextLink = styled(RouterLink)(({ theme }) => ({
  color: theme.palette.primary.main,
  fontWeight: 500,
  textDecoration: 'none',
  borderRadius: 2,
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
}));

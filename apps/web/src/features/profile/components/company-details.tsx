import type { UserProfile } from '@airbox/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCompanyInfo } from '../api/get-company-info';

/**
 * The company an enterprise customer (roles 15, 16) belongs to, on My Profile (spec 03 §6: the
 * profile shows company info): campus, building, unit and company. Read only: the property
 * manager's invitation set them.
 */
export function CompanyDetails({ user }: { user: UserProfile }) {
  const company = useCompanyInfo(user.business_company_id);
  const info = company.data;
  const rows: [string, string | undefined][] = [
    ['Company', info?.company_name],
    ['Campus', info?.bc_name],
    ['Building', info?.building_name],
    ['Unit', info?.unit_name],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label="Company" sx={{ p: 2.5 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1.5 }}>
        Company
      </Typography>
      {!user.business_company_id || company.isError || (!company.isPending && !info) ? (
        <Typography color="text.secondary">Your company details could not be read. Ask your property manager if they look wrong.</Typography>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
          {rows.map(([term, value]) => (
            <Box key={term} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
                {company.isPending ? <Skeleton width={100} /> : value || '—'}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

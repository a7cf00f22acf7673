import ExpandMore from '@mui/icons-material/ExpandMore';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * The collapsible search panel above a list (Purchased Labels' "Search Options"): a heading that
 * opens and closes it, the fields in a grid, and Search and Reset. The caller keeps the values.
 */
export function SearchPanel({
  title = 'Search Options',
  label,
  defaultExpanded = true,
  onSearch,
  onReset,
  children,
}: {
  title?: string;
  /** Names the search form for assistive technology ('Search purchased labels'). */
  label: string;
  defaultExpanded?: boolean;
  onSearch: () => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant="outlined"
      sx={{ mb: 3, '&::before': { display: 'none' } }}
      slotProps={{ heading: { component: 'h3' } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} id={headingId}>
        <Typography component="span" sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1 }}>
          <SearchOutlined fontSize="small" aria-hidden />
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Box
          component="form"
          role="search"
          aria-label={label}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSearch();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' }, alignItems: 'start' }}
        >
          {children}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', gridColumn: { xs: 'auto', lg: 'span 1' } }}>
            <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
              Search
            </Button>
            <Button color="secondary" onClick={onReset}>
              Reset
            </Button>
          </Box>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

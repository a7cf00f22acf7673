import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A screen that failed to load or render (e.g. a chunk missing after a deploy): offer a reload. */
export function RouteError() {
  return (
    <Paper component="main" sx={{ p: 4, m: 4, maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This page could not be shown. Reloading usually helps.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Paper>
  );
}

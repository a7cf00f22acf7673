import { checkBatchCells, type BatchCells, type BatchColumn, type LabelBatchRow } from '@airbox/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { TextInput } from '../../../components/form/text-input';
import { useNarrow } from '../../../components/layout/use-narrow';
import { BATCH_TEXT, COLUMN_NAMES, rowErrors } from '../utils/batch-text';

/** The cells in groups as the dialog lays them out: the recipient, the parcel, the rest. */
const GROUPS: { title: string; columns: readonly BatchColumn[] }[] = [
  { title: 'Recipient', columns: ['name', 'company', 'street1', 'street2', 'city', 'state', 'zip', 'country', 'phone', 'email'] },
  { title: 'Package', columns: ['weight_lb', 'weight_oz', 'length', 'width', 'height', 'package'] },
  { title: 'Service and reference', columns: ['service', 'reference', 'comments'] },
];

const HELP: Partial<Record<BatchColumn, string>> = {
  country: 'Two letters; empty is the United States',
  package: 'A saved package’s name, or a USPS Flat Rate package id',
  service: 'Empty: the batch’s rule; or cheapest, fastest, USPS Priority',
};

/**
 * A row fixed in place (issue 25 item 1): every cell as a field of the label page's kind, its
 * error at the field (the server's, then the contract's own check as the customer types: the same
 * rules), SAVE ROW sending all the cells. The row's own errors (a duplicate) are said above.
 */
export function BatchRowDialog({
  row,
  serverErrors,
  busy,
  onSave,
  onCancel,
}: {
  row: LabelBatchRow | null;
  /** The error of a column the server named on saving (a saved package it does not know). */
  serverErrors?: LabelBatchRow['errors'];
  busy: boolean;
  onSave: (cells: BatchCells) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const narrow = useNarrow();
  return (
    <Dialog open={row !== null} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={narrow}>
      {row && <RowForm key={row.row} row={row} serverErrors={serverErrors ?? row.errors} titleId={titleId} busy={busy} onSave={onSave} onCancel={onCancel} />}
    </Dialog>
  );
}

function RowForm({
  row,
  serverErrors,
  titleId,
  busy,
  onSave,
  onCancel,
}: {
  row: LabelBatchRow;
  serverErrors: LabelBatchRow['errors'];
  titleId: string;
  busy: boolean;
  onSave: (cells: BatchCells) => void;
  onCancel: () => void;
}) {
  const [cells, setCells] = useState<BatchCells>({ ...row.cells });
  const [changed, setChanged] = useState<ReadonlySet<BatchColumn>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const checked = checkBatchCells(cells);
  // A field keeps the server's message until it is changed; then (or after SAVE) the contract's own check speaks.
  const errorOf = (column: BatchColumn) =>
    changed.has(column) || submitted
      ? checked.find((error) => error.column === column)?.message
      : serverErrors.find((error) => error.column === column)?.message;
  const whole = rowErrors({ errors: serverErrors });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    // A saved package's name is only known to the server: a cell error it alone finds comes back with the batch.
    if (checked.some((error) => error.column !== 'package')) return;
    onSave(cells);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <DialogTitle id={titleId}>{BATCH_TEXT.editTitle(row.row)}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{BATCH_TEXT.editDescription}</DialogContentText>
        {whole.map((message) => (
          <Typography key={message} color="error" variant="body2" sx={{ mb: 1 }} role="note">
            {message}
          </Typography>
        ))}
        {GROUPS.map((group) => (
          <Box key={group.title} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {group.title}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 2 }}>
              {group.columns.map((column) => (
                <TextInput
                  key={column}
                  name={column}
                  label={COLUMN_NAMES[column]}
                  value={cells[column]}
                  maxLength={column === 'comments' ? 200 : 100}
                  helperText={HELP[column]}
                  error={errorOf(column)}
                  type={column === 'email' ? 'email' : 'text'}
                  onChange={(event) => {
                    const value = event.target.value;
                    setCells((current) => ({ ...current, [column]: value }));
                    setChanged((current) => new Set([...current, column]));
                  }}
                  onBlur={() => undefined}
                />
              ))}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {BATCH_TEXT.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {BATCH_TEXT.save}
        </Button>
      </DialogActions>
    </Box>
  );
}

import { holdDatesProblem, onFirstUse, VACATION_HOLD_MAX_ACTIVE, VACATION_HOLD_MAX_DAYS, VACATION_HOLD_MESSAGES, type VacationHold } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { answerMessage } from '../../../lib/http';
import { useCancelVacationHold, useSaveVacationHold, useVacationHolds } from '../api/vacation-holds';

const dayFormat = onFirstUse(() => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));
/** 'Tue, Dec 1, 2026' for '2026-12-01'. */
export const holdDay = (date: string) => dayFormat().format(new Date(`${date}T12:00:00Z`));

type Field = 'startDate' | 'endDate';
/** The field a refusal names ('startDate: …'), and its words without the name. */
function refusal(message: string): { field: Field | null; text: string } {
  const match = /^(startDate|endDate): (.*)$/.exec(message);
  if (!match) return { field: null, text: message };
  return { field: match[1] as Field, text: match[2]!.charAt(0).toUpperCase() + match[2]!.slice(1) };
}

/**
 * My Profile's "Vacation hold" (issue 22 item 2): the days the customer is away (Pacific days, at
 * most 14, at most 3 holds ahead). Packages delivered then are kept, free from the hold's end.
 */
export function VacationHolds() {
  const holds = useVacationHolds();
  const save = useSaveVacationHold();
  const cancel = useCancelVacationHold();
  const [editing, setEditing] = useState<VacationHold | null>(null);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<{ field: Field | null; text: string } | null>(null);
  const [notice, setNotice] = useState('');
  const today = holds.data?.today ?? '';
  const list = holds.data?.data ?? [];

  function reset() {
    setEditing(null);
    setStartDate('');
    setEndDate('');
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    if (!startDate) return setError({ field: 'startDate', text: 'Enter the first day of your hold' });
    if (!endDate) return setError({ field: 'endDate', text: 'Enter the last day of your hold' });
    const problem = today ? holdDatesProblem(startDate, endDate, today) : null;
    if (problem) return setError(refusal(problem));
    try {
      await save.mutateAsync({ ...(editing ? { id: editing.id } : {}), startDate, endDate });
      reset();
      setNotice(`Your hold from ${holdDay(startDate)} to ${holdDay(endDate)} is saved.`);
    } catch (failure) {
      setError(refusal(answerMessage(failure) ?? 'Your hold could not be saved. Please try again.'));
    }
  }

  async function cancelHold(hold: VacationHold) {
    setNotice('');
    try {
      await cancel.mutateAsync(hold.id);
      if (editing?.id === hold.id) reset();
      setNotice(VACATION_HOLD_MESSAGES.cancelled);
    } catch (failure) {
      setError({ field: null, text: answerMessage(failure) ?? 'Your hold could not be cancelled. Please try again.' });
    }
  }

  return (
    <Paper component="section" aria-labelledby="vacation-hold-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="vacation-hold-title" component="h2" variant="h6">
        Vacation hold
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Away for a while? Packages delivered on the days of your hold stay in the locker, and their free period starts when the hold ends (up to{' '}
        {VACATION_HOLD_MAX_DAYS} days a hold, {VACATION_HOLD_MAX_ACTIVE} holds ahead; days in Pacific time).
      </Typography>
      {list.length > 0 && (
        <Box component="ul" aria-label="Your vacation holds" sx={{ p: 0, m: 0, mb: 2, display: 'grid', gap: 1 }}>
          {list.map((hold) => {
            const begun = hold.startDate <= today;
            return (
              <Box component="li" key={hold.id} sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                <Typography sx={{ flex: '1 1 240px', fontWeight: 600 }}>
                  {holdDay(hold.startDate)} – {holdDay(hold.endDate)}
                  {begun && (
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
                      Under way: cancelling ends it today.
                    </Typography>
                  )}
                </Typography>
                {!begun && (
                  <Button
                    size="small"
                    onClick={() => {
                      setEditing(hold);
                      setStartDate(hold.startDate);
                      setEndDate(hold.endDate);
                      setError(null);
                    }}
                    aria-label={`Change the hold ${holdDay(hold.startDate)} to ${holdDay(hold.endDate)}`}
                  >
                    Change
                  </Button>
                )}
                <Button size="small" color="error" onClick={() => void cancelHold(hold)} disabled={cancel.isPending} aria-label={`Cancel the hold ${holdDay(hold.startDate)} to ${holdDay(hold.endDate)}`}>
                  Cancel hold
                </Button>
              </Box>
            );
          })}
        </Box>
      )}
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={editing ? 'Change vacation hold' : 'Add a vacation hold'}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="First day away"
            type="date"
            name="startDate"
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today || undefined } }}
            error={error?.field === 'startDate'}
            helperText={error?.field === 'startDate' ? error.text : ' '}
            sx={{ flex: 1 }}
          />
          <TextField
            label="Last day away"
            type="date"
            name="endDate"
            value={endDate}
            onChange={(event) => setEndDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: startDate || today || undefined } }}
            error={error?.field === 'endDate'}
            helperText={error?.field === 'endDate' ? error.text : ' '}
            sx={{ flex: 1 }}
          />
        </Stack>
        {error && error.field === null && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error.text}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {editing ? 'Save changes' : 'Add hold'}
          </Button>
          {editing && <Button onClick={reset}>Keep as it was</Button>}
        </Stack>
      </Box>
      {notice && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {notice}
        </Alert>
      )}
    </Paper>
  );
}

import { BATCH_RULES, formatUsd, toCents, type BatchRule, type LabelBatch } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { DateTime } from '../../../components/date-time';
import { BATCH_TEXT } from '../utils/batch-text';

export interface BatchRuleChoice {
  rule: BatchRule;
  carrier: string;
  service: string;
}

const serviceKey = (carrier: string, service: string) => `${carrier}|${service}`;

/** A job's progress: a bar with its words, said to a screen reader as it moves. */
export function JobProgress({ label, done, total }: { label: string; done: number; total: number }) {
  const value = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="body2" aria-live="polite" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <LinearProgress variant="determinate" value={value} aria-label={label} />
    </Box>
  );
}

/**
 * How the batch is rated, and what paying costs (issue 25 item 1): the rule (cheapest, fastest, or
 * one of the services the carriers offered its rows), RATE ALL, the rating's progress, then the
 * one total with what it pays for, until when, and PAY: one payment for every row.
 */
export function BatchRating({
  batch,
  withErrors,
  serviceName,
  rating,
  refusal,
  paying,
  onRate,
  onPay,
}: {
  batch: LabelBatch;
  withErrors: number;
  serviceName: (carrier: string, service: string) => string;
  rating: boolean;
  /** Why the last RATE ALL was refused, as the server words it (the hour's carrier-call budget used up...). */
  refusal: string | null;
  paying: boolean;
  onRate: (choice: BatchRuleChoice) => void;
  onPay: () => void;
}) {
  const ruleLabel = useId();
  const serviceLabel = useId();
  const [rule, setRule] = useState<BatchRule>(batch.rule);
  const firstService = batch.services[0];
  const [service, setService] = useState(
    batch.ruleCarrier !== '' ? serviceKey(batch.ruleCarrier, batch.ruleService) : firstService ? serviceKey(firstService.carrier, firstService.service) : '',
  );
  const [carrier = '', serviceName_ = ''] = service.split('|');
  const working = batch.state === 'rating';
  const rated = batch.state === 'rated' || batch.state === 'paying';
  const sameRule = rule === batch.rule && (rule !== 'service' || (carrier === batch.ruleCarrier && serviceName_ === batch.ruleService));
  const canRate = withErrors === 0 && !working && !rating && (rule !== 'service' || service !== '');
  const payable = batch.counts.rated;

  return (
    <Box component="section" aria-labelledby={`${ruleLabel}-heading`} sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography id={`${ruleLabel}-heading`} variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        Rate and pay
      </Typography>
      <FormControl>
        <FormLabel id={ruleLabel}>{BATCH_TEXT.rule}</FormLabel>
        <RadioGroup row aria-labelledby={ruleLabel} value={rule} onChange={(event) => setRule(event.target.value as BatchRule)}>
          {BATCH_RULES.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={BATCH_TEXT.rules[value]} disabled={working} />
          ))}
        </RadioGroup>
        <Typography variant="caption" color="text.secondary">
          {BATCH_TEXT.rowOverrides}
        </Typography>
      </FormControl>
      {rule === 'service' &&
        (batch.services.length === 0 ? (
          <Typography variant="body2" role="note">
            {BATCH_TEXT.servicesAfterRating}
          </Typography>
        ) : (
          <FormControl sx={{ maxWidth: 420 }} fullWidth>
            <InputLabel id={serviceLabel}>{BATCH_TEXT.serviceLabel}</InputLabel>
            <Select labelId={serviceLabel} label={BATCH_TEXT.serviceLabel} value={service} onChange={(event) => setService(event.target.value)} disabled={working}>
              {batch.services.map((offer) => (
                <MenuItem key={serviceKey(offer.carrier, offer.service)} value={serviceKey(offer.carrier, offer.service)}>
                  {serviceName(offer.carrier, offer.service)} ({offer.rows} of {batch.counts.rows} rows)
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        ))}
      {withErrors > 0 && (
        <Typography variant="body2" color="error" role="note">
          {BATCH_TEXT.fixFirst(withErrors)}
        </Typography>
      )}
      {refusal !== null && !working && <Alert severity="error">{refusal}</Alert>}
      {working ? (
        <JobProgress label={BATCH_TEXT.rating(batch.progress.done, batch.progress.total)} done={batch.progress.done} total={batch.progress.total} />
      ) : (
        (!rated || !sameRule) && (
          <Box>
            <Button
              variant={rated ? 'outlined' : 'contained'}
              disabled={!canRate || (rule === 'service' && batch.services.length === 0)}
              onClick={() => onRate({ rule, carrier: rule === 'service' ? carrier : '', service: rule === 'service' ? serviceName_ : '' })}
            >
              {rated || batch.counts.rated > 0 ? BATCH_TEXT.rateAgain : BATCH_TEXT.rate}
            </Button>
          </Box>
        )
      )}
      {rated && sameRule && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
            <Typography component="dt">{BATCH_TEXT.total(payable)}:</Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700 }} data-testid="batch-total">
              {formatUsd(toCents(batch.total))}
            </Typography>
          </Box>
          {batch.ratesExpireAt !== '' && (
            <Typography variant="body2" color="text.secondary">
              These rates hold until <DateTime value={batch.ratesExpireAt} />.
            </Typography>
          )}
          {batch.state === 'paying' && (
            <Typography variant="body2" role="note">
              {BATCH_TEXT.paying}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {BATCH_TEXT.payOnce}
          </Typography>
          <Box>
            <Button variant="contained" color="secondary" size="large" disabled={paying} onClick={onPay}>
              {BATCH_TEXT.pay} {formatUsd(toCents(batch.total))}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}

import { COMMENTS_MAX, LIMITS, normalizeComments } from '@airbox/contract';
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { FormField } from './form-field';

/**
 * A label's comments (spec 03 §5: at most 200 characters, whitespace collapsed) with a counter of
 * what will be kept, shown under the field beside its message or its error. More may be typed:
 * collapsing spaces can bring it under, else the counter and the form's message say why.
 */
export function FormCommentsField({ minRows }: { minRows: number }) {
  const comments = (useWatch({ name: 'comments' }) as string | undefined) ?? '';
  const count = normalizeComments(comments).length;
  return (
    <FormField
      name="comments"
      label="Comments"
      multiline
      minRows={minRows}
      maxLength={LIMITS.fieldMax}
      counter={
        <Box component="span" sx={{ color: count > COMMENTS_MAX ? 'error.main' : undefined }}>
          {`${count}/${COMMENTS_MAX}`}
        </Box>
      }
    />
  );
}

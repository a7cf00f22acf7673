import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useId, type ReactNode } from 'react';
import type { DefaultValues, SubmitHandler } from 'react-hook-form';
import { Form, type FormInput, type FormOutput, type FormSchemaName } from '../form/form';
import { useNarrow } from '../layout/use-narrow';

/** The fields a dialog opens on: the first one a user can type in or choose from. */
const FIELD = 'input:not([type="hidden"]):not([aria-hidden="true"]):not(:disabled), textarea:not(:disabled), [role="combobox"]';

/**
 * A dialog that is a form: the title, an optional sentence that describes it, the fields, and
 * CANCEL and CONFIRM (a submit: the contract schema checks the fields first). It opens with the
 * focus on the first field. The fields scroll between the title and the actions, so CANCEL and
 * CONFIRM stay in sight however many errors show. The form is made afresh each time it opens.
 */
export function FormDialog<N extends FormSchemaName>({
  open,
  title,
  description,
  schema,
  defaultValues,
  onSubmit,
  onCancel,
  busy,
  wide = false,
  children,
}: {
  open: boolean;
  title: string;
  description?: string;
  schema: N;
  defaultValues: DefaultValues<FormInput<N>>;
  onSubmit: SubmitHandler<FormOutput<N>>;
  onCancel: () => void;
  /** While the answer is awaited: the actions are held and the dialog does not close. */
  busy: boolean;
  /** A form of many fields: a wider dialog, the whole screen on a phone. */
  wide?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const narrow = useNarrow();
  const focusFirstField = useCallback((content: HTMLElement | null) => content?.querySelector<HTMLElement>(FIELD)?.focus(), []);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      maxWidth={wide ? 'md' : 'xs'}
      fullWidth
      fullScreen={wide && narrow}
    >
      {open && (
        <Form schema={schema} defaultValues={defaultValues} aria-label={title} onSubmit={onSubmit} sx={{ flex: '1 1 auto', minHeight: 0 }}>
          {() => (
            <>
              <DialogTitle id={titleId}>{title}</DialogTitle>
              <DialogContent ref={focusFirstField} sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
                {description && <DialogContentText id={descriptionId}>{description}</DialogContentText>}
                {children}
              </DialogContent>
              <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button color="secondary" onClick={onCancel} disabled={busy}>
                  CANCEL
                </Button>
                <Button type="submit" variant="contained" disabled={busy}>
                  CONFIRM
                </Button>
              </DialogActions>
            </>
          )}
        </Form>
      )}
    </Dialog>
  );
}

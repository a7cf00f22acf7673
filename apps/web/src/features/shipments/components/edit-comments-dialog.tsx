import { COMMENTS_MAX, type ShipmentRow } from '@airbox/contract';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { FormCommentsField } from '../../../components/form/form-comments-field';

/**
 * Edit Comments (spec 03 §5): the row's comments in a form checked by the contract's
 * editCommentsFormSchema (whitespace collapsed, at most 200 characters). The caller saves.
 */
export function EditCommentsDialog({
  row,
  busy,
  onSave,
  onCancel,
}: {
  row: ShipmentRow | null;
  busy: boolean;
  onSave: (comments: string) => void;
  onCancel: () => void;
}) {
  return (
    <FormDialog
      open={row !== null}
      title="Edit Comments"
      description={row ? `Order ${row.orderNo}: a note for yourself, at most ${COMMENTS_MAX} characters.` : undefined}
      schema="editCommentsFormSchema"
      defaultValues={{ comments: row?.comments ?? '' }}
      onSubmit={(values) => onSave(values.comments)}
      onCancel={onCancel}
      busy={busy}
    >
      <FormCommentsField minRows={3} />
    </FormDialog>
  );
}

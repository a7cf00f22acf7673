import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

interface FormProps<Schema extends z.ZodType<FieldValues, FieldValues>> {
  /** A contract form schema: the same object the server validates with. */
  schema: Schema;
  defaultValues: DefaultValues<z.input<Schema>>;
  onSubmit: SubmitHandler<z.output<Schema>>;
  children: (methods: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>) => ReactNode;
  'aria-label'?: string;
}

/** The one form wrapper: applies the zod resolver and gives its fields the form context. */
export function Form<Schema extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaultValues,
  onSubmit,
  children,
  'aria-label': ariaLabel,
}: FormProps<Schema>) {
  const methods = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
  return (
    <FormProvider {...methods}>
      <Box
        component="form"
        noValidate
        aria-label={ariaLabel}
        onSubmit={methods.handleSubmit(onSubmit)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {children(methods)}
      </Box>
    </FormProvider>
  );
}

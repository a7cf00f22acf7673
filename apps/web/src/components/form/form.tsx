import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/system';
import type { ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { loadSchemas, type Schemas } from '../../lib/schemas-loader';

type FormSchemas = Schemas['FORM_SCHEMAS'];
/** The contract's form schemas, by name (loginFormSchema, resetPasswordFormSchema, accountStepSchema, ...). */
export type FormSchemaName = keyof FormSchemas;
export type FormInput<N extends FormSchemaName> = z.input<FormSchemas[N]> & FieldValues;
export type FormOutput<N extends FormSchemaName> = z.output<FormSchemas[N]> & FieldValues;

/**
 * The zod resolver of a contract schema; the schema (and zod) load on the first validation, so
 * a form can be shown before they arrive.
 */
function contractResolver<N extends FormSchemaName>(name: N): Resolver<FormInput<N>, unknown, FormOutput<N>> {
  return async (values, context, options) => {
    const { FORM_SCHEMAS } = await loadSchemas();
    const schema = FORM_SCHEMAS[name];
    // zodResolver's overloads cannot see that schema N gives FormInput<N> and FormOutput<N>.
    const resolve = zodResolver(schema) as unknown as Resolver<FormInput<N>, unknown, FormOutput<N>>;
    return resolve(values, context, options);
  };
}

interface FormProps<N extends FormSchemaName> {
  /** The contract form schema: the same object the server validates with. */
  schema: N;
  defaultValues: DefaultValues<FormInput<N>>;
  onSubmit: SubmitHandler<FormOutput<N>>;
  children: (methods: UseFormReturn<FormInput<N>, unknown, FormOutput<N>>) => ReactNode;
  'aria-label'?: string;
  /** Styles added to the form's own column of fields (a dialog makes it fill its frame). */
  sx?: SxProps<Theme>;
}

/** The one form wrapper: validates with a contract schema and gives its fields the form context. */
export function Form<N extends FormSchemaName>({ schema, defaultValues, onSubmit, children, 'aria-label': ariaLabel, sx }: FormProps<N>) {
  const methods = useForm<FormInput<N>, unknown, FormOutput<N>>({
    resolver: contractResolver(schema),
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
        sx={[{ display: 'flex', flexDirection: 'column', gap: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {children(methods)}
      </Box>
    </FormProvider>
  );
}

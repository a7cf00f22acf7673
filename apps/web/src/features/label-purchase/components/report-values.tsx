import { useEffect } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';

/**
 * Tells the page every change of the step's form as it is typed, so that Save for later keeps
 * what is on screen and leaving asks first. Renders nothing.
 */
export function ReportValues<T extends FieldValues>({ onValues }: { onValues: (values: T) => void }) {
  const { watch, getValues } = useFormContext<T>();
  useEffect(() => {
    const subscription = watch(() => onValues(getValues()));
    return () => subscription.unsubscribe();
  }, [watch, getValues, onValues]);
  return null;
}

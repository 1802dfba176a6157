import { lazy, Suspense } from 'react';
import type { InputProps } from 'react-admin';

/** The date picker (MUI X) is its own chunk: only the screens with a date input load it. */
const DateInput = lazy(() => import('./DateInput'));

export function LocaleDateInput(props: InputProps) {
  return (
    <Suspense fallback={null}>
      <DateInput {...props} />
    </Suspense>
  );
}

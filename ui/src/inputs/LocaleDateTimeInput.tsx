import { lazy, Suspense } from 'react';
import type { InputProps } from 'react-admin';

/** The date-time picker (MUI X) is its own chunk: only the screens with one load it. */
const DateTimeInput = lazy(() => import('./DateTimeInput'));

export function LocaleDateTimeInput(props: InputProps) {
  return (
    <Suspense fallback={null}>
      <DateTimeInput {...props} />
    </Suspense>
  );
}

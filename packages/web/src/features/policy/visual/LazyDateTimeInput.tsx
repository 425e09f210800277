import { Suspense } from 'react';
import { Input } from 'antd';
import { lazyPart } from '../../../shared/ui/lazy-part';
import type { DateTimeInputProps } from './DateTimeInput';

// The date picker is heavy and only date events need it: it loads when the first one shows.
const DateTimeInput = lazyPart(
  () => import('./DateTimeInput'),
  (module) => module.DateTimeInput,
);

export function LazyDateTimeInput({ value, onChange, ...control }: DateTimeInputProps) {
  return (
    <Suspense fallback={<Input {...control} value={value} readOnly />}>
      <DateTimeInput {...control} value={value} onChange={onChange} />
    </Suspense>
  );
}

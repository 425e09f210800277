import { lazy, Suspense } from 'react';
import { Input } from 'antd';
import type { DateTimeInputProps } from './DateTimeInput';

// The date picker is heavy and only date events need it: it loads when the first one shows.
const DateTimeInput = lazy(() => import('./DateTimeInput').then((module) => ({ default: module.DateTimeInput })));

export function LazyDateTimeInput({ value, onChange, ...control }: DateTimeInputProps) {
  return (
    <Suspense fallback={<Input {...control} value={value} readOnly />}>
      <DateTimeInput {...control} value={value} onChange={onChange} />
    </Suspense>
  );
}

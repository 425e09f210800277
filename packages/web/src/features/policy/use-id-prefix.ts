import { useId } from 'react';

/** Prefix of the element ids inside one editor: the one given, or a generated one safe in ids. */
export function useIdPrefix(given: string | undefined): string {
  const generated = useId();
  return given ?? `policy-editor${generated.replace(/[^\w-]/g, '')}`;
}

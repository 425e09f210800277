import { useEffect, useState } from 'react';
import { compilePolicy, type PolicyCompileResult, type PolicySubjectType } from '@tessera/domain';

export type PolicyCompilation = { text: string; subjectType: PolicySubjectType; result: PolicyCompileResult };

/** How long typing must pause before the code is checked again. */
export const COMPILE_DELAY_MS = 250;

function compile(text: string, subjectType: PolicySubjectType): PolicyCompilation {
  // `now` lets the compiler warn about a date that has already passed (W002).
  return { text, subjectType, result: compilePolicy(text, { subjectType, now: new Date() }) };
}

/**
 * The compiled form of `text`, recompiled once typing pauses for `delayMs` (0: at once). `pending`
 * holds while the result belongs to an older text.
 */
export function usePolicyCompilation(text: string, subjectType: PolicySubjectType, delayMs = COMPILE_DELAY_MS) {
  const [compiled, setCompiled] = useState(() => compile(text, subjectType));
  const stale = compiled.text !== text || compiled.subjectType !== subjectType;
  if (stale && delayMs === 0) setCompiled(compile(text, subjectType));
  const pending = stale && delayMs > 0;

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setCompiled(compile(text, subjectType)), delayMs);
    return () => clearTimeout(timer);
  }, [pending, text, subjectType, delayMs]);

  return { ...compiled, pending };
}

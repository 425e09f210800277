import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a page that holds unsaved data. The answer is `release()`: call it before a
 * navigation that must pass (after publishing, say), since state set just before has not rendered yet.
 */
export function useLeavePrompt(when: boolean, question: string): { release: () => void } {
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, question]);
  return {
    release: () => {
      released.current = true;
    },
  };
}

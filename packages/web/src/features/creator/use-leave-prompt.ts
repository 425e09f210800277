import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a page that holds unsaved data: inside the app with `question`, and on a reload
 * or a closed tab with the browser's own question (beforeunload). The answer is `release()`: call it
 * before a navigation that must pass (after publishing, say), since state set just before has not
 * rendered yet.
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
  useEffect(() => {
    if (!when) return;
    const holdOn = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', holdOn);
    return () => window.removeEventListener('beforeunload', holdOn);
  }, [when]);
  return {
    release: () => {
      released.current = true;
    },
  };
}

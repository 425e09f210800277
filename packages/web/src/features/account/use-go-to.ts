import { useSearchParams } from 'react-router';
import { goToTarget, safeGoTo } from './go-to';

export interface GoTo {
  /** The safe goTo to hand on to the other account pages; undefined when there is none. */
  goTo: string | undefined;
  /** Where to go once the page has done its work. */
  target: string;
}

export function useGoTo(): GoTo {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('goTo');
  return { goTo: safeGoTo(raw) ?? undefined, target: goToTarget(raw) };
}

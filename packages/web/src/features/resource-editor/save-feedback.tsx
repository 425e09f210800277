import { useCallback, useState } from 'react';
import { Alert } from 'antd';
import { errorMessage } from '../resources';
import styles from './ResourceEditor.module.css';

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; reason: string };

/** One save at a time: `run` goes saving → saved, or failed with the server's reason; `reset` after a new edit. */
export function useSave(): {
  state: SaveState;
  run: (work: () => Promise<unknown>) => Promise<void>;
  reset: () => void;
} {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const run = useCallback(async (work: () => Promise<unknown>) => {
    setState({ kind: 'saving' });
    try {
      await work();
      setState({ kind: 'saved' });
    } catch (failure) {
      setState({ kind: 'failed', reason: errorMessage(failure) });
    }
  }, []);
  const reset = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, run, reset };
}

/** "Saved", announced politely beside the save button. */
export function SavedStatus({ state, text }: { state: SaveState; text: string }) {
  return (
    <span role="status" className={styles.saved}>
      {state.kind === 'saved' ? text : null}
    </span>
  );
}

/** Why the save failed, announced at once. */
export function SaveFailure({ state, title, testId }: { state: SaveState; title: string; testId?: string }) {
  return state.kind === 'failed' ? (
    <Alert type="error" showIcon role="alert" title={title} description={state.reason} data-testid={testId} />
  ) : null;
}

import { useCallback, useEffect, useState } from 'react';
import { ErrCode } from '@tessera/domain';
import { useApiClient } from '../../../shared/api';
import { fetchObject, type StorageObject } from '../storage-api';

export type ObjectDetailsState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; object: StorageObject };

/** The object the drawer shows (GET /v2/storages/objects/{objectId}); `replace` after a save. */
export function useObjectDetails(objectId: string) {
  const api = useApiClient();
  const [state, setState] = useState<{ objectId: string; details: ObjectDetailsState }>({
    objectId,
    details: { status: 'loading' },
  });
  const [round, setRound] = useState(0);
  if (state.objectId !== objectId) setState({ objectId, details: { status: 'loading' } });

  useEffect(() => {
    if (!objectId) return;
    const controller = new AbortController();
    const settle = (details: ObjectDetailsState) => {
      if (!controller.signal.aborted) setState({ objectId, details });
    };
    fetchObject(api, objectId, controller.signal).then(
      (answer) => {
        // The server answers errCode 2 for no such object (3 for another user's): not found either way.
        if (answer.errCode === ErrCode.Business || answer.errCode === ErrCode.Forbidden) settle({ status: 'notFound' });
        else if (answer.errCode !== 0) settle({ status: 'error', message: answer.msg });
        else settle(answer.data ? { status: 'loaded', object: answer.data } : { status: 'notFound' });
      },
      (failure: unknown) =>
        settle({ status: 'error', message: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => controller.abort();
  }, [api, objectId, round]);

  const retry = useCallback(() => {
    setState((current) => ({ ...current, details: { status: 'loading' } }));
    setRound((value) => value + 1);
  }, []);
  const replace = useCallback(
    (object: StorageObject) => setState({ objectId: object.objectId, details: { status: 'loaded', object } }),
    [],
  );

  return { details: state.details, retry, replace };
}

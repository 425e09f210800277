import type { ApiClient } from '../../../shared/api';
import { fetchObject, lookupObjects, type StorageObject } from '../storage-api';

/**
 * The object of that name in the bucket, or null. The look-up by full names takes a comma list,
 * so a name with a comma in it is asked for on its own.
 */
export async function findObjectByName(
  api: ApiClient,
  bucketName: string,
  objectName: string,
  signal?: AbortSignal,
): Promise<StorageObject | null> {
  const fullName = `${bucketName}/${objectName}`;
  if (objectName.includes(',')) {
    const answer = await fetchObject(api, fullName, signal);
    return answer.errCode === 0 && answer.data?.objectName === objectName ? answer.data : null;
  }
  const answer = await lookupObjects(api, [fullName], signal);
  if (answer.errCode !== 0) throw new Error(answer.msg);
  return answer.data?.find((object) => object.bucketName === bucketName && object.objectName === objectName) ?? null;
}

import type { ObjectWire } from '@tessera/contract/storage';
import { ApiError, type ApiClient } from '../../../shared/api';
import { fetchObject, lookupObjects } from '../storage-api';

/**
 * The object of that name in the bucket, or null. The look-up by full names takes a comma list,
 * so a name with a comma in it is asked for on its own (a refusal then means there is none).
 */
export async function findObjectByName(
  api: ApiClient,
  bucketName: string,
  objectName: string,
  signal?: AbortSignal,
): Promise<ObjectWire | null> {
  const fullName = `${bucketName}/${objectName}`;
  if (objectName.includes(',')) {
    try {
      const object = await fetchObject(api, fullName, signal);
      return object.objectName === objectName ? object : null;
    } catch (failure) {
      if (failure instanceof ApiError && failure.errCode !== undefined) return null;
      throw failure;
    }
  }
  const objects = await lookupObjects(api, [fullName], signal);
  return objects.find((object) => object.bucketName === bucketName && object.objectName === objectName) ?? null;
}

// The storage pieces other features use: the file steps of an upload (hash, instant-upload check,
// upload, analysis), the bucket and object reads with their cache keys, object look-ups, and the
// custom property and list editors the creators share. The page loads through the router
// (app/routes.tsx); tests use ./testing.
export { hashFile } from './hashing/hash-file';
export {
  analysisOf,
  fetchFileAnalysis,
  fetchObject,
  fileExists,
  listBuckets,
  listObjects,
  lookupObjects,
  uploadFile,
  type ObjectQuery,
  type UploadOptions,
} from './storage-api';
export { findObjectByName } from './upload/object-lookup';
export {
  invalidateBucketContents,
  storageKeys,
  useBucketsQuery,
  useObjectQuery,
  useObjectSearch,
  useObjectsQuery,
} from './storage-queries';
export { objectSize, objectTypeText } from './object-facts';
export {
  descriptorsProblem,
  toDescriptors,
  toDescriptorValues,
  type DescriptorValues,
  type Problem,
} from './details/object-form';
export { PropertyList } from './details/PropertyList';
export { RemovableEntry } from './details/RemovableEntry';
export { roundSize } from './file-size';

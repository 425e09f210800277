// The storage tables (buckets, objects): row types, merged into Database.

export type BucketsTable = {
  bucketId: string;
  bucketName: string;
  userId: number;
  /** 1 user, 2 system (.UserNodeData). */
  bucketType: number;
  createDate: string;
  updateDate: string;
};

export type ObjectsTable = {
  objectId: string;
  bucketId: string;
  bucketName: string;
  userId: number;
  objectName: string;
  sha1: string;
  /** Copied from the file: quota sums and lists need no join. */
  fileSize: number;
  mime: string;
  /** JSON array of the type path; '[]' for none. */
  resourceType: string;
  resourceTypeCode: string;
  /** 1 when the type was derived from the file's content (a replaced file re-types it), 0 when named (migration 0023). */
  typeDerived: number;
  /** JSON objects/arrays as on the wire. */
  systemProperty: string;
  customPropertyDescriptors: string;
  dependencies: string;
  /** The key a system-bucket document has in the module that keeps it (migration 0021); null otherwise. */
  ownerKey: number | null;
  createDate: string;
  updateDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    buckets: BucketsTable;
    objects: ObjectsTable;
  }
}

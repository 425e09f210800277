// STUB (to be replaced by the storage module work).
import type { FastifyInstance } from 'fastify';
import type { StorageService } from './service';

export async function registerStorageRoutes(app: FastifyInstance, storage: StorageService): Promise<void> {
  void app;
  void storage;
}

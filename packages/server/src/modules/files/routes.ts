// STUB (to be replaced by the files module work).
import type { FastifyInstance } from 'fastify';
import type { FileService } from './service';

export async function registerFileRoutes(app: FastifyInstance, files: FileService): Promise<void> {
  void app;
  void files;
}

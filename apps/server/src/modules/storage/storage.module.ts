import type { AppModule, ModuleContext } from '@/core/module';
import { createStorage } from './create-storage';
import { storageRoutes } from './storage.routes';
import { UploadsRepository } from './uploads.repository';
import { UploadsService } from './uploads.service';

/** File storage (local folder or S3) and the signed uploads every other module's files go through. */
export function createStorageModule(context: ModuleContext) {
  const { config, db, logger } = context;
  const storage = createStorage(config);
  const uploads = new UploadsService(storage, new UploadsRepository(db));
  const module: AppModule = {
    name: 'storage',
    // Signed URLs of the local driver are served here; S3's point at the bucket.
    routes: storage.driver === 'local' ? (app) => storageRoutes(app, { storage }) : undefined,
    jobs: [
      {
        name: 'sweep unused uploads',
        // A minute after start (not in the way of a start's own work), then hourly.
        firstAfterMs: 60_000,
        everyMs: 60 * 60_000,
        run: async () => {
          const swept = await uploads.sweep();
          if (swept > 0) logger.info({ files: swept }, 'deleted uploads nothing used');
        },
      },
    ],
  };
  return { module, storage, uploads };
}

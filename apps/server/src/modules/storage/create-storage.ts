import path from 'node:path';
import { type Config, dataDirEntries } from '@/config';
import { LocalFileStorage } from './local-storage';
import { S3FileStorage } from './s3-storage';

/**
 * The storage driver the configuration names. The answer keeps its concrete type so the app can
 * mount the signed-URL routes only for the local driver (`storage.driver === 'local'`).
 */
export function createStorage(
  config: Pick<Config, 'dataDir' | 'authSecret' | 'storageDriver' | 's3'>,
): LocalFileStorage | S3FileStorage {
  if (config.storageDriver === 'local') {
    return new LocalFileStorage(path.join(config.dataDir, dataDirEntries.uploads), config.authSecret);
  }
  // loadConfig refuses STORAGE_DRIVER=s3 without a bucket; a hand-built Config might not.
  if (!config.s3) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET (and S3_ENDPOINT outside AWS).');
  return new S3FileStorage(config.s3);
}

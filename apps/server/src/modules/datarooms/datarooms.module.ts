import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import type { FileStorage } from '@/modules/storage/storage';
import type { UploadsService } from '@/modules/storage/uploads.service';
import { DataRoomGrantsService, type RoomInterests } from './data-room-grants.service';
import { DataRoomsRepository } from './datarooms.repository';
import { dataRoomsRoutes } from './datarooms.routes';
import { DataRoomsService, type RoomPdfReader } from './datarooms.service';

/** Data rooms: a founder's folders of documents, to share inside the platform with investors. */
export function createDataRoomsModule(
  context: ModuleContext,
  {
    auth,
    uploads,
    storage,
    pdf,
    interests,
  }: {
    auth: Authenticator;
    uploads: UploadsService;
    storage: FileStorage;
    pdf: RoomPdfReader;
    interests: RoomInterests;
  },
) {
  const { db, clock, events, logger } = context;
  const files = {
    issueTicket: uploads.issueTicket.bind(uploads),
    checkUploaded: uploads.checkUploaded.bind(uploads),
    forget: uploads.forget.bind(uploads),
    read: storage.read.bind(storage),
    readStream: storage.readStream.bind(storage),
  };
  const repo = new DataRoomsRepository(db);
  const rooms = new DataRoomsService({ repo, clock, files, pdf });
  const grants = new DataRoomGrantsService({ repo, clock, interests, files });
  // Reads already refuse once the interest is no longer accepted; these remove the rows too.
  // `on`, not `onEverywhere`: the rows are shared, so the process whose interest changed removes them.
  const endGrants = async (interestId: string): Promise<void> => {
    try {
      await grants.endForInterest(interestId);
    } catch (error) {
      logger.error({ err: error, interestId }, 'ending data room grants failed');
    }
  };
  events.on('interest.withdrawn', ({ interestId }) => endGrants(interestId));
  events.on('interest.decided', ({ interestId, status }) =>
    status === 'declined' ? endGrants(interestId) : undefined,
  );
  const module: AppModule = {
    name: 'datarooms',
    routes: async (app) => {
      await dataRoomsRoutes(app, { auth, rooms, grants });
    },
  };
  return { module, rooms, grants };
}

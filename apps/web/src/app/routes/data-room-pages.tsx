import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { DataRoomDetail } from '@/features/datarooms/components/data-room-detail';
import { type AcceptedInvestor, DataRoomGrants } from '@/features/datarooms/components/data-room-grants';
import { DataRoomList } from '@/features/datarooms/components/data-room-list';
import { useFounderAcceptedInterestsQuery } from '@/features/interests/founder-interests-api';
import { ShareLinksPanel } from '@/features/links/components/share-links-panel';

/** /founder/datarooms */
export function FounderDataRoomsPage() {
  return <DataRoomList roomPath={paths.founder.dataRoom} />;
}

/**
 * The founder's accepted investors, one per investor (an investor accepted on two decks is one
 * person to give a room to), from the same list My investors shows, every page of it.
 */
function useAcceptedInvestors(): AcceptedInvestor[] | undefined {
  const interests = useFounderAcceptedInterestsQuery();
  if (!interests.data) return interests.isError ? [] : undefined;
  const byInvestor = new Map<string, AcceptedInvestor>();
  for (const interest of interests.data) {
    if (interest.status !== 'accepted' || byInvestor.has(interest.investor.id)) continue;
    byInvestor.set(interest.investor.id, {
      interestId: interest.id,
      investorId: interest.investor.id,
      name: interest.investor.name,
      firm: interest.investor.firm,
    });
  }
  return [...byInvestor.values()];
}

/** /founder/datarooms/{roomId}?folder= */
export function FounderDataRoomPage() {
  const { roomId } = useParams();
  const investors = useAcceptedInvestors();
  if (!roomId) return <Navigate to={paths.founder.dataRooms} replace />;
  // A new room starts with fresh dialogs and uploads, not the last room's.
  return (
    <DataRoomDetail
      key={roomId}
      roomId={roomId}
      listPath={paths.founder.dataRooms}
      sharing={
        <>
          <DataRoomGrants roomId={roomId} investors={investors} myInvestorsPath={paths.founder.myInvestors} />
          <ShareLinksPanel owner={{ roomId }} versions={null} pageCount={null} />
        </>
      }
    />
  );
}

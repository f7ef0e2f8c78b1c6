import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { DataRoomDetail } from '@/features/datarooms/components/data-room-detail';
import { DataRoomList } from '@/features/datarooms/components/data-room-list';

/** /investor/datarooms: the rooms founders gave the investor through an accepted interest. */
export function InvestorDataRoomsPage() {
  return <DataRoomList side="investor" roomPath={paths.investor.dataRoom} />;
}

/** /investor/datarooms/{roomId}?folder=: one room, read only. */
export function InvestorDataRoomPage() {
  const { roomId } = useParams();
  if (!roomId) return <Navigate to={paths.investor.dataRooms} replace />;
  return <DataRoomDetail key={roomId} side="investor" roomId={roomId} listPath={paths.investor.dataRooms} />;
}

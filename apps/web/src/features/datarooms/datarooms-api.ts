import {
  type AddFileBody,
  type CreateDataRoomBody,
  type CreateFolderBody,
  type CreateGrantBody,
  type DataRoom,
  type DataRoomGrant,
  type DataRoomGrantsResponse,
  type DataRoomItem,
  type DataRoomItemResponse,
  type DataRoomResponse,
  type DataRoomsResponse,
  type DataRoomWithTree,
  dataRoomGrantPaths,
  dataRoomPaths,
  investorDataRoomPaths,
  type UpdateDataRoomBody,
  type UpdateItemBody,
} from '@deckvalid/contract/datarooms';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import { api } from '@/shared/api/api';

const listTag = { type: 'DataRoom', id: 'LIST' } as const;
const roomTag = (roomId: string) => ({ type: 'DataRoom', id: roomId }) as const;
const grantsTag = (roomId: string) => ({ type: 'DataRoomGrant', id: roomId }) as const;
const investorListTag = { type: 'InvestorDataRoom', id: 'LIST' } as const;
const investorRoomTag = (roomId: string) => ({ type: 'InvestorDataRoom', id: roomId }) as const;

/** A room's file as an object URL; a refusal is read as JSON, so the usual error helpers describe it. */
const fileAsObjectUrl = async (response: Response) =>
  response.ok ? URL.createObjectURL(await response.blob()) : response.json();

/**
 * The founder's data rooms: the list, one room with its flat tree, and the changes to both.
 * Every change to a room's tree also refreshes the list, whose item counts and dates it moves.
 */
export const dataRoomsApi = api.injectEndpoints({
  endpoints: (build) => ({
    dataRooms: build.query<DataRoom[], void>({
      query: () => dataRoomPaths.rooms,
      transformResponse: (response: DataRoomsResponse) => response.data,
      providesTags: [listTag],
    }),
    dataRoom: build.query<DataRoomWithTree, string>({
      query: (roomId) => dataRoomPaths.room(roomId),
      transformResponse: (response: DataRoomResponse) => response.room,
      providesTags: (_result, _error, roomId) => [roomTag(roomId)],
    }),
    createDataRoom: build.mutation<DataRoomWithTree, CreateDataRoomBody>({
      query: (body) => ({ url: dataRoomPaths.rooms, method: 'POST', body }),
      transformResponse: (response: DataRoomResponse) => response.room,
      invalidatesTags: [listTag],
    }),
    renameDataRoom: build.mutation<DataRoomWithTree, { roomId: string; body: UpdateDataRoomBody }>({
      query: ({ roomId, body }) => ({ url: dataRoomPaths.room(roomId), method: 'PATCH', body }),
      transformResponse: (response: DataRoomResponse) => response.room,
      invalidatesTags: (_result, _error, { roomId }) => [listTag, roomTag(roomId)],
    }),
    deleteDataRoom: build.mutation<void, string>({
      query: (roomId) => ({ url: dataRoomPaths.room(roomId), method: 'DELETE' }),
      invalidatesTags: [listTag],
    }),
    createDataRoomFolder: build.mutation<DataRoomItem, { roomId: string; body: CreateFolderBody }>({
      query: ({ roomId, body }) => ({ url: dataRoomPaths.folders(roomId), method: 'POST', body }),
      transformResponse: (response: DataRoomItemResponse) => response.item,
      invalidatesTags: (_result, _error, { roomId }) => [listTag, roomTag(roomId)],
    }),
    updateDataRoomItem: build.mutation<DataRoomItem, { roomId: string; itemId: string; body: UpdateItemBody }>({
      query: ({ roomId, itemId, body }) => ({ url: dataRoomPaths.item(roomId, itemId), method: 'PATCH', body }),
      transformResponse: (response: DataRoomItemResponse) => response.item,
      invalidatesTags: (_result, _error, { roomId }) => [listTag, roomTag(roomId)],
    }),
    deleteDataRoomItem: build.mutation<void, { roomId: string; itemId: string }>({
      query: ({ roomId, itemId }) => ({ url: dataRoomPaths.item(roomId, itemId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { roomId }) => [listTag, roomTag(roomId)],
    }),
    /** A signed upload for one file of a room (the decks' flow: PDFs up to the contract's limit). */
    dataRoomUploadTicket: build.mutation<UploadTicket, { fileType: string; fileSize: number }>({
      query: ({ fileType, fileSize }) => ({ url: dataRoomPaths.uploadTicket, params: { fileType, fileSize } }),
    }),
    addDataRoomFile: build.mutation<DataRoomItem, { roomId: string; body: AddFileBody }>({
      query: ({ roomId, body }) => ({ url: dataRoomPaths.files(roomId), method: 'POST', body }),
      transformResponse: (response: DataRoomItemResponse) => response.item,
      invalidatesTags: (_result, _error, { roomId }) => [listTag, roomTag(roomId)],
    }),
    /**
     * A room's file as an object URL, fetched with the session's credentials (the file route
     * answers only to them, so a plain link cannot open it). The caller revokes the URL when its
     * viewer closes; a refusal is read as JSON, so the usual error helpers describe it.
     */
    openDataRoomFile: build.mutation<string, { roomId: string; itemId: string }>({
      query: ({ roomId, itemId }) => ({
        url: dataRoomPaths.file(roomId, itemId),
        responseHandler: fileAsObjectUrl,
      }),
    }),
    /** The investors who have the room now (grants whose interest is still accepted), newest first. */
    dataRoomGrants: build.query<DataRoomGrant[], string>({
      query: (roomId) => dataRoomGrantPaths.grants(roomId),
      transformResponse: (response: DataRoomGrantsResponse) => response.data,
      providesTags: (_result, _error, roomId) => [grantsTag(roomId)],
    }),
    /** Gives the room to the investor of an accepted interest; the same interest twice is one grant. */
    createDataRoomGrant: build.mutation<DataRoomGrant, { roomId: string; body: CreateGrantBody }>({
      query: ({ roomId, body }) => ({ url: dataRoomGrantPaths.grants(roomId), method: 'POST', body }),
      transformResponse: (response: { grant: DataRoomGrant }) => response.grant,
      invalidatesTags: (_result, _error, { roomId }) => [grantsTag(roomId)],
    }),
    /** Takes the room back: the investor loses it on their next call. */
    deleteDataRoomGrant: build.mutation<void, { roomId: string; grantId: string }>({
      query: ({ roomId, grantId }) => ({ url: dataRoomGrantPaths.grant(roomId, grantId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { roomId }) => [grantsTag(roomId)],
    }),
    /** The rooms founders gave the signed-in investor. */
    investorDataRooms: build.query<DataRoom[], void>({
      query: () => investorDataRoomPaths.rooms,
      transformResponse: (response: DataRoomsResponse) => response.data,
      providesTags: [investorListTag],
    }),
    /** One room given to the investor, with its tree, read only; 404 once the grant has ended. */
    investorDataRoom: build.query<DataRoomWithTree, string>({
      query: (roomId) => investorDataRoomPaths.room(roomId),
      transformResponse: (response: DataRoomResponse) => response.room,
      providesTags: (_result, _error, roomId) => [investorRoomTag(roomId)],
    }),
    /** A file of a room given to the investor, as openDataRoomFile fetches the founder's. */
    openInvestorDataRoomFile: build.mutation<string, { roomId: string; itemId: string }>({
      query: ({ roomId, itemId }) => ({
        url: investorDataRoomPaths.file(roomId, itemId),
        responseHandler: fileAsObjectUrl,
      }),
    }),
  }),
});

export const {
  useDataRoomsQuery,
  useDataRoomQuery,
  useCreateDataRoomMutation,
  useRenameDataRoomMutation,
  useDeleteDataRoomMutation,
  useCreateDataRoomFolderMutation,
  useUpdateDataRoomItemMutation,
  useDeleteDataRoomItemMutation,
  useDataRoomUploadTicketMutation,
  useAddDataRoomFileMutation,
  useOpenDataRoomFileMutation,
  useDataRoomGrantsQuery,
  useCreateDataRoomGrantMutation,
  useDeleteDataRoomGrantMutation,
  useInvestorDataRoomsQuery,
  useInvestorDataRoomQuery,
  useOpenInvestorDataRoomFileMutation,
} = dataRoomsApi;

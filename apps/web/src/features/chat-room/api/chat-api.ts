import { callApi } from '../../../lib/api-client';

/** The room as the member opens it: state, standing and the latest messages. */
export const fetchChatRoom = (signal?: AbortSignal) =>
  callApi('chatRoom', signal ? { signal } : {});

/** Older messages than `beforeId` (scroll) or newer than `afterId` (catch-up), oldest first. */
export const fetchChatHistory = (query: { beforeId?: string; afterId?: string }) =>
  callApi('chatHistory', { query });

export const postChatMessage = (text: string) => callApi('chatPost', { body: { text } });
